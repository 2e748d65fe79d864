// Store engine: SQLite only (scripts/postgres-pass.mjs): what this proves is ffmpeg's timing of a live source.
// Issue 41, decision 0446: a live input's EXT-X-PROGRAM-DATE-TIME is when its source sent that media, from the first
// segment of a run on, so a player's delay to the source (now minus it) is its viewer's delay.

import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Timeline } from '../src/live/timeline.ts';
import { startLiveChannel, startLiveOrigin, streamIdOf, videoTimes } from './liveOrigin.ts';
import { startTestSource, type TestSource, until } from './liveSource.ts';

const PORT = 4692;
const CHANNEL = 'lc-038';
/**
 * How far a stamp may be from the sending time. About 0.2 s here: a fragment comes out of ffmpeg once the audio
 * up to its end is in too, and an MPEG-TS source sends its audio in packets of a few hundred ms. Before decision
 * 0446 it was the probe's 3 s.
 */
const WITHIN_MS = 400;

/** ffmpeg has opened its UDP port (so the source's first packet is the packager's first too). */
const listening = (port: number) =>
  readFileSync('/proc/net/udp', 'utf8').includes(`:${port.toString(16).toUpperCase().padStart(4, '0')} `);

describe('the program date-time of a live input (issue 41, decision 0446)', () => {
  const relay = createSocket('udp4');
  let source: TestSource | undefined;
  let rig: Awaited<ReturnType<typeof startLiveChannel>> | undefined;
  afterAll(async () => {
    await rig?.close();
    await source?.stop();
    relay.close();
  });

  it('is when the source sent the segment, from the first one on, back to back', async () => {
    rig = await startLiveChannel({ channel: CHANNEL, inputs: [{ url: `udp://127.0.0.1:${PORT}` }] });
    const { sup, db, dataDir } = rig;
    await until('the packager listening', () => listening(PORT), 15_000);
    // The source reaches ottkit through a relay that notes when its first packet (its first frame) left.
    let first = 0;
    relay.on('message', (msg) => {
      if (!first) first = Date.now();
      relay.send(msg, PORT, '127.0.0.1');
    });
    await new Promise<void>((r) => relay.bind(0, '127.0.0.1', r));
    source = startTestSource({
      target: `udp://127.0.0.1:${relay.address().port}`,
      format: 'mpegts',
      audio: 'aac',
    });
    const timeline = () => sup.timeline(CHANNEL) as Timeline;
    await until('4 segments', () => (timeline()?.segments.length ?? 0) >= 4, 40_000);

    // The source sends in real time: the media of segment n left at first + its time since the first frame.
    const segments = timeline().segments.slice(0, 4);
    const times = (await videoTimes(timeline())).slice(0, 4);
    const off = segments.map(
      (s, i) => s.startMs - (first + ((times[i]?.start ?? 0) - (times[0]?.start ?? 0)) * 1000),
    );
    for (const ms of off) expect(Math.abs(ms)).toBeLessThan(WITHIN_MS);
    for (let i = 1; i < segments.length; i++) {
      const [a, b] = [segments[i - 1], segments[i]] as [(typeof segments)[0], (typeof segments)[0]];
      expect(Math.abs(b.startMs - (a.startMs + a.durationSec * 1000))).toBeLessThan(2);
    }

    // The playlists say the same: the low-latency live one, and time-shift's.
    const origin = await startLiveOrigin(sup, dataDir);
    try {
      origin.clock.now = Date.now();
      for (const url of [origin.urls.live, origin.urls.dvr]) {
        const master = await origin.playlist(url({ accountId: 'a', liveStreamId: streamIdOf(db, CHANNEL) }));
        const media = await origin.playlist(new URL(master.m.playlists?.[0]?.uri as string, master.url));
        const stamp = new Date(segments[3]?.startMs ?? 0).toISOString();
        expect(media.text).toContain(`#EXT-X-PROGRAM-DATE-TIME:${stamp}`);
      }
    } finally {
      await origin.close();
    }
  }, 60_000);
});
