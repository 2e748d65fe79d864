import { describe, expect, it } from 'vitest';
import { afterMoof, readFragment, rewriteMoof, type TrackInfo } from './mp4.ts';

function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const size = 8 + payload.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(new TextEncoder().encode(type), 4);
  let at = 8;
  for (const p of payload) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const u32 = (...v: number[]) => {
  const b = new Uint8Array(v.length * 4);
  const view = new DataView(b.buffer);
  for (const [i, x] of v.entries()) view.setUint32(i * 4, x);
  return b;
};

/** moof(mfhd, traf(tfhd default-base-is-moof, tfdt v0, trun with data offset and 2 sample durations)) + mdat. */
function fragment(decodeTime: number) {
  const mdatBody = new Uint8Array([1, 2, 3, 4, 5, 6]);
  const build = (dataOffset: number) =>
    box(
      'moof',
      box('mfhd', u32(0, 7)),
      box(
        'traf',
        box('tfhd', u32(0x020000, 1)),
        box('tfdt', u32(0, decodeTime)),
        box('trun', u32(0x000101, 2, dataOffset, 512, 400)),
      ),
    );
  const moofLen = build(0).length;
  const moof = build(moofLen + 8);
  return Buffer.concat([moof, box('mdat', mdatBody)]);
}

const tracks: TrackInfo[] = [
  { trackId: 1, kind: 'video', timescale: 12800, codec: 'avc1', defaultSampleDuration: 0 },
];

describe('mp4 fragment rewriting', () => {
  it('reads tfdt v0, mfhd and the sample durations', () => {
    expect(readFragment(fragment(1000), tracks)).toEqual({
      sequenceNumber: 7,
      tracks: [{ trackId: 1, decodeTime: 1000n, duration: 912, sampleCount: 2 }],
    });
  });

  it('widens a version 0 tfdt to 64 bits and moves the trun data offset with the grown moof', () => {
    const frag = fragment(1000);
    const big = 2n ** 40n + 3n;
    const moof = rewriteMoof(frag, 42, new Map([[1, big]]));
    const out = Buffer.concat([moof, afterMoof(frag)]);
    expect(out.length).toBe(frag.length + 4);
    expect(readFragment(out, tracks)).toEqual({
      sequenceNumber: 42,
      tracks: [{ trackId: 1, decodeTime: big, duration: 912, sampleCount: 2 }],
    });
    // The data offset still points at the first sample byte of the mdat.
    const trunAt = out.indexOf('trun');
    const offset = out.readInt32BE(trunAt + 4 + 8);
    expect([...out.subarray(offset, offset + 6)]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps a track it was given no time for', () => {
    const frag = fragment(1000);
    const out = Buffer.concat([rewriteMoof(frag, 1, new Map()), afterMoof(frag)]);
    expect(readFragment(out, tracks).tracks[0]?.decodeTime).toBe(1000n);
  });
});
