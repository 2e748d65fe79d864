/**
 * Partial segments (LL-HLS, issue 41) at the level of samples: a fragment (moof + mdat) read into its tracks'
 * samples, written back as one fragment, cut into parts of about a part's length, or several fragments joined
 * into one. Only the boxes ottkit's own packagers write are read: tfhd (default-base-is-moof), tfdt, trun.
 */
import { findAll, findBox, type TrackInfo } from './mp4.ts';

export interface Sample {
  /** In the track's timescale. */
  duration: number;
  /** trun sample flags: bit 16 set means not a sync sample. */
  flags: number;
  /** Composition time offset (signed). */
  cto: number;
  data: Buffer;
}

export interface TrackRun {
  trackId: number;
  decodeTime: bigint;
  samples: Sample[];
}

const NON_SYNC = 0x10000;

export const isSync = (s: Sample) => (s.flags & NON_SYNC) === 0;

/** Every track's samples of one fragment, with their bytes (a view into `frag`, no copy). */
export function fragmentSamples(frag: Buffer, tracks: TrackInfo[]): TrackRun[] {
  const moof = findBox(frag, ['moof']);
  if (!moof) throw new Error('mp4: fragment has no moof');
  const out: TrackRun[] = [];
  for (const traf of findAll(frag, moof, 'traf')) {
    const tfhd = findBox(frag, ['tfhd'], traf);
    const tfdt = findBox(frag, ['tfdt'], traf);
    if (!tfhd || !tfdt) throw new Error('mp4: traf without tfhd/tfdt');
    const hf = frag.readUInt32BE(tfhd.body) & 0xffffff;
    const trackId = frag.readUInt32BE(tfhd.body + 4);
    if (hf & 0x01) throw new Error('mp4: explicit base-data-offset is not supported');
    let at = tfhd.body + 8 + (hf & 0x02 ? 4 : 0);
    const take = (flag: number) => {
      if (!(hf & flag)) return undefined;
      const v = frag.readUInt32BE(at);
      at += 4;
      return v;
    };
    const defDuration = take(0x08) ?? tracks.find((t) => t.trackId === trackId)?.defaultSampleDuration ?? 0;
    const defSize = take(0x10) ?? 0;
    const defFlags = take(0x20) ?? 0;
    const decodeTime =
      frag[tfdt.body] === 1 ? frag.readBigUInt64BE(tfdt.body + 4) : BigInt(frag.readUInt32BE(tfdt.body + 4));
    const samples: Sample[] = [];
    let dataAt = moof.start;
    for (const trun of findAll(frag, traf, 'trun')) {
      const version = frag[trun.body];
      const f = frag.readUInt32BE(trun.body) & 0xffffff;
      const count = frag.readUInt32BE(trun.body + 4);
      let p = trun.body + 8;
      if (f & 0x01) {
        dataAt = moof.start + frag.readInt32BE(p);
        p += 4;
      }
      let first: number | undefined;
      if (f & 0x04) {
        first = frag.readUInt32BE(p);
        p += 4;
      }
      // Each present field is the next 32 bits of the sample's entry.
      const field = (flag: number, signed = false) => {
        if (!(f & flag)) return undefined;
        const v = signed ? frag.readInt32BE(p) : frag.readUInt32BE(p);
        p += 4;
        return v;
      };
      for (let i = 0; i < count; i++) {
        const duration = field(0x100) ?? defDuration;
        const size = field(0x200) ?? defSize;
        const own = field(0x400);
        const cto = field(0x800, version !== 0) ?? 0;
        const flags = own ?? (i === 0 && first !== undefined ? first : defFlags);
        if (dataAt + size > frag.length) throw new Error('mp4: sample data overruns the fragment');
        samples.push({ duration, flags, cto, data: frag.subarray(dataAt, dataAt + size) });
        dataAt += size;
      }
    }
    out.push({ trackId, decodeTime, samples });
  }
  return out;
}

const box = (type: string, ...body: Buffer[]) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.reduce((s, b) => s + b.length, 0));
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, ...body]);
};
const u32 = (...v: number[]) => {
  const b = Buffer.alloc(4 * v.length);
  v.forEach((x, i) => {
    b.writeUInt32BE(x >>> 0, 4 * i);
  });
  return b;
};

/**
 * One fragment of the runs given: a moof (mfhd, then per track tfhd with default-base-is-moof, a 64-bit tfdt and
 * a trun with each sample's duration, size, flags and offset) and one mdat, the tracks' samples in order.
 */
export function writeFragment(sequenceNumber: number, runs: TrackRun[]): Buffer {
  const trunSize = (r: TrackRun) => 8 + 12 + 16 * r.samples.length;
  const trafSize = (r: TrackRun) => 8 + 16 + 20 + trunSize(r);
  const moofSize = 8 + 16 + runs.reduce((s, r) => s + trafSize(r), 0);
  let offset = moofSize + 8;
  const trafs = runs.map((r) => {
    const tfdt = Buffer.alloc(12);
    tfdt.writeUInt32BE(0x01000000);
    tfdt.writeBigUInt64BE(r.decodeTime, 4);
    const entries = r.samples.map((s) => {
      const e = u32(s.duration, s.data.length, s.flags, 0);
      e.writeInt32BE(s.cto, 12);
      return e;
    });
    const trun = box('trun', u32(0x01000f01, r.samples.length, offset), ...entries);
    offset += r.samples.reduce((n, s) => n + s.data.length, 0);
    return box('traf', box('tfhd', u32(0x020000, r.trackId)), box('tfdt', tfdt), trun);
  });
  const moof = box('moof', box('mfhd', u32(0, sequenceNumber)), ...trafs);
  return Buffer.concat([moof, box('mdat', ...runs.flatMap((r) => r.samples.map((s) => s.data)))]);
}

/** A part: its fragment, its length in seconds, and whether it begins with a video sync sample. */
export interface Part {
  frag: Buffer;
  durationSec: number;
  independent: boolean;
}

/** The track that decides where parts are cut and how long they are: the video, else the first. */
function leader(runs: TrackRun[], tracks: TrackInfo[]): TrackRun | undefined {
  const video = tracks.find((t) => t.kind === 'video');
  return runs.find((r) => r.trackId === video?.trackId) ?? runs[0];
}

const timescaleOf = (tracks: TrackInfo[], id: number) =>
  tracks.find((t) => t.trackId === id)?.timescale ?? 90_000;

/**
 * Cuts a fragment into parts of at most `partSec` (the leading track's samples decide; other tracks' samples go
 * with the part whose time they start in). A segment of 2 s at 25 or 10 frames a second cut at 0.4 s gives five
 * parts of exactly 0.4 s.
 */
export function splitParts(frag: Buffer, tracks: TrackInfo[], partSec: number, sequenceNumber = 1): Part[] {
  const runs = fragmentSamples(frag, tracks);
  const lead = leader(runs, tracks);
  if (!lead) return [];
  const leadScale = timescaleOf(tracks, lead.trackId);
  // Each leading sample's part, and each part's start in seconds from the fragment's start: a part ends before
  // the sample that would take it past its share of part lengths.
  const partOfSample: number[] = [];
  const startsSec = [0];
  let t = 0;
  const slack = 1e-6 * leadScale;
  for (const s of lead.samples) {
    const k = startsSec.length - 1;
    const partStart = (startsSec[k] as number) * leadScale;
    // On the part grid where the samples allow, and never longer than a part (PART-TARGET is a maximum).
    const end = Math.min((k + 1) * partSec * leadScale, partStart + partSec * leadScale);
    if (partOfSample.length && t + s.duration > end + slack) startsSec.push(t / leadScale);
    partOfSample.push(startsSec.length - 1);
    t += s.duration;
  }
  const endSec = t / leadScale;
  const base = Number(lead.decodeTime) / leadScale;
  const partAt = (sec: number) => {
    let p = 0;
    while (p + 1 < startsSec.length && (startsSec[p + 1] as number) <= sec - base + 1e-9) p++;
    return p;
  };
  const pieces: TrackRun[][] = startsSec.map(() => []);
  for (const r of runs) {
    const scale = timescaleOf(tracks, r.trackId);
    let time = r.decodeTime;
    r.samples.forEach((s, i) => {
      const list = pieces[
        r === lead ? (partOfSample[i] as number) : partAt(Number(time) / scale)
      ] as TrackRun[];
      let run = list.find((x) => x.trackId === r.trackId);
      if (!run) {
        run = { trackId: r.trackId, decodeTime: time, samples: [] };
        list.push(run);
      }
      run.samples.push(s);
      time += BigInt(s.duration);
    });
  }
  return pieces.map((p, i) => {
    const first = p.find((x) => x.trackId === lead.trackId)?.samples[0];
    return {
      frag: writeFragment(sequenceNumber, p),
      durationSec: (startsSec[i + 1] ?? endSec) - (startsSec[i] as number),
      independent: !!first && isSync(first),
    };
  });
}

/** Several consecutive fragments of one stream as one: each track's samples in order, from its first decode time. */
export function joinFragments(frags: Buffer[], tracks: TrackInfo[], sequenceNumber = 1): Buffer {
  if (frags.length === 1) return frags[0] as Buffer;
  const joined = new Map<number, TrackRun>();
  for (const f of frags)
    for (const r of fragmentSamples(f, tracks)) {
      const have = joined.get(r.trackId);
      if (have) have.samples.push(...r.samples);
      else joined.set(r.trackId, { ...r, samples: [...r.samples] });
    }
  return writeFragment(sequenceNumber, [...joined.values()]);
}

/** Where a fragment starts (its decode time) and the seconds it lasts, by its leading track. */
export function fragmentSec(
  frag: Buffer,
  tracks: TrackInfo[],
): { startSec: number; sec: number; independent: boolean } {
  const lead = leader(fragmentSamples(frag, tracks), tracks);
  if (!lead) return { startSec: 0, sec: 0, independent: false };
  const first = lead.samples[0];
  const scale = timescaleOf(tracks, lead.trackId);
  return {
    startSec: Number(lead.decodeTime) / scale,
    sec: lead.samples.reduce((s, x) => s + x.duration, 0) / scale,
    independent: !!first && isSync(first),
  };
}
