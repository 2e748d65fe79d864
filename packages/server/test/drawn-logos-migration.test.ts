import { describe, expect, it } from 'vitest';
import { drawnLogoUrl } from '../src/media/logoPaths.ts';
import { makeChannel } from '../src/seed/channels.ts';
import { insertChannel, listChannels } from '../src/store/channels.ts';
import { openDb } from '../src/store/db.ts';
import { migrate, migrations } from '../src/store/migrations.ts';

describe('migration 496: drawn logos as PNG (decision 0354)', () => {
  it("moves a stored line-up's drawn .svg addresses to the .png, and leaves the operator's own logos alone", () => {
    const db = openDb(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version !== 496),
    );
    const radio = { name: 'Radio One', columns: [], rights: 'free' as const, days: 0 as const, audio: true };
    const tv = { name: 'News One', columns: [], rights: 'free' as const, days: 0 as const };
    const drawn = makeChannel(1, radio, 0);
    const own = makeChannel(2, tv, 0);
    const old = '/media/logo/lc-001.svg';
    insertChannel(db, { ...drawn, iconUrl: old, audioPosterList: [{ url: old }] });
    insertChannel(db, { ...own, iconUrl: '/media/logo/imported/0123456789abcdef01234567.png' });
    expect(migrate(db)).toEqual([496]);
    const [a, b] = listChannels(db);
    expect(a?.iconUrl).toBe(drawnLogoUrl('lc-001'));
    expect(a?.audioPosterList).toEqual([{ url: drawnLogoUrl('lc-001') }]);
    expect(b?.iconUrl).toBe('/media/logo/imported/0123456789abcdef01234567.png');
    db.close();
  });
});
