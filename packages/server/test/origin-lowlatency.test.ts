import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaLibrary } from '../src/media/library.ts';
import { readInit } from '../src/media/mp4.ts';
import { fragmentSamples } from '../src/media/parts.ts';
import { parseM3u8, startOrigin, tinyLibrary } from './origin-fixture.ts';

// Issue 41: the sample channels' wall-clock loops offer LL-HLS parts; 500 ms into segment N, one part is made.
const T0 = Date.UTC(2026, 11, 7, 12);
const N = T0 / 2000;
let lib: MediaLibrary;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let clock: { now: number };

beforeAll(async () => {
  lib = await tinyLibrary();
  origin = await startOrigin({ library: lib, nowMs: T0 + 500 });
  clock = origin.clock;
});
afterAll(() => origin.close());

/** The first variant's playlist URL of a live channel. */
async function variant(id = 'ch1', from = origin): Promise<URL> {
  from.clock.now = T0 + 500;
  const master = new URL(from.urls.live({ liveStreamId: id, accountId: 'a' }), from.base);
  const m = parseM3u8(await (await fetch(master)).text());
  return new URL(m.playlists?.[0]?.uri ?? '', master);
}
const withQuery = (u: URL, q: Record<string, string | undefined>) => {
  const x = new URL(u);
  for (const [k, v] of Object.entries(q)) if (v !== undefined) x.searchParams.set(k, v);
  return x;
};
const attr = (line: string, name: string) => new RegExp(`${name}=("?)([^",]*)\\1`).exec(line)?.[2];

describe('low-latency HLS on the sample channels (RFC 8216bis)', () => {
  it('lists server control, part target, the newest segments’ parts, the segment being made and the hint', async () => {
    const text = await (await fetch(await variant())).text();
    const lines = text.trim().split('\n');
    expect(lines).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.200');
    expect(lines).toContain('#EXT-X-PART-INF:PART-TARGET=0.400');
    // PART-HOLD-BACK is at least twice the part target (§4.4.3.8).
    const parts = lines.filter((l) => l.startsWith('#EXT-X-PART:'));
    // Parts of the three newest whole segments (the last three target durations), five each, and one made.
    expect(parts).toHaveLength(3 * 5 + 1);
    for (const p of parts) expect(Number(attr(p, 'DURATION'))).toBeLessThanOrEqual(0.4);
    expect(parts.filter((p) => p.includes('INDEPENDENT=YES'))).toHaveLength(4);
    expect(attr(parts.at(-1) as string, 'URI')).toMatch(new RegExp(`^${N}\\.0\\.m4s\\?token=`));
    // Each whole segment's parts come before its EXTINF and add up to it.
    const seg = lines.findIndex((l) => l.startsWith(`${N - 1}.m4s`));
    const before = lines.slice(seg - 6, seg - 1).map((l) => Number(attr(l, 'DURATION')));
    expect(before.reduce((a, b) => a + b, 0)).toBeCloseTo(2, 6);
    expect(lines.at(-1)).toMatch(new RegExp(`^#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${N}\\.1\\.m4s\\?token=`));
    // A standard client finds the same segments as before.
    const m = parseM3u8(text);
    expect(m.segments.map((s) => s.uri.split('.')[0])).toEqual(
      Array.from({ length: 6 }, (_, k) => String(N - 6 + k)),
    );
  });

  it('serves a part as a fragment of the segment: its samples and decode time', async () => {
    const v = await variant();
    const token = v.searchParams.get('token') as string;
    const init = readInit(
      new Uint8Array(await (await fetch(new URL(`init.mp4?token=${token}`, v))).arrayBuffer()),
    );
    clock.now = T0 + 2500;
    const whole = Buffer.from(await (await fetch(new URL(`${N}.m4s?token=${token}`, v))).arrayBuffer());
    const parts: Buffer[] = [];
    for (let k = 0; k < 5; k++) {
      const res = await fetch(new URL(`${N}.${k}.m4s?token=${token}`, v));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
      parts.push(Buffer.from(await res.arrayBuffer()));
    }
    const samples = (b: Buffer) =>
      fragmentSamples(b, init).flatMap((r) => r.samples.map((s) => s.data.toString('hex')));
    expect(parts.flatMap(samples).sort()).toEqual(samples(whole).sort());
    const video = init.find((t) => t.kind === 'video');
    const t0 = fragmentSamples(parts[0] as Buffer, init).find(
      (r) => r.trackId === video?.trackId,
    )?.decodeTime;
    expect(t0).toBe(BigInt(N) * BigInt(2 * (video?.timescale ?? 0)));
    // A part that is not made yet, and not about to be, is not served; nor a part of a protected channel.
    clock.now = T0 + 500;
    expect((await fetch(new URL(`${N + 2}.0.m4s?token=${token}`, v))).status).toBe(404);
  });

  it('holds a blocking reload until its part exists, and answers it the moment it does', async () => {
    const v = await variant();
    let answered = false;
    const pending = fetch(withQuery(v, { _HLS_msn: String(N), _HLS_part: '2' })).then(async (r) => {
      answered = true;
      return { status: r.status, cache: r.headers.get('cache-control'), text: await r.text() };
    });
    await new Promise((r) => setTimeout(r, 600));
    expect(answered).toBe(false);
    clock.now = T0 + 1250; // part 2 ends at 1.2 s
    const got = await pending;
    expect(got.status).toBe(200);
    expect(got.cache).toBe('public, max-age=6');
    expect(got.text).toContain(`URI="${N}.2.m4s?token=`);
    expect(got.text).toContain(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${N}.3.m4s`);
  });

  it('takes a part past a whole segment’s last as the next segment’s first, and holds the preload hint', async () => {
    const v = await variant();
    // Segment N−1 is whole with five parts: part 5 of it is part 0 of N, which exists at T0 + 500.
    const r = await fetch(withQuery(v, { _HLS_msn: String(N - 1), _HLS_part: '5' }));
    expect(r.status).toBe(200);
    const hinted = fetch(new URL(`${N}.1.m4s?token=${v.searchParams.get('token')}`, v));
    await new Promise((x) => setTimeout(x, 300));
    clock.now = T0 + 850;
    expect((await hinted).status).toBe(200);
  });

  it('refuses a sequence number too far ahead and malformed directives (400), without waiting', async () => {
    const v = await variant();
    for (const q of [{ _HLS_msn: String(N + 5) }, { _HLS_part: '1' }, { _HLS_msn: 'x' }])
      expect((await fetch(withQuery(v, q))).status, JSON.stringify(q)).toBe(400);
  });

  it('answers 503 when the part did not come within three target durations (§6.2.5.2)', async () => {
    const v = await variant();
    // The next segment's first part, on a clock that stands still: allowed, but never made.
    const r = await fetch(withQuery(v, { _HLS_msn: String(N + 1), _HLS_part: '0' }));
    expect(r.status).toBe(503);
    expect(await r.text()).toContain('playlist late');
  }, 15_000);

  it('offers delta updates on a window longer than six target durations, and leaves out what it may', async () => {
    const long = await startOrigin({ library: lib, nowMs: T0 + 500, liveWindowSegments: 12 });
    try {
      const v = await variant('ch1', long);
      const full = await (await fetch(v)).text();
      expect(full).toContain(
        '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=12.0,PART-HOLD-BACK=1.200',
      );
      expect(full).not.toContain('#EXT-X-SKIP');
      const delta = await (await fetch(withQuery(v, { _HLS_skip: 'YES' }))).text();
      // 12 segments of 2 s: the first six start more than 12 s before the end and are left out.
      expect(delta).toContain('#EXT-X-VERSION:9');
      expect(delta).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=6');
      const uris = (t: string) => [...t.matchAll(/^(\d+)\.m4s/gm)].map((m) => m[1]);
      expect(uris(delta)).toEqual(uris(full).slice(6));
      expect(delta).toContain('#EXT-X-MEDIA-SEQUENCE:' + (N - 12));
      // The 6-segment window of the product offers none (see the first test).
    } finally {
      await long.close();
    }
  });

  it('keeps the standard playlist for a protected channel (its segments are encrypted whole)', async () => {
    for (const id of ['ch1-aes', 'ch1-cenc']) {
      const text = await (await fetch(await variant(id))).text();
      expect(text).not.toContain('#EXT-X-PART');
      expect(text).not.toContain('#EXT-X-SERVER-CONTROL');
    }
  });
});
