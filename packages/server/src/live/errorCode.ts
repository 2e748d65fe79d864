import type { LiveErrorCode } from '@ottkit/api-client/contract';
import { REFUSED_INTERNAL } from '../upstream/address.ts';

/**
 * A source's last failure as the console shows it (decision 0370): ffmpeg's stderr line, the pull relay's reason
 * or the watchdog's own sentence, read into one code the console says in en/es/pt. The raw text stays in the
 * server log (channel.ts logs every failure whole). First match wins: the specific before the generic, so
 * "Server returned 404 Not Found" is `not-found`, not `upstream-error`.
 */
const RULES: [LiveErrorCode, RegExp][] = [
  ['disk-full', /disk full|no space left|enospc/i],
  ['internal-address', new RegExp(REFUSED_INTERNAL, 'i')],
  ['codec', /not playable in browsers/i],
  ['no-video', /no video stream/i],
  ['no-stream', /no audio or video stream/i],
  ['stalled', /no new segment|stalled/i],
  ['timeout', /timed out|timeout|no segment within/i],
  ['damaged', /decode errors?|invalid data found|corrupt/i],
  ['refused', /connection refused|econnrefused/i],
  [
    'unreachable',
    /could not resolve|failed to resolve|name or service not known|no route to host|network is unreachable|could not be reached|enotfound/i,
  ],
  ['denied', /\b40[13]\b|unauthori[sz]ed|forbidden|access denied|permission denied/i],
  ['not-found', /\b404\b|not found|no such file/i],
  ['upstream-error', /\b5\d\d\b|5xx|server returned/i],
  ['closed', /input\/output error|end of file|connection reset|broken pipe|econnreset|closed/i],
  ['packager', /could not start|packaging failed|ffmpeg ended/i],
];

export function liveErrorCode(reason: string): LiveErrorCode {
  return RULES.find(([, re]) => re.test(reason))?.[0] ?? 'other';
}
