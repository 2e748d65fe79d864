import { afterEach, describe, expect, it } from 'vitest';
import { readGuides } from '../domain/epg.ts';
import { seedLineup } from '../seed/lineup.ts';
import { listChannels, listColumns } from '../store/channels.ts';
import { openDb } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import { getSourceByName, insertSource, listSourceChannels } from '../store/sources.ts';
import { startServer, type TestServer, xmltvStamp } from './fixtures.test-helpers.ts';
import { previewSource, refreshSource } from './importer.ts';

const NOW = Date.UTC(2026, 5, 10, 12);
let panel: TestServer | undefined;
afterEach(async () => {
  await panel?.close();
  panel = undefined;
});

/** An Xtream Codes panel with two live streams and its guide at xmltv.php (no <channel> elements in it). */
function answer(url: URL): string {
  if (url.searchParams.get('username') !== 'viewer' || url.searchParams.get('password') !== 's3cret')
    return '{}';
  if (url.pathname === '/xmltv.php')
    return `<tv><programme start="${xmltvStamp(Date.UTC(2026, 5, 10, 8))}" stop="${xmltvStamp(Date.UTC(2026, 5, 10, 9))}" channel="bay.news"><title lang="pt">Notícias da baía</title><title lang="en">Bay news</title></programme></tv>`;
  switch (url.searchParams.get('action')) {
    case 'get_live_categories':
      return JSON.stringify([{ category_id: '7', category_name: 'Local' }]);
    case 'get_live_streams':
      return JSON.stringify([
        { num: 1, name: 'Bay News', stream_id: 70, epg_channel_id: 'bay.news', category_id: '7' },
        { num: 2, name: 'Bay Weather', stream_id: 71, epg_channel_id: '', category_id: '7' },
      ]);
    default:
      return '[]';
  }
}

/** A database with the seeded line-up and the panel's account as a source. */
async function panelSource(url: string) {
  const db = openDb(':memory:');
  migrate(db);
  seedLineup(db);
  const source = await insertSource(
    db,
    {
      name: 'panel',
      kind: 'xtream',
      location: url,
      xtreamUser: 'viewer',
      xtreamPassword: 's3cret',
      guideLocation: '',
      refreshMinutes: 60,
      productId: 'free',
    },
    NOW,
  );
  return { db, source };
}

describe('Xtream Codes import', () => {
  it('imports the live streams under their categories with the guide of the same account', async () => {
    panel = await startServer((req, res) => res.end(answer(new URL(req.url ?? '/', 'http://x'))));
    const { db, source } = await panelSource(panel.url);
    const counts = await refreshSource(db, source, { now: () => NOW });
    expect(counts).toMatchObject({
      channels: 2,
      added: 2,
      mapped: 1,
      unmapped: 1,
      guideChannels: 1,
      programmes: 1,
    });
    const chans = listChannels(db).filter((c) => c.logicalChannelId.startsWith('s1-'));
    expect(chans.map((c) => [c.logicalChannelName, c.channelSeq])).toEqual([
      ['Bay News', 1],
      ['Bay Weather', 2],
    ]);
    expect(listColumns(db).find((c) => c.columnId === chans[0]?.columnIds[0])?.columnName).toBe('Local');
    expect(listSourceChannels(db)[0]?.streamUrl).toBe(`${panel.url}/live/viewer/s3cret/70.m3u8`);
    const pt = await readGuides(db, [chans[0]?.epgId as string], ['2026-06-10'], 'pt');
    expect(pt[0]?.programs[0]?.title).toBe('Notícias da baía');
    expect(
      (await readGuides(db, [chans[0]?.epgId as string], ['2026-06-10'], 'es'))[0]?.programs[0]?.title,
    ).toBe('Bay news');
    // No request carried anything but the account's own parameters.
    for (const r of panel.requests) expect(r.headers.cookie).toBeUndefined();
  });

  it('never shows the account password: not in the preview, not in a failure', async () => {
    panel = await startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/xmltv.php') res.writeHead(502).end('bad gateway');
      else res.end(answer(url));
    });
    const { db, source } = await panelSource(panel.url);
    const preview = await previewSource(source);
    expect(preview.guideLocation).toBe(`${panel.url}/xmltv.php?username=viewer&password=***`);
    const err = await refreshSource(db, source, { now: () => NOW }).catch((e: Error) => e);
    expect(String(err)).toMatch(/answered HTTP 502/);
    expect(String(err)).not.toContain('s3cret');
    expect(getSourceByName(db, 'panel')?.lastError).toBe(
      `${panel.url}/xmltv.php?username=viewer&password=*** answered HTTP 502`,
    );
  });
});
