import { DEFAULT_DVR_WINDOW_SEC } from '../origin/origin.ts';
import { LIVE_WINDOW_SEGMENTS } from '../origin/playlists.ts';
import { LIVE_SLACK_SEC } from '../origin/streams.ts';
import type { Db } from '../store/db.ts';
import { ingestedStreams } from './originStreams.ts';
import { LiveSupervisor } from './supervisor.ts';

export type { LiveStatus } from './liveStatus.ts';
export { LiveSupervisor } from './supervisor.ts';
export { readStatusFiles } from './clusterStatus.ts';

/**
 * Starts the live supervisor for a serving process and returns what the origin needs: the resolver of channels
 * fed by live sources, and the close that stops every ffmpeg (decision 0222).
 */
export function startLive(o: {
  db: Db;
  dataDir: string;
  mediaDir: string;
  now: () => number;
  /** Where the channels' lines go (the server's log); standard output by default. */
  log?: (line: string) => void;
}) {
  const supervisor = new LiveSupervisor({ ...o });
  // The first read of the channels goes on while the server starts listening; a stream asked before it ends is
  // read on its own (ChannelSync.channelOfStream).
  void supervisor.start();
  return {
    supervisor,
    ingested: ingestedStreams(supervisor, {
      now: o.now,
      windowSegments: LIVE_WINDOW_SEGMENTS,
      dvrWindowSec: DEFAULT_DVR_WINDOW_SEC,
      maxCatchupDays: 30,
      liveSlackSec: LIVE_SLACK_SEC,
    }),
    close: () => supervisor.close(),
  };
}
