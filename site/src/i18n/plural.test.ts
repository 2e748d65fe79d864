import { describe, expect, it } from 'vitest';
import { createAdminT } from './admin.ts';
import type { Lang } from './langs.ts';
import { pluralKey } from './plural.ts';

type K = 'x.one' | 'x.other';

describe('counted texts (decision 0370)', () => {
  it('picks one or other by the language’s rule', () => {
    expect([0, 1, 2, 1_000_000].map((n) => pluralKey<K>('en', 'x', n))).toEqual([
      'x.other',
      'x.one',
      'x.other',
      'x.other',
    ]);
    // CLDR: Spanish 0 is plural, Portuguese 0 singular; both say millions with `many`, read as other.
    expect(pluralKey<K>('es', 'x', 0)).toBe('x.other');
    expect(pluralKey<K>('pt', 'x', 0)).toBe('x.one');
    expect(pluralKey<K>('es', 'x', 1_000_000)).toBe('x.other');
  });

  it.each<[Lang, string, string, string]>([
    ['en', '1 viewer now', '2 viewers now', '1 switch in 24 h'],
    ['es', '1 espectador ahora', '2 espectadores ahora', '1 cambio en 24 h'],
    ['pt', '1 espectador agora', '2 espectadores agora', '1 troca em 24 h'],
  ])('the live screen counts in %s', (lang, one, two, switchOne) => {
    const t = createAdminT(lang);
    expect(t.count('admin.live.viewers', 1)).toBe(one);
    expect(t.count('admin.live.viewers', 2)).toBe(two);
    expect(t.count('admin.live.switches', 1)).toBe(switchOne);
  });
});
