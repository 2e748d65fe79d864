import { afterAll, describe, expect, it } from 'vitest';
import type { Timeline } from '../src/live/timeline.ts';
import { readInit } from '../src/media/mp4.ts';
import { fragmentSamples } from '../src/media/parts.ts';
import { startLiveChannel, startLiveOrigin, streamIdOf } from './liveOrigin.ts';
import { until } from './liveSource.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs): what this proves is ffmpeg's parts in real time.
// Issue 41: a channel fed by a live source offers LL-HLS parts as ffmpeg cuts them.

const UDP = 'udp://127.0.0.1:4696';
const CHANNEL = 'lc-041';

describe('low-latency HLS from a live source (issue 41)', () => {
  let rig: Awaited<ReturnType<typeof startLiveChannel>> | undefined;
  afterAll(async () => {
    await rig?.close();
  });

  it('lists parts as they are made, holds a blocking reload for the next one, and the parts are the segment', async () => {
    rig = await startLiveChannel({
      channel: CHANNEL,
      inputs: [{ url: UDP, feed: { target: UDP, format: 'mpegts', audio: 'aac' } }],
    });
    const { sup, db, dataDir } = rig;
    const timeline = () => sup.timeline(CHANNEL) as Timeline;
    await until('3 segments', () => (timeline()?.segments.length ?? 0) >= 3, 30_000);
    const origin = await startLiveOrigin(sup, dataDir);
    try {
      origin.clock.now = Date.now();
      const master = await origin.playlist(
        origin.urls.live({ accountId: 'a', liveStreamId: streamIdOf(db, CHANNEL) }),
      );
      const variant = new URL(master.m.playlists?.[0]?.uri as string, master.url);
      const media = await origin.playlist(variant);
      expect(media.text).toContain('#EXT-X-PART-INF:PART-TARGET=0.400');
      expect(media.text).toMatch(/#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1\.200/);
      expect(media.text).toMatch(/#EXT-X-PRELOAD-HINT:TYPE=PART,URI="\d+\.\d\.m4s\?token=/);
      // The next part: the hint's. A blocking reload for it is answered once it exists, and lists it.
      const [, n, k] = /PRELOAD-HINT:TYPE=PART,URI="(\d+)\.(\d+)\.m4s/.exec(media.text) ?? [];
      const blocking = new URL(variant);
      blocking.searchParams.set('_HLS_msn', String(n));
      blocking.searchParams.set('_HLS_part', String(k));
      const res = await fetch(blocking);
      expect(res.status).toBe(200);
      const next = await res.text();
      expect(next).toContain(`URI="${n}.${k}.m4s?token=`);
      // The parts of a whole segment carry exactly its samples.
      const whole = timeline().segments.at(-1);
      if (!whole) throw new Error('no segment');
      const tracks = readInit(await timeline().readInit(whole.initId));
      const count = (timeline().partsOf(whole.n) ?? []).length;
      expect(count).toBeGreaterThanOrEqual(4);
      const parts: Buffer[] = [];
      for (let i = 0; i < count; i++) {
        const r = await fetch(new URL(`${whole.n}.${i}.m4s?${variant.searchParams}`, variant));
        expect(r.status).toBe(200);
        parts.push(Buffer.from(await r.arrayBuffer()));
      }
      const samples = (b: Buffer) =>
        fragmentSamples(b, tracks).flatMap((r) => r.samples.map((s) => s.data.toString('hex')));
      const decodeTimes = (b: Buffer) => fragmentSamples(b, tracks).map((r) => r.decodeTime);
      const segment = await timeline().readSegment(whole.n);
      expect(parts.flatMap(samples).sort()).toEqual(samples(segment).sort());
      expect(decodeTimes(parts[0] as Buffer)).toEqual(decodeTimes(segment));
      // Time-shift of the same channel keeps the standard playlist.
      const dvr = await origin.playlist(
        origin.urls.dvr({ accountId: 'a', liveStreamId: streamIdOf(db, CHANNEL) }),
      );
      const dvrMedia = await origin.playlist(new URL(dvr.m.playlists?.[0]?.uri as string, dvr.url));
      expect(dvrMedia.text).not.toContain('#EXT-X-PART');
    } finally {
      await origin.close();
    }
  }, 60_000);
});
