// Test run: about 14 s (scripts/vitest-sequencer.ts starts it early)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setChannelMode } from '../src/live/store.ts';
import type { Timeline } from '../src/live/timeline.ts';
import { startLiveChannel } from './liveOrigin.ts';
import { processesWith, until } from './liveSource.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs). What this proves is ffmpeg's and the supervisor's work in
// real time; the store calls it makes (live/store.ts) run on PostgreSQL in live-operator and cluster-live.

// Issue 17 remainder (decision 0256): what browsers cannot play is transcoded: AC-3 audio to AAC always, MPEG-2
// (or HEVC) video to H.264 when the operator turns the channel's option on; without it the source fails in words.
const UDP = 'udp://127.0.0.1:8566';
const CHANNEL = 'lc-007';

describe('live transcode option', () => {
  let rig: Awaited<ReturnType<typeof startLiveChannel>> | undefined;

  afterAll(async () => {
    await rig?.close();
  });

  it('refuses MPEG-2 video in words, and packages it as H.264 with AAC once the option is on', async () => {
    rig = await startLiveChannel({
      channel: CHANNEL,
      inputs: [{ url: UDP, feed: { target: UDP, format: 'mpegts', video: 'mpeg2', audio: 'ac3' } }],
      rules: { backoffMs: 500, maxBackoffMs: 1000 },
    });
    const { db, dataDir, sup } = rig;
    const status = () => sup.channelStatus(CHANNEL);
    const refused = await until('the MPEG-2 source refused', () =>
      status()?.sources[0]?.lastError.includes('mpeg2video') ? status() : undefined,
    );
    expect(refused?.sources[0]?.lastError).toMatch(/not playable in browsers.*transcoding to H\.264/);
    expect(refused?.sources[0]?.videoCodec).toBe('mpeg2video');
    expect(refused?.sources[0]?.audioCodec).toBe('ac3');
    const timeline = sup.timeline(CHANNEL) as Timeline;
    expect(timeline.segments.length).toBe(0);

    // The operator turns transcoding on (the operator call writes the store and asks for this re-read).
    await setChannelMode(db, CHANNEL, 'record', 1, 'h264');
    await sup.syncChannel(CHANNEL);
    await until('3 transcoded segments', () => timeline.segments.length >= 3, 30_000);
    const tracks = timeline.tracksOf(timeline.segments[0]?.initId ?? 0);
    expect(tracks.map((t) => t.codec.split('.')[0]).sort()).toEqual(['avc1', 'mp4a']);
    const cmd = processesWith(join(dataDir, 'live')).map((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8'));
    const ffmpeg = cmd.find((c) => c.startsWith('ffmpeg')) ?? '';
    expect(ffmpeg.split('\0')).toEqual(expect.arrayContaining(['libx264', 'aac']));
    // A keyframe on every segment boundary: segments are about the target duration, each starting independently.
    for (const s of timeline.segments.slice(1)) expect(Math.abs(s.durationSec - 2)).toBeLessThan(0.1);
    expect(status()?.sources[0]?.state).toBe('live');
  }, 60_000);
});
