import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataStore } from '../src/dataStore.ts';
import { addChannelSource, setChannelMode } from '../src/live/store.ts';
import { LiveSupervisor } from '../src/live/supervisor.ts';
import type { Timeline } from '../src/live/timeline.ts';
import { readFragment } from '../src/media/mp4.ts';
import type { Db } from '../src/store/db.ts';
import { lines, processesLeft, startTestSource, type TestSource, until } from './liveSource.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs). What this proves is ffmpeg's and the supervisor's work in
// real time; the store calls it makes (live/store.ts) run on PostgreSQL in live-operator and cluster-live.

// Issue 17: an encoder pushes RTMP to the listener a channel opens (`rtmp://…?listen=1`); ottkit packages it.
const PORT = 4684;
const CHANNEL = 'lc-004';

describe('live sources: RTMP push to the channel listener (issue 17)', () => {
  let dataDir: string;
  let db: Db;
  let sup: LiveSupervisor | undefined;
  let pusher: TestSource | undefined;

  afterAll(async () => {
    await sup?.close();
    await pusher?.stop();
    db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('packages what an encoder pushes to rtmp://…?listen=1', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ottkit-live-rtmp-'));
    db = openDataStore(dataDir).db;
    await addChannelSource(db, CHANNEL, `rtmp://127.0.0.1:${PORT}/live/${CHANNEL}?listen=1`);
    await setChannelMode(db, CHANNEL, 'record', 1);
    sup = new LiveSupervisor({
      db,
      dataDir,
      mediaDir: join(dataDir, 'media'),
      log: (l) => lines.push(`${new Date().toISOString().slice(11, 23)} ${l}`),
    });
    await sup.start();
    const s = sup;
    const channel = () => s.status().channels.find((c) => c.logicalChannelId === CHANNEL);
    const timeline = s.timeline(CHANNEL) as Timeline;
    // The encoder connects once ottkit listens; a push refused before that (or cut by a restart) is pushed again,
    // as an encoder does.
    await until(
      '3 segments pushed over RTMP',
      () => {
        if (!pusher || pusher.child.exitCode !== null || pusher.child.signalCode) {
          if (channel()?.sources[0]?.state === 'starting')
            pusher = startTestSource({
              target: `rtmp://127.0.0.1:${PORT}/live/${CHANNEL}`,
              format: 'flv',
              audio: 'aac',
              label: 'RTMP',
            });
        }
        return timeline.segments.length >= 3;
      },
      45_000,
    );
    const h = channel()?.sources[0];
    expect(h).toMatchObject({ state: 'live', videoCodec: 'h264', audioCodec: 'aac', resolution: '320x180' });
    expect(channel()?.activeSource).toBe(1);
    // The packaged segments are fMP4 with both tracks, numbered on.
    const last = timeline.segments.at(-1);
    const tracks = timeline.tracksOf(last?.initId ?? 0);
    expect(tracks.map((t) => t.kind).sort()).toEqual(['audio', 'video']);
    const frag = readFragment(await timeline.readSegment(last?.n ?? 0), tracks);
    expect(frag.tracks.length).toBe(2);
    expect(timeline.segments.map((x) => x.n)).toEqual(
      timeline.segments.map((_, i) => (timeline.segments[0]?.n ?? 0) + i),
    );

    await pusher?.stop();
    await sup.close();
    sup = undefined;
    expect(await processesLeft(join(dataDir, 'live'))).toEqual([]);
  }, 60_000);
});
