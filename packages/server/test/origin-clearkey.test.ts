import { createDecipheriv } from 'node:crypto';
import { DRM_LICENSE_PATH } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childBoxes, findAll, findBox, readBoxes, readInit } from '../src/media/mp4.ts';
import { signMediaToken } from '../src/origin/tokens.ts';
import { SECRET, startOrigin, tinyLibrary } from './origin-fixture.ts';

const T0 = Date.UTC(2026, 10, 22, 12);
let o: Awaited<ReturnType<typeof startOrigin>>;
beforeAll(async () => {
  o = await startOrigin({ library: await tinyLibrary(), nowMs: T0 });
});
afterAll(() => o.close());

const bytes = async (u: URL) => Buffer.from(await (await o.get(u)).arrayBuffer());

/** Decrypts every sample of a CENC fragment with its senc entries (IV + subsamples), as a CDM does. */
function decryptFragment(frag: Buffer, key: Buffer): Buffer {
  const out = Buffer.from(frag);
  const moof = findBox(frag, ['moof']);
  if (!moof) throw new Error('no moof');
  for (const traf of findAll(frag, moof, 'traf')) {
    const kids = childBoxes(frag, traf);
    const trun = kids.find((b) => b.type === 'trun');
    const senc = kids.find((b) => b.type === 'senc');
    if (!trun || !senc) throw new Error('traf without trun/senc');
    const flags = frag.readUInt32BE(trun.body) & 0xffffff;
    const subsamples = (frag.readUInt32BE(senc.body) & 2) !== 0;
    let off = moof.start + frag.readInt32BE(trun.body + 8);
    let at = trun.body + 12 + (flags & 4 ? 4 : 0);
    let p = senc.body + 8;
    for (let i = 0; i < frag.readUInt32BE(trun.body + 4); i++) {
      if (flags & 0x100) at += 4;
      const size = frag.readUInt32BE(at);
      at += 4 + (flags & 0x400 ? 4 : 0) + (flags & 0x800 ? 4 : 0);
      const d = createDecipheriv(
        'aes-128-ctr',
        key,
        Buffer.concat([frag.subarray(p, p + 8), Buffer.alloc(8)]),
      );
      p += 8;
      const ranges: [number, number][] = [];
      if (subsamples) {
        const n = frag.readUInt16BE(p);
        p += 2;
        for (let k = 0; k < n; k++, p += 6) ranges.push([frag.readUInt16BE(p), frag.readUInt32BE(p + 2)]);
      } else ranges.push([0, size]);
      let q = off;
      for (const [clear, prot] of ranges) {
        q += clear;
        d.update(frag.subarray(q, q + prot)).copy(out, q);
        q += prot;
      }
      expect(q - off).toBe(size);
      off += size;
    }
  }
  return out;
}

describe('ClearKey CENC', () => {
  it('protects the init segment: encv/enca with a cenc tenc carrying the key id, and a common pssh', async () => {
    const url = new URL(o.urls.live({ liveStreamId: 'ch2-cenc', accountId: 'a' }), o.base);
    const master = await o.playlist(url);
    const v = await o.playlist(new URL(master.m.playlists?.[0]?.uri ?? '', master.url));
    expect(v.text).toMatch(/#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="\.\.\/cenc\.key\?token=[\w.-]+"/);
    const init = await bytes(new URL(v.m.segments[0]?.map?.uri ?? '', v.url));
    expect(readInit(init).map((t) => t.kind)).toEqual(['video', 'audio']);
    // Both sample entries are protected; frma keeps the original format.
    for (const type of ['encv', 'enca', 'frma', 'schm', 'cenc']) expect(init.includes(type), type).toBe(true);
    const moov = findBox(init, ['moov']);
    expect(moov && childBoxes(init, moov).some((b) => b.type === 'pssh')).toBe(true);
    const tenc = init.indexOf('tenc');
    const key = await bytes(new URL(`../cenc.key${v.url.search}`, v.url));
    expect(key).toHaveLength(16);
    const kid = init.subarray(tenc + 12, tenc + 28);
    expect(init[tenc + 10]).toBe(1); // default_isProtected
    expect(init[tenc + 11]).toBe(8); // 8-byte IVs

    // The licence endpoint answers the W3C ClearKey format for the stream's key id, with the stream's token.
    const lic = await fetch(new URL(`${DRM_LICENSE_PATH}${url.search}`, o.base), {
      method: 'POST',
      body: JSON.stringify({ kids: [kid.toString('base64url')], type: 'temporary' }),
    });
    expect(lic.status).toBe(200);
    const body = (await lic.json()) as { keys: { kty: string; kid: string; k: string }[]; type: string };
    expect(body).toEqual({
      keys: [{ kty: 'oct', kid: kid.toString('base64url'), k: key.toString('base64url') }],
      type: 'temporary',
    });
  });

  it('encrypts samples so that the key and the senc entries give back the clear fragment', async () => {
    const enc = new URL(o.urls.live({ liveStreamId: 'ch2-cenc', accountId: 'a' }), o.base);
    const clear = new URL(o.urls.live({ liveStreamId: 'ch2', accountId: 'a' }), o.base);
    const n = T0 / 2000 - 1;
    const seg = (u: URL, name: string) => new URL(`/media/live/${name}/lq/${n}.m4s${u.search}`, o.base);
    const encrypted = await bytes(seg(enc, 'ch2-cenc'));
    const plain = await bytes(seg(clear, 'ch2'));
    const key = await bytes(new URL(`/media/live/ch2-cenc/cenc.key${enc.search}`, o.base));
    expect(readBoxes(encrypted).map((b) => b.type)).toEqual(['moof', 'mdat']);
    const mdat = (b: Buffer) => b.subarray(findBox(b, ['mdat'])?.body);
    expect(mdat(encrypted).equals(mdat(plain))).toBe(false);
    expect(mdat(decryptFragment(encrypted, key)).equals(mdat(plain))).toBe(true);
  });

  it('refuses licences without a valid token, for clear streams, and for other key ids', async () => {
    const post = (search: string, body: unknown) =>
      fetch(new URL(`${DRM_LICENSE_PATH}${search}`, o.base), { method: 'POST', body: JSON.stringify(body) });
    const kids = { kids: ['AAAAAAAAAAAAAAAAAAAAAA'] };
    expect((await post('', kids)).status).toBe(403);
    const expired = signMediaToken(SECRET, {
      accountId: 'a',
      resource: 'live/ch2-cenc',
      kind: 'live',
      exp: T0 / 1000 - 1,
    });
    expect((await post(`?token=${expired}`, kids)).status).toBe(403);
    expect(
      (await post(new URL(o.urls.live({ liveStreamId: 'ch2', accountId: 'a' }), o.base).search, kids)).status,
    ).toBe(403);
    const good = new URL(o.urls.live({ liveStreamId: 'ch2-cenc', accountId: 'a' }), o.base).search;
    expect(await (await post(good, kids)).json()).toEqual({ keys: [], type: 'temporary' });
    expect((await post(good, { nope: 1 })).status).toBe(400);
  });
});
