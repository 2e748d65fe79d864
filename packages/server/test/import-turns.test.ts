import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PRODUCT_ID } from '../src/domain/authority.ts';
import { getJob } from '../src/operator/jobs.ts';
import { startSourceJob } from '../src/operator/sourceJobs.ts';
import { addSource } from '../src/sources/manage.ts';
import { lineupImporter } from '../src/sources/lineupImporter.ts';
import {
  type FixtureChannel,
  guideOf,
  playlistOf,
  startServer as startUpstream,
  type TestServer as Upstream,
} from '../src/sources/fixtures.test-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

// Decisions 0335, 0445: two imports of one database in one process take turns. Each runs in a worker thread on a
// connection of its own, but on SQLite a second apply during a long first one would wait on the busy timeout and
// fail, and two imports of one source would read it twice for one result. Here the first guide is sent in two
// halves, and its second half waits until the other import asked for its guide (or 2 s): together they would
// overlap; in turns the second import reads its playlist only once the first sent its guide whole, and each imports
// its own guide.

const ACTOR = { id: 'op-turns', email: 'turns@ottkit.test' };
const A: FixtureChannel[] = [{ tvgId: 'turn.a', name: 'Turn A', group: 'A' }];
const B: FixtureChannel[] = [{ tvgId: 'turn.b', name: 'Turn B', group: 'B' }];
let t: TestServer;
let upstream: Upstream;
let bAsked: () => void = () => {};
/** When the first guide was sent whole, and when the second import read its playlist. */
const at = { aGuideSent: 0, bPlaylistAsked: 0 };
const bGuideAsked = new Promise<void>((r) => {
  bAsked = r;
});

beforeAll(async () => {
  t = await startServer();
  upstream = await startUpstream((req, res) => {
    const guideOfA = guideOf(A, t.clock.now, 4, 3);
    if (req.url === '/a.m3u')
      res.end(playlistOf(A).replace('#EXTM3U', `#EXTM3U url-tvg="${upstream.url}/a.xml"`));
    else if (req.url === '/b.m3u') {
      at.bPlaylistAsked = performance.now();
      res.end(playlistOf(B).replace('#EXTM3U', `#EXTM3U url-tvg="${upstream.url}/b.xml"`));
    } else if (req.url === '/b.xml') {
      bAsked();
      res.end(guideOf(B, t.clock.now, 1, 6));
    } else if (req.url === '/a.xml') {
      const half = guideOfA.lastIndexOf('<programme', guideOfA.length / 2);
      res.write(guideOfA.slice(0, half));
      void Promise.race([bGuideAsked, new Promise((r) => setTimeout(r, 2000))]).then(() => {
        at.aGuideSent = performance.now();
        res.end(guideOfA.slice(half));
      });
    } else res.writeHead(404).end();
  });
});
afterAll(async () => {
  await upstream?.close();
  await t?.close();
});

const source = (name: string, file: string) =>
  addSource(
    t.server.db,
    {
      name,
      kind: 'm3u',
      location: `${upstream.url}/${file}`,
      guideLocation: '',
      refreshMinutes: 1440,
      productId: FREE_PRODUCT_ID,
      xtreamUser: '',
      xtreamPassword: '',
    },
    ACTOR,
    t.clock.now,
  );

describe('imports in one process (decisions 0335, 0445)', () => {
  it('take turns, so each stages and applies its own guide', async () => {
    const opts = { dataDir: t.dataDir, now: () => t.clock.now, importer: lineupImporter };
    const start = async (name: string, file: string) =>
      startSourceJob(t.server.db, await source(name, file), 'source.import', ACTOR, opts);
    const a = await start('Turn A', 'a.m3u');
    const b = await start('Turn B', 'b.m3u');
    const ended = (id: string) => getJob(t.server.db, id)?.status;
    await expect
      .poll(() => [ended(a.jobId), ended(b.jobId)], { timeout: 15_000, interval: 100 })
      .toEqual(['succeeded', 'succeeded']);
    expect(getJob(t.server.db, a.jobId)?.message).toBe('1 channel, 32 programmes');
    expect(getJob(t.server.db, b.jobId)?.message).toBe('1 channel, 4 programmes');
    expect(at.bPlaylistAsked).toBeGreaterThan(at.aGuideSent);
  });
});
