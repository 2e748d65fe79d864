import type { LiveErrorCode, LiveSourceTestResult } from '@ottkit/api-client/contract';
import { type Pull, shownUpstream } from '../upstream/pullRelay.ts';
import { liveErrorCode } from './errorCode.ts';
import { ffprobe } from './ffmpegRun.ts';
import type { LiveInput } from './sourceUrl.ts';
import { openJudgedPull } from './upstreamCheck.ts';

/** How long a test waits for the input to say what it carries (a pushed input: for its first packets). */
export const PROBE_TIMEOUT_MS = 10_000;
/** Tests at once on this server: each is an ffprobe reading a stream (decision 0382). */
export const PROBES_AT_ONCE = 2;

let running = 0;

/** Whether another test may start now; `release` when it ended. */
export function takeProbeSlot(): { release: () => void } | undefined {
  if (running >= PROBES_AT_ONCE) return undefined;
  running++;
  let released = false;
  return {
    release() {
      if (!released) running--;
      released = true;
    },
  };
}

interface ProbeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    bit_rate?: string;
  }[];
  format?: { bit_rate?: string };
}

const failed = (error: LiveErrorCode): LiveSourceTestResult => ({ ok: false, error });

/** ffprobe's JSON as the console shows a source: codecs, resolution, bits per second when the input says. */
function readProbe(out: string): LiveSourceTestResult | undefined {
  let json: ProbeJson;
  try {
    json = JSON.parse(out) as ProbeJson;
  } catch {
    return undefined;
  }
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video && !audio) return undefined;
  // A live MPEG-TS names no overall rate, and often none for its video: a sum of the audio's alone would mislead.
  const av = [video, audio].filter((s) => s !== undefined);
  const rate =
    Number(json.format?.bit_rate) ||
    (av.every((s) => Number(s.bit_rate) > 0) ? av.reduce((sum, s) => sum + Number(s.bit_rate), 0) : 0);
  return {
    ok: true,
    ...(video?.codec_name ? { videoCodec: video.codec_name } : {}),
    ...(audio?.codec_name ? { audioCodec: audio.codec_name } : {}),
    ...(video?.width && video.height ? { resolution: `${video.width}x${video.height}` } : {}),
    ...(rate > 0 ? { bitrate: Math.round(rate) } : {}),
  };
}

/**
 * Reads a source as a channel's run would (the same URL rules, an HLS pull judged and read through the relay) for
 * at most `timeoutMs`, and says what it carries or why it cannot be read (decision 0382). Nothing is stored; the
 * reason in ffprobe's or the upstream's words goes to `log` only, masked.
 */
export async function probeInput(
  input: LiveInput,
  o: { ffmpeg: string; allow: string; log: (line: string) => void; timeoutMs?: number },
): Promise<LiveSourceTestResult> {
  let from = input;
  let pull: Pull | undefined;
  if (input.scheme === 'hls') {
    const opened = await openJudgedPull(input.input, o.allow);
    if (typeof opened === 'string') {
      o.log(`input test ${input.display}: ${opened}`);
      return failed(liveErrorCode(opened));
    }
    pull = opened;
    from = { ...input, input: opened.input };
  }
  try {
    const answer = await ffprobe(
      o.ffmpeg,
      from,
      ['-show_entries', 'stream=codec_type,codec_name,width,height,bit_rate:format=bit_rate', '-of', 'json'],
      o.timeoutMs ?? PROBE_TIMEOUT_MS,
    );
    if (pull?.refused) {
      o.log(`input test ${input.display}: ${pull.refused}`);
      return failed('internal-address');
    }
    const read = readProbe(answer.out);
    if (read) return read;
    const why = pull?.lastError ?? shownUpstream(answer.err.trim().split('\n').pop() ?? '');
    o.log(`input test ${input.display}: ${why || (answer.timedOut ? 'timed out' : 'no stream')}`);
    if (answer.timedOut && !pull?.lastError) return failed('timeout');
    return failed(why ? liveErrorCode(why) : 'no-stream');
  } finally {
    pull?.close();
  }
}
