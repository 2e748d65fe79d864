import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminParts, createAdminT } from './admin.ts';

// Issue 38: the console's catalogue is merged one way from one file per screen; a key lives in one of them.
describe("the console's catalogue", () => {
  it('merges every admin*.ts file, each key from one part only', async () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const files = readdirSync(here).filter((f) => /^admin\w*\.ts$/.test(f) && !f.endsWith('.test.ts'));
    const modules = await Promise.all(files.map((f) => import(`./${f}`) as Promise<Record<string, unknown>>));
    const exported = modules.flatMap((m) => Object.values(m)).filter((v) => adminParts.includes(v as never));
    expect(exported).toHaveLength(adminParts.length);
    expect(files).toHaveLength(adminParts.length);
    const seen = new Map<string, number>();
    adminParts.forEach((part, i) => {
      for (const key of Object.keys(part.en)) {
        expect(seen.get(key), `${key} in parts ${seen.get(key)} and ${i}`).toBeUndefined();
        seen.set(key, i);
      }
    });
  });

  it('answers a key of every part in each language', () => {
    const es = createAdminT('es');
    expect(es('admin.nav.live')).toBe('Entradas en directo');
    expect(es('admin.live.save')).not.toBe(createAdminT('en')('admin.live.save'));
    expect(createAdminT('pt')('admin.audit.actor')).not.toBe(createAdminT('en')('admin.audit.actor'));
  });
});
