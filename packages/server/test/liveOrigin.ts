import { ingestedStreams } from '../src/live/originStreams.ts';
import type { LiveSupervisor } from '../src/live/supervisor.ts';
import type { Timeline } from '../src/live/timeline.ts';
import { readFragment } from '../src/media/mp4.ts';
import type { Db } from '../src/store/db.ts';
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
