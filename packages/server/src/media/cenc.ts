/**
 * Common Encryption ('cenc' scheme, AES-128-CTR, ISO/IEC 23001-7) of prepared fMP4, done by the origin on
 * the way out: the init segment gets `encv`/`enca` sample entries with a `sinf` (frma, schm, tenc) and a
 * W3C common `pssh`; each fragment gets its samples encrypted and `saiz`/`saio`/`senc` in every traf.
 * Video keeps each NAL unit's length and header in the clear (subsample encryption), audio is encrypted whole.
 */
import { createCipheriv } from 'node:crypto';
import { type Box, childBoxes, findAll, findBox, readBoxes, type TrackInfo } from './mp4.ts';

/** The W3C "common" PSSH system id (EME cenc init data format): 1077efec-c0b2-4d02-ace3-3c1e52e2fb4b. */
const COMMON_SYSTEM_ID = Buffer.from('1077efecc0b24d02ace33c1e52e2fb4b', 'hex');
const IV_SIZE = 8;

const u8 = (v: number) => Buffer.from([v]);
const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v);
  return b;
};
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v >>> 0);
  return b;
};

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}
const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]) =>
  box(type, u32((version << 24) | flags), ...payload);

/** Rebuilds a container box: its fixed prefix, then each child mapped. */
function rebuild(
  buf: Buffer,
  b: Box,
  prefix: number,
  map: (child: Box) => Buffer,
  extra: Buffer[] = [],
): Buffer {
  const children = readBoxes(buf, b.body + prefix, b.end).map(map);
  return box(b.type, buf.subarray(b.body, b.body + prefix), ...children, ...extra);
}

/** Sample entry prefix sizes before their child boxes (ISO 14496-12 VisualSampleEntry / AudioSampleEntry). */
const ENTRY_PREFIX: Record<string, { prefix: number; encrypted: string }> = {
  avc1: { prefix: 78, encrypted: 'encv' },
  mp4a: { prefix: 28, encrypted: 'enca' },
};

/** The init segment with every track protected under one key id. */
export function encryptInit(init: Buffer, kid: Buffer): Buffer {
  const sinf = (format: string) =>
    box(
      'sinf',
      box('frma', Buffer.from(format, 'latin1')),
      fullBox('schm', 0, 0, Buffer.from('cenc', 'latin1'), u32(0x00010000)),
      box('schi', fullBox('tenc', 0, 0, Buffer.from([0, 0, 1, IV_SIZE]), kid)),
    );
  const entry = (buf: Buffer, e: Box) => {
    const known = ENTRY_PREFIX[e.type];
    if (!known) throw new Error(`cenc: cannot protect sample entry '${e.type}'`);
    const rebuilt = rebuild(buf, e, known.prefix, (c) => buf.subarray(c.start, c.end), [sinf(e.type)]);
    rebuilt.write(known.encrypted, 4, 'latin1');
    return rebuilt;
  };
  const path: Record<string, (buf: Buffer, b: Box) => Buffer> = {
    trak: (buf, b) => rebuild(buf, b, 0, (c) => walk(buf, c)),
    mdia: (buf, b) => rebuild(buf, b, 0, (c) => walk(buf, c)),
    minf: (buf, b) => rebuild(buf, b, 0, (c) => walk(buf, c)),
    stbl: (buf, b) => rebuild(buf, b, 0, (c) => walk(buf, c)),
    stsd: (buf, b) => rebuild(buf, b, 8, (c) => entry(buf, c)),
  };
  const walk = (buf: Buffer, b: Box): Buffer => path[b.type]?.(buf, b) ?? buf.subarray(b.start, b.end);
  const pssh = fullBox('pssh', 1, 0, COMMON_SYSTEM_ID, u32(1), kid, u32(0));
  return Buffer.concat(
    readBoxes(init).map((b) =>
      b.type === 'moov' ? rebuild(init, b, 0, (c) => walk(init, c), [pssh]) : init.subarray(b.start, b.end),
    ),
  );
}

interface Sample {
  offset: number;
  size: number;
}

/** Where each sample of a traf lies in the fragment (default-base-is-moof data offsets). */
function samplesOf(frag: Buffer, moof: Box, traf: Box, trexSize: number): Sample[] {
  const tfhd = findBox(frag, ['tfhd'], traf);
  if (!tfhd) throw new Error('cenc: traf without tfhd');
  const tf = frag.readUInt32BE(tfhd.body) & 0xffffff;
  let defaultSize = trexSize;
  if (tf & 0x10)
    defaultSize = frag.readUInt32BE(
      tfhd.body + 8 + (tf & 0x01 ? 8 : 0) + (tf & 0x02 ? 4 : 0) + (tf & 0x08 ? 4 : 0),
    );
  const out: Sample[] = [];
  for (const trun of findAll(frag, traf, 'trun')) {
    const flags = frag.readUInt32BE(trun.body) & 0xffffff;
    const count = frag.readUInt32BE(trun.body + 4);
    let at = trun.body + 8;
    let offset = moof.start + (flags & 0x01 ? frag.readInt32BE(at) : 0);
    at += (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
    for (let i = 0; i < count; i++) {
      if (flags & 0x100) at += 4;
      const size = flags & 0x200 ? frag.readUInt32BE(at) : defaultSize;
      if (flags & 0x200) at += 4;
      if (flags & 0x400) at += 4;
      if (flags & 0x800) at += 4;
      out.push({ offset, size });
      offset += size;
    }
  }
  return out;
}

/** NAL units of an AVC sample (4-byte lengths): length + header clear, the rest encrypted in 16-byte blocks. */
function avcSubsamples(data: Buffer, s: Sample): [number, number][] {
  const subs: [number, number][] = [];
  let clear = 0;
  let at = s.offset;
  const end = s.offset + s.size;
  while (at + 4 <= end) {
    const len = data.readUInt32BE(at);
    const type = (data[at + 4] ?? 0) & 0x1f;
    if (type >= 1 && type <= 5 && len > 17) {
      const head = 1 + ((len - 1) % 16);
      subs.push([clear + 4 + head, len - head]);
      clear = 0;
    } else {
      clear += 4 + len;
    }
    at += 4 + len;
  }
  if (clear > 0 || subs.length === 0) subs.push([clear, 0]);
  return subs;
}

/**
 * Encrypts one fragment (moof + mdat, decode times already final). `n` is the segment number, which with
 * track and sample index makes every 8-byte IV unique under the key.
 */
export function encryptFragment(frag: Buffer, tracks: TrackInfo[], key: Buffer, n: number): Buffer {
  const moof = findBox(frag, ['moof']);
  if (!moof) throw new Error('cenc: fragment has no moof');
  const data = Buffer.from(frag);
  const pieces: { traf: Box; extra: Buffer[]; sencIvAt: number }[] = [];
  for (const traf of findAll(frag, moof, 'traf')) {
    const tfhd = findBox(frag, ['tfhd'], traf);
    const trackId = tfhd ? frag.readUInt32BE(tfhd.body + 4) : 0;
    const track = tracks.find((t) => t.trackId === trackId);
    const samples = samplesOf(frag, moof, traf, 0);
    const video = track?.kind === 'video';
    const entries: Buffer[] = [];
    const sizes: number[] = [];
    samples.forEach((s, i) => {
      const iv = Buffer.concat([u32(n), u8(trackId & 0xff), u8((i >> 16) & 0xff), u16(i & 0xffff)]);
      const cipher = createCipheriv('aes-128-ctr', key, Buffer.concat([iv, Buffer.alloc(8)]));
      if (!video) {
        cipher.update(frag.subarray(s.offset, s.offset + s.size)).copy(data, s.offset);
        entries.push(iv);
        sizes.push(IV_SIZE);
        return;
      }
      const subs = avcSubsamples(frag, s);
      let at = s.offset;
      for (const [clear, prot] of subs) {
        at += clear;
        if (prot) cipher.update(frag.subarray(at, at + prot)).copy(data, at);
        at += prot;
      }
      entries.push(Buffer.concat([iv, u16(subs.length), ...subs.flatMap(([c, p]) => [u16(c), u32(p)])]));
      sizes.push(IV_SIZE + 2 + subs.length * 6);
    });
    const uniform = sizes.every((x) => x === sizes[0]);
    const saiz = fullBox(
      'saiz',
      0,
      0,
      u8(uniform ? (sizes[0] ?? 0) : 0),
      u32(sizes.length),
      ...(uniform ? [] : [Buffer.from(sizes)]),
    );
    const saio = fullBox('saio', 0, 0, u32(1), u32(0));
    const senc = fullBox('senc', 0, video ? 2 : 0, u32(samples.length), ...entries);
    // Position of the first IV inside the extra boxes: after saiz, saio and senc's header + sample count.
    pieces.push({ traf, extra: [saiz, saio, senc], sencIvAt: saiz.length + saio.length + 16 });
  }
  // Lay out the new moof, then fix the offsets that depend on it.
  const grow = pieces.reduce((g, p) => g + p.extra.reduce((s, b) => s + b.length, 0), 0);
  const parts: Buffer[] = [];
  let at = 8;
  for (const child of childBoxes(frag, moof)) {
    const p = pieces.find((x) => x.traf.start === child.start);
    if (!p) {
      parts.push(frag.subarray(child.start, child.end));
      at += child.end - child.start;
      continue;
    }
    const inner = Buffer.from(frag.subarray(child.start, child.end));
    const added = p.extra.reduce((s, b) => s + b.length, 0);
    inner.writeUInt32BE(inner.length + added);
    for (const trun of findAll(inner, { type: 'traf', start: 0, body: 8, end: inner.length }, 'trun')) {
      if (inner.readUInt32BE(trun.body) & 0x01)
        inner.writeInt32BE(inner.readInt32BE(trun.body + 8) + grow, trun.body + 8);
    }
    const saio = p.extra[1] as Buffer;
    saio.writeUInt32BE(at + inner.length + p.sencIvAt, 16);
    parts.push(inner, ...p.extra);
    at += inner.length + added;
  }
  const newMoof = box('moof', ...parts);
  return Buffer.concat([newMoof, data.subarray(moof.end)]);
}
