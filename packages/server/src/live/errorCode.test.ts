import { describe, expect, it } from 'vitest';
import { REFUSED_INTERNAL } from '../upstream/address.ts';
import { liveErrorCode } from './errorCode.ts';

// Decision 0370: the words ffmpeg, the pull relay and the watchdog give (as channel.ts passes them, with the run's
// "(exit N)") become one code each; the console never shows them.
describe('a live source failure as a code (decision 0370)', () => {
  it.each([
    ['udp://127.0.0.1:5000: Input/output error (exit 0)', 'closed'],
    ['tcp://10.0.0.1:1935: Connection refused (exit 1)', 'refused'],
    ['Connection to tcp://cdn.example:443 failed: Connection timed out (exit 1)', 'timeout'],
    ['Failed to resolve hostname nowhere.example: Name or service not known (exit 1)', 'unreachable'],
    ['https://cdn.example/list.m3u8 could not be reached', 'unreachable'],
    ['Server returned 404 Not Found (exit 1)', 'not-found'],
    ['Server returned 403 Forbidden (access denied) (exit 1)', 'denied'],
    ['Server returned 5XX Server Error reply (exit 1)', 'upstream-error'],
    ['video codec hevc is not playable in browsers (H.264 only; turn on transcoding to H.264)', 'codec'],
    ['the input has no video stream to transcode into the ladder', 'no-video'],
    ['the input has no audio or video stream', 'no-stream'],
    ['no segment within 15 s of starting', 'timeout'],
    ['no new segment for 4 s (stalled)', 'stalled'],
    ['6 decode errors in 10 s', 'damaged'],
    ['disk full: recording stopped; free space on the data disk', 'disk-full'],
    [REFUSED_INTERNAL, 'internal-address'],
    ['ffmpeg could not start: spawn ffmpeg ENOENT (exit null)', 'packager'],
    ['ffmpeg ended (exit 0)', 'packager'],
    ['something nobody foresaw', 'other'],
  ])('%s → %s', (reason, code) => {
    expect(liveErrorCode(reason)).toBe(code);
  });
});
