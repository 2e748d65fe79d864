import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataStore } from '../src/dataStore.ts';
import { ingestedStreams } from '../src/live/originStreams.ts';
import { addChannelSource, type LiveVideo, setChannelMode } from '../src/live/store.ts';
import { type LiveOptions, LiveSupervisor } from '../src/live/supervisor.ts';
import type { Timeline } from '../src/live/timeline.ts';
import { readFragment } from '../src/media/mp4.ts';
import type { Db } from '../src/store/db.ts';
import { closeLive, lines, startTestSource, type TestSource } from './liveSource.ts';
import { startOrigin, tinyLibrary } from './origin-fixture.ts';

/** The stream id a channel is served under. */
export const streamIdOf = (db: Db, channel: string) =>
  db.get<{ live_stream_id: string }>(
    'SELECT live_stream_id FROM channels WHERE logical_channel_id = ?',
    channel,
  )?.live_stream_id ?? '';

/** The real origin serving a supervisor's channels with signed URLs (6 live segments, a 4 h DVR window). */
export async function startLiveOrigin(sup: LiveSupervisor, dataDir: string) {
  const origin = await startOrigin({
    library: await tinyLibrary(),
    nowMs: Date.now(),
    dataDir,
    ingested: ingestedStreams(sup, {
      now: Date.now,
      windowSegments: 6,
      dvrWindowSec: 4 * 3600,
      maxCatchupDays: 30,
      liveSlackSec: 30,
    }),
  });
  origin.clock.now = Date.now();
  return origin;
}

/** Decode start and end (seconds) of the video of every segment of a timeline, with its init. */
export async function videoTimes(t: Timeline) {
  const out: { n: number; start: number; end: number; initId: number }[] = [];
  for (const s of t.segments) {
    const tracks = t.tracksOf(s.initId);
    const video = tracks.find((x) => x.kind === 'video');
    const f = readFragment(await t.readSegment(s.n), tracks).tracks.find((x) => x.trackId === video?.trackId);
    if (!f || !video) continue;
    const start = Number(f.decodeTime) / video.timescale;
    out.push({ n: s.n, start, end: start + f.duration / video.timescale, initId: s.initId });
  }
  return out;
}

/** One source of a test channel: where ottkit reads it, and the ffmpeg test source that feeds it (if any). */
export interface LiveTestInput {
  url: string;
  feed?: Parameters<typeof startTestSource>[0];
}

/**
 * A recorded live channel under test (the live-ladder and live-transcode tests): a fresh data folder and store,
 * the channel's sources in order with their ffmpeg feeds started, its video option, and a started supervisor that
 * logs into `lines`. `close()` stops the supervisor, every feed, the store, and removes the folder.
 */
export async function startLiveChannel(o: {
  channel: string;
  inputs: LiveTestInput[];
  video?: LiveVideo;
  rules?: LiveOptions['rules'];
  reloadMs?: number;
}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-live-'));
  const db = openDataStore(dataDir).db;
  const feeds: TestSource[] = [];
  let started: LiveSupervisor | undefined;
  const close = async () => {
    await closeLive({ sup: started, sources: feeds, db });
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (const input of o.inputs) {
      if (input.feed) feeds.push(startTestSource(input.feed));
      await addChannelSource(db, o.channel, input.url);
    }
    await setChannelMode(db, o.channel, 'record', 1, o.video);
    const sup = new LiveSupervisor({
      db,
      dataDir,
      mediaDir: join(dataDir, 'media'),
      reloadMs: o.reloadMs ?? 3_600_000,
      rules: o.rules,
      log: (l) => lines.push(l),
    });
    started = sup;
    await sup.start();
    return { dataDir, db, sup, feeds, close };
  } catch (e) {
    await close();
    throw e;
  }
}
