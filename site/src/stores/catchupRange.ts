import type { CatchupRange } from '@ottkit/api-client';
import { map } from 'nanostores';
import { browserApi } from '../lib/api.ts';

/** What of each channel's past exists (issue 36), by channel id, as the server last said. */
export const $catchupRanges = map<Record<string, CatchupRange>>({});

/**
 * Asks the server what of a channel's past is recorded. Kept per channel; asked again on each visit to the
 * channel, since a recording moves on (and is trimmed at its retention). A failure keeps what was known.
 */
export async function loadCatchupRange(logicalChannelId: string): Promise<void> {
  try {
    const range = await browserApi.live.catchupRange({ logicalChannelId });
    $catchupRanges.setKey(logicalChannelId, range);
  } catch {
    // No answer: the guide offers what the channel says (canPlayBack); a failed play says so in words.
  }
}

/**
 * How much of a finished programme exists: all of it, none (it ended before the recording began, or nothing is
 * recorded yet), or a part from `from` (it began before the recording). No range known: all, as the channel says.
 */
export function recordedPart(
  p: { start: number; stop: number },
  range: CatchupRange | undefined,
): { kind: 'all' } | { kind: 'none' } | { kind: 'from'; from: number } {
  if (!range?.recorded) return { kind: 'all' };
  const from = range.recordedFrom;
  if (from === null || p.stop <= from) return { kind: 'none' };
  return p.start < from ? { kind: 'from', from } : { kind: 'all' };
}
