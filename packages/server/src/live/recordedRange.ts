import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../store/db.ts';
import { channelSettings, channelSources } from './store.ts';

/** Enough bytes for the first line of a channel's `index.jsonl` (one segment, well under 1 KiB). */
const FIRST_LINE_BYTES = 4_096;

/**
 * What of a channel's past exists (issue 36): a channel with live sources in `record` mode has catch-up only from
 * the first segment its recording still keeps (the packager trims past the retention); every other channel's
 * catch-up (the sample loops) covers its whole window.
 */
export async function recordedRange(
  db: Db,
  dataDir: string,
  logicalChannelId: string,
): Promise<{ recorded: boolean; recordedFrom: number | null }> {
  const [sources, settings] = await Promise.all([
    channelSources(db, logicalChannelId),
    channelSettings(db, logicalChannelId),
  ]);
  if (!sources.length || settings.mode !== 'record') {
    return { recorded: false, recordedFrom: null };
  }
  // The folder the packager's Timeline writes (supervisor: <dataDir>/live/channels/<id>).
  return {
    recorded: true,
    recordedFrom: firstSegmentStart(join(dataDir, 'live', 'channels', encodeURIComponent(logicalChannelId))),
  };
}

/** The start (epoch ms) of the first segment the channel's index lists; null when there is none yet. */
function firstSegmentStart(dir: string): number | null {
  let fd: number;
  try {
    fd = openSync(join(dir, 'index.jsonl'), 'r');
  } catch {
    return null;
  }
  try {
    // Only the head: a recording of days is a long index, and its first line is all that is asked.
    const buf = Buffer.alloc(FIRST_LINE_BYTES);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const line = buf.subarray(0, n).toString('utf8').split('\n')[0] ?? '';
    const start = (JSON.parse(line) as { startMs?: unknown }).startMs;
    return typeof start === 'number' && Number.isFinite(start) ? start : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
