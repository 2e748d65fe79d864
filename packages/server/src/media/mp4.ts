/**
 * The few ISO-BMFF (MP4) boxes the origin needs, parsed by hand: splitting a fragmented MP4 into an init
 * segment and fragments, reading track timescales and codec strings from the init segment, and reading or
 * rewriting each fragment's decode times (moof → traf → tfdt) and sequence number (moof → mfhd).
 */

export interface Box {
  type: string;
  /** Offset of the box header in the buffer. */
  start: number;
  /** Offset of the box payload (after size, type and any 64-bit size). */
  body: number;
  end: number;
}

/** Boxes that only hold other boxes (the ones we descend into). */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf', 'edts']);

export function readBoxes(buf: Uint8Array, start = 0, end = buf.length): Box[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(buf[at + 4] ?? 0, buf[at + 5] ?? 0, buf[at + 6] ?? 0, buf[at + 7] ?? 0);
    let body = at + 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < body - at || at + size > end)
      throw new Error(`mp4: box '${type}' at ${at} overruns its parent`);
    boxes.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return boxes;
}

export function childBoxes(buf: Uint8Array, box: Box, skip = 0): Box[] {
  return readBoxes(buf, box.body + skip, box.end);
}

/** First box along a path of types, descending through containers: `find(buf, ['moov', 'trak'])`. */
export function findBox(buf: Uint8Array, path: string[], within?: Box): Box | undefined {
  let boxes = within ? childBoxes(buf, within) : readBoxes(buf);
  let found: Box | undefined;
  for (const type of path) {
    found = boxes.find((b) => b.type === type);
    if (!found) return undefined;
    boxes = CONTAINERS.has(type) ? childBoxes(buf, found) : [];
  }
  return found;
}

export function findAll(buf: Uint8Array, parent: Box, type: string): Box[] {
  return childBoxes(buf, parent).filter((b) => b.type === type);
}

/** Splits a fragmented MP4 (ftyp, moov, then moof+mdat pairs) into the init segment and one buffer per fragment. */
export function splitFragmented(buf: Buffer): { init: Buffer; fragments: Buffer[] } {
  const boxes = readBoxes(buf);
  const firstMoof = boxes.findIndex((b) => b.type === 'moof');
  if (firstMoof < 0) throw new Error('mp4: not a fragmented MP4 (no moof)');
  const init = buf.subarray(0, boxes[firstMoof]?.start);
  const fragments: Buffer[] = [];
  let fragStart = -1;
  for (const box of boxes.slice(firstMoof)) {
    if (box.type === 'moof') fragStart = box.start;
    if (box.type === 'mdat' && fragStart >= 0) {
      fragments.push(buf.subarray(fragStart, box.end));
      fragStart = -1;
    }
  }
  return { init, fragments };
}

export interface TrackInfo {
  trackId: number;
  kind: 'video' | 'audio';
  timescale: number;
  /** RFC 6381 codec string: `avc1.64001f`, `mp4a.40.2`. */
  codec: string;
  width?: number;
  height?: number;
  /** Sample duration default from `trex`, used when neither tfhd nor trun carries one. */
  defaultSampleDuration: number;
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** Reads the tracks of an init segment (ftyp + moov). */
export function readInit(init: Uint8Array): TrackInfo[] {
  const view = new DataView(init.buffer, init.byteOffset, init.byteLength);
  const moov = findBox(init, ['moov']);
  if (!moov) throw new Error('mp4: init segment has no moov');
  const trex = new Map<number, number>();
  const mvex = findBox(init, ['mvex'], moov);
  for (const t of mvex ? findAll(init, mvex, 'trex') : []) {
    trex.set(view.getUint32(t.body + 4), view.getUint32(t.body + 12));
  }
  return findAll(init, moov, 'trak').map((trak) => {
    const tkhd = findBox(init, ['tkhd'], trak);
    const mdhd = findBox(init, ['mdia', 'mdhd'], trak);
    const hdlr = findBox(init, ['mdia', 'hdlr'], trak);
    const stsd = findBox(init, ['mdia', 'minf', 'stbl', 'stsd'], trak);
    if (!tkhd || !mdhd || !hdlr || !stsd) throw new Error('mp4: incomplete trak');
    const trackId = view.getUint32(tkhd.body + (init[tkhd.body] === 1 ? 20 : 12));
    const timescale = view.getUint32(mdhd.body + (init[mdhd.body] === 1 ? 20 : 12));
    const handler = String.fromCharCode(...init.subarray(hdlr.body + 8, hdlr.body + 12));
    // stsd: version/flags (4), entry count (4), then the sample entry box.
    const [entry] = readBoxes(init, stsd.body + 8, stsd.end);
    if (!entry) throw new Error('mp4: empty stsd');
    const defaultSampleDuration = trex.get(trackId) ?? 0;
    if (handler === 'vide') {
      // VisualSampleEntry: 8 reserved/index, 16 pre-defined, width/height at +24, children after 78 bytes.
      const width = view.getUint16(entry.body + 24);
      const height = view.getUint16(entry.body + 26);
      const avcC = readBoxes(init, entry.body + 78, entry.end).find((b) => b.type === 'avcC');
      const codec = avcC
        ? `${entry.type}.${hex2(init[avcC.body + 1] ?? 0)}${hex2(init[avcC.body + 2] ?? 0)}${hex2(init[avcC.body + 3] ?? 0)}`
        : entry.type;
      return { trackId, kind: 'video', timescale, codec, width, height, defaultSampleDuration };
    }
    // AudioSampleEntry: 28 bytes before its children (esds).
    const esds = readBoxes(init, entry.body + 28, entry.end).find((b) => b.type === 'esds');
    return {
      trackId,
      kind: 'audio',
      timescale,
      codec: esds ? mp4aCodec(init, esds) : entry.type,
      defaultSampleDuration,
    };
  });
}

/** `mp4a.<objectTypeIndication>.<audioObjectType>` from the esds descriptors (ISO 14496-1 §7.2.6). */
function mp4aCodec(buf: Uint8Array, esds: Box): string {
  let at = esds.body + 4;
  let oti = 0x40;
  let aot = 2;
  while (at < esds.end) {
    const tag = buf[at++] ?? 0;
    let len = 0;
    for (let i = 0; i < 4; i++) {
      const b = buf[at++] ?? 0;
      len = (len << 7) | (b & 0x7f);
      if (!(b & 0x80)) break;
    }
    if (tag === 0x03) {
      const flags = buf[at + 2] ?? 0;
      at += 3 + (flags & 0x80 ? 2 : 0) + (flags & 0x20 ? 1 + (buf[at + 3] ?? 0) : 0) + (flags & 0x40 ? 2 : 0);
    } else if (tag === 0x04) {
      oti = buf[at] ?? oti;
      at += 13;
    } else if (tag === 0x05) {
      aot = (buf[at] ?? 0x10) >> 3;
      break;
    } else {
      at += len;
    }
  }
  return `mp4a.${hex2(oti)}.${aot}`;
}

export interface TrackFragment {
  trackId: number;
  /** tfdt baseMediaDecodeTime, in the track's timescale. */
  decodeTime: bigint;
  /** Sum of the fragment's sample durations, in the track's timescale. */
  duration: number;
  sampleCount: number;
}

export interface FragmentInfo {
  sequenceNumber: number;
  tracks: TrackFragment[];
}

/** Reads mfhd and every traf's tfdt and sample durations from one fragment (moof + mdat). */
export function readFragment(frag: Uint8Array, tracks: TrackInfo[]): FragmentInfo {
  const view = new DataView(frag.buffer, frag.byteOffset, frag.byteLength);
  const moof = findBox(frag, ['moof']);
  const mfhd = moof && findBox(frag, ['mfhd'], moof);
  if (!moof || !mfhd) throw new Error('mp4: fragment has no moof/mfhd');
  const out: TrackFragment[] = [];
  for (const traf of findAll(frag, moof, 'traf')) {
    const tfhd = findBox(frag, ['tfhd'], traf);
    const tfdt = findBox(frag, ['tfdt'], traf);
    if (!tfhd || !tfdt) throw new Error('mp4: traf without tfhd/tfdt');
    const trackId = view.getUint32(tfhd.body + 4);
    const tfhdFlags = view.getUint32(tfhd.body) & 0xffffff;
    let defaultDuration = tracks.find((t) => t.trackId === trackId)?.defaultSampleDuration ?? 0;
    if (tfhdFlags & 0x08)
      defaultDuration = view.getUint32(
        tfhd.body + 8 + (tfhdFlags & 0x01 ? 8 : 0) + (tfhdFlags & 0x02 ? 4 : 0),
      );
    const decodeTime =
      frag[tfdt.body] === 1 ? view.getBigUint64(tfdt.body + 4) : BigInt(view.getUint32(tfdt.body + 4));
    let duration = 0;
    let sampleCount = 0;
    for (const trun of findAll(frag, traf, 'trun')) {
      const flags = view.getUint32(trun.body) & 0xffffff;
      const count = view.getUint32(trun.body + 4);
      let at = trun.body + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
      const stride = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
      for (let i = 0; i < count; i++) {
        duration += flags & 0x100 ? view.getUint32(at) : defaultDuration;
        at += stride;
      }
      sampleCount += count;
    }
    out.push({ trackId, decodeTime, duration, sampleCount });
  }
  return { sequenceNumber: view.getUint32(mfhd.body + 4), tracks: out };
}

/**
 * Returns a copy of the fragment's moof with a new mfhd sequence number and new tfdt decode times (by track
 * id). tfdt is written as version 1 (64-bit); a version 0 tfdt is widened, which grows the moof, so every
 * trun data offset (relative to the moof with default-base-is-moof) moves by the same amount.
 * Only the moof is returned: the caller sends it followed by the untouched mdat (`mdatOf`).
 */
export function rewriteMoof(
  frag: Uint8Array,
  sequenceNumber: number,
  decodeTimes: Map<number, bigint>,
): Buffer {
  const moof = findBox(frag, ['moof']);
  if (!moof) throw new Error('mp4: fragment has no moof');
  const trafs = findAll(frag, moof, 'traf');
  const widen = trafs.filter((traf) => frag[findBox(frag, ['tfdt'], traf)?.body ?? 0] === 0).length * 4;
  const out = Buffer.alloc(moof.end - moof.start + widen);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const src = Buffer.from(frag.buffer, frag.byteOffset, frag.byteLength);
  let w = 0;
  const copy = (from: number, to: number) => {
    src.copy(out, w, from, to);
    w += to - from;
  };
  const header = (type: string, size: number) => {
    view.setUint32(w, size);
    out.write(type, w + 4, 'latin1');
    w += 8;
  };
  header('moof', out.length);
  for (const box of childBoxes(frag, moof)) {
    if (box.type === 'mfhd') {
      const at = w;
      copy(box.start, box.end);
      view.setUint32(at + 12, sequenceNumber);
      continue;
    }
    if (box.type !== 'traf') {
      copy(box.start, box.end);
      continue;
    }
    const children = childBoxes(frag, box);
    const grows = children.some((c) => c.type === 'tfdt' && frag[c.body] === 0) ? 4 : 0;
    header('traf', box.end - box.start + grows);
    let trackId = 0;
    for (const c of children) {
      const at = w;
      if (c.type === 'tfhd') {
        trackId = src.readUInt32BE(c.body + 4);
        if (src.readUInt32BE(c.body) & 0x01)
          throw new Error('mp4: explicit base-data-offset is not supported');
        copy(c.start, c.end);
      } else if (c.type === 'tfdt') {
        header('tfdt', 20);
        view.setUint32(at + 8, 0x01000000);
        const t = decodeTimes.get(trackId);
        view.setBigUint64(
          at + 12,
          t ?? (frag[c.body] === 1 ? src.readBigUInt64BE(c.body + 4) : BigInt(src.readUInt32BE(c.body + 4))),
        );
        w = at + 20;
      } else if (c.type === 'trun') {
        copy(c.start, c.end);
        if (widen && view.getUint32(at + 8) & 0x01) view.setInt32(at + 16, view.getInt32(at + 16) + widen);
      } else {
        copy(c.start, c.end);
      }
    }
  }
  return out;
}

/** Everything of a fragment after its moof (the mdat, possibly preceded by nothing else). */
export function afterMoof(frag: Buffer): Buffer {
  const moof = findBox(frag, ['moof']);
  if (!moof) throw new Error('mp4: fragment has no moof');
  return frag.subarray(moof.end);
}
