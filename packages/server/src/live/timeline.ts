import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterMoof, readFragment, readInit, rewriteMoof, type TrackInfo } from '../media/mp4.ts';
import type { PartInfo } from '../origin/lowLatency.ts';
import { LiveParts } from './liveParts.ts';

/**
 * A segment whose source sent it less than this after the timeline's end follows on back to back: the rounding of
 * the stamps, never a gap a viewer would see.
 */
const SNAP_MS = 50;
/**
 * A run's first segment whose source sent it more than this before the timeline's end does not go on (its next one
 * does): put on, it would stamp the whole run that much late, since the timeline never goes back. A failover's
 * held segment (decision 0257) and a return to the primary can carry a moment already on air.
 */
const OVERLAP_MS = 250;

/** How much of a rewritten index is read back to find the lines written since the last read (a few thousand). */
const TAIL_BYTES = 256 * 1024;

/** One segment of a channel's own timeline, as the origin lists it. */
export interface TimelineSegment {
  /** ottkit's sequence number: one more than the previous, across restarts and source switches. */
  n: number;
  durationSec: number;
  /**
   * Wall-clock start, epoch ms (EXT-X-PROGRAM-DATE-TIME; catch-up cuts programmes by it): when the source sent its
   * first media (runClock.ts, decision 0446), or where the timeline ended when that is later.
   */
  startMs: number;
  /** The init segment it needs; a new one starts with EXT-X-DISCONTINUITY. */
  initId: number;
  bytes: number;
}

export interface TimelineInit {
  id: number;
  tracks: TrackInfo[];
}

/**
 * A channel's packaged timeline on disk (`<dataDir>/live/<channel>/`): `init-<id>.mp4`, `<n>.m4s` (moof rewritten,
 * then the input's mdat) and `index.jsonl`, one line per segment, so a restart continues the numbering and a
 * recording keeps its catch-up. Decode times run on across runs: each new ffmpeg run starts where the previous
 * ended, so the timeline never goes back (decision 0221). The parts of its newest segments (LL-HLS) are in
 * `parts` (`liveParts.ts`, decision 0442).
 */
export class Timeline {
  readonly dir: string;
  segments: TimelineSegment[] = [];
  private inits = new Map<number, { buf: Buffer; tracks: TrackInfo[] }>();
  private nextN = 0;
  /** End of the timeline per track kind, seconds (decode time). */
  private endSec = 0;
  /** The current run: its init and the decode-time shift of each track. */
  private run:
    | { initId: number; tracks: TrackInfo[]; zeroSec: number; baseSec: number; lastIn: number }
    | undefined;
  bytes = 0;

  constructor(root: string, channelId: string) {
    this.dir = join(root, encodeURIComponent(channelId));
    this.parts = new LiveParts(this.dir);
    // Made on the first segment: a line-up of thousands of relay channels leaves no empty folders.
    if (existsSync(this.dir)) this.restore();
  }

  /** What of `index.jsonl` this object has read: the file (inode) and the bytes up to its last whole line. */
  private read = { ino: -1, size: 0 };

  private restore() {
    this.refresh();
  }

  /**
   * Reads what the channel's packager wrote to `index.jsonl` since the last read: at start, and in a process that
   * serves the channel while another one packages it (decision 0305). Appended lines are read from where the last
   * read ended; a rewritten index (a trim renames a new file in) drops what it no longer lists and reads its tail.
   * True when something changed. Never writes: only the packager trims and deletes.
   */
  refresh(): boolean {
    const segments = this.refreshIndex();
    // A follower also reads the packager's parts of the segment being made and the newest ones.
    const parts = !this.packaged && this.parts.follow(this.nextN);
    return segments || parts;
  }

  private refreshIndex(): boolean {
    const index = join(this.dir, 'index.jsonl');
    let st: { ino: number; size: number };
    try {
      st = statSync(index);
    } catch {
      return false;
    }
    if (st.ino === this.read.ino && st.size === this.read.size) return false;
    if (st.ino === this.read.ino && st.size > this.read.size) {
      this.readLines(index, this.read.size, st.size, st.ino);
      return true;
    }
    // Rewritten: what it starts with is what is kept; the new lines are at its end.
    const first = this.parse(this.chunk(index, 0, Math.min(st.size, 4096)).split('\n')[0] ?? '');
    const last = this.segments.at(-1);
    if (first && last && first.n <= last.n + 1 && st.size > 0) {
      const gone = this.segments.findIndex((s) => s.n >= first.n);
      for (const s of this.segments.splice(0, gone < 0 ? this.segments.length : gone)) this.bytes -= s.bytes;
      const from = Math.max(0, st.size - TAIL_BYTES);
      const tail = this.chunk(index, from, st.size);
      // The tail must reach back to what is known, or the whole file is read.
      const start = from === 0 ? 0 : tail.indexOf('\n') + 1;
      const head = this.parse(tail.slice(start).split('\n')[0] ?? '');
      if (from === 0 || (head && head.n <= last.n + 1)) {
        this.readLines(index, from + Buffer.byteLength(tail.slice(0, start)), st.size, st.ino);
        return true;
      }
    }
    this.segments = [];
    this.bytes = 0;
    this.inits.clear();
    this.readLines(index, 0, st.size, st.ino, true);
    return true;
  }

  private chunk(file: string, from: number, to: number): string {
    const buf = Buffer.alloc(Math.max(0, to - from));
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buf, 0, buf.length, from);
    } finally {
      closeSync(fd);
    }
    return buf.toString('utf8');
  }

  private parse(line: string): (TimelineSegment & { endSec?: number }) | undefined {
    if (!line) return undefined;
    try {
      return JSON.parse(line) as TimelineSegment & { endSec?: number };
    } catch {
      // A line cut by a crash or a full disk: the segments before it stay.
      return undefined;
    }
  }

  /** Adds the whole lines in [from, to) that continue the timeline; remembers where the last whole line ended. */
  private readLines(file: string, from: number, to: number, ino: number, checkFiles = false) {
    const text = this.chunk(file, from, to);
    const whole = text.lastIndexOf('\n') + 1;
    for (const line of text.slice(0, whole).split('\n')) {
      const s = this.parse(line);
      if (!s) continue;
      const last = this.segments.at(-1);
      if (last && s.n <= last.n) continue;
      // At start, a segment a crash left out is skipped; a packager's fresh line always has its file.
      if (checkFiles && !existsSync(join(this.dir, `${s.n}.m4s`))) continue;
      this.segments.push({
        n: s.n,
        durationSec: s.durationSec,
        startMs: s.startMs,
        initId: s.initId,
        bytes: s.bytes,
      });
      this.bytes += s.bytes;
      this.nextN = Math.max(this.nextN, s.n + 1);
      this.endSec = Math.max(this.endSec, s.endSec ?? this.endSec);
    }
    this.read = { ino, size: from + Buffer.byteLength(text.slice(0, whole)) };
  }

  /** Where the timeline ends: the next segment number and the decode end, seconds. */
  get end(): { n: number; sec: number } {
    return { n: this.nextN, sec: this.endSec };
  }

  /**
   * Continues after `end` when it lies further on: another rendition of the channel ran on while this one was not
   * in use (decision 0270), so joining it again goes forward, never back. Takes effect from the next run.
   */
  continueAfter(end: { n: number; sec: number }) {
    this.nextN = Math.max(this.nextN, end.n);
    this.endSec = Math.max(this.endSec, end.sec);
  }

  /** A new ffmpeg run begins (restart or source switch): the next segment continues the timeline. */
  beginRun() {
    this.run = undefined;
    this.runOffset = undefined;
    // The segment being made by the run that ended is never finished.
    this.parts.drop(this.nextN);
    this.parts.drop(this.nextN + 1);
  }

  /** The run's first segment or part sets how its decode times map onto the timeline's. */
  private begin(init: Buffer, frag: Buffer) {
    const tracks = readInit(init);
    const last = this.segments.at(-1);
    const prev = last && this.inits.get(last.initId);
    const same = prev?.buf.equals(init) ?? (last ? this.sameInitOnDisk(last.initId, init) : false);
    const initId = same && last ? last.initId : (last?.initId ?? -1) + 1;
    mkdirSync(this.dir, { recursive: true });
    if (!this.packaged) this.parts.clear();
    this.packaged = true;
    if (!same) writeFileSync(join(this.dir, `init-${initId}.mp4`), init);
    this.inits.set(initId, { buf: init, tracks });
    const info = readFragment(frag, tracks);
    const zeroSec = Math.min(
      ...info.tracks.map((t) => Number(t.decodeTime) / this.timescale(tracks, t.trackId)),
    );
    this.run = { initId, tracks, zeroSec, baseSec: this.endSec, lastIn: -1 };
    return this.run;
  }

  /** A fragment of the current run moved onto the timeline's decode times, with its length and end. */
  private shift(frag: Buffer, n: number) {
    const run = this.run as NonNullable<Timeline['run']>;
    const info = readFragment(frag, run.tracks);
    const times = new Map<number, bigint>();
    let durationSec = 0;
    let endSec = this.endSec;
    for (const t of info.tracks) {
      const ts = this.timescale(run.tracks, t.trackId);
      const outSec = run.baseSec + Number(t.decodeTime) / ts - run.zeroSec;
      times.set(t.trackId, BigInt(Math.max(0, Math.round(outSec * ts))));
      const kind = run.tracks.find((x) => x.trackId === t.trackId)?.kind;
      if (kind === 'video' || info.tracks.length === 1) durationSec = t.duration / ts;
      endSec = Math.max(endSec, outSec + t.duration / ts);
    }
    if (!durationSec)
      durationSec = Math.max(...info.tracks.map((t) => t.duration / this.timescale(run.tracks, t.trackId)));
    return {
      moof: rewriteMoof(frag, (n % 0xffff_ffff) + 1, times),
      body: afterMoof(frag),
      durationSec,
      endSec,
    };
  }

  /** A run that has not begun here was sent at `sentMs`, well before the timeline's end. */
  private onAirAlready(sentMs: number): boolean {
    const prev = this.segments.at(-1);
    return !!prev && sentMs < prev.startMs + prev.durationSec * 1000 - OVERLAP_MS;
  }

  /** Where the wall clock puts a segment or part whose first media the source sent at `sentMs`. */
  private startOf(sentMs: number): number {
    const prev = this.segments.at(-1);
    if (!prev) return Math.round(sentMs);
    const prevEnd = prev.startMs + prev.durationSec * 1000;
    // Never back (a run whose source sent it before the last one's end follows on); one run's media follows on
    // back to back (up to the rounding of the stamps); after a gap (a stall, a failover) it jumps forward.
    return sentMs - prevEnd < SNAP_MS ? prevEnd : Math.round(sentMs);
  }

  /**
   * Adds one segment of the current run, whose first media the source sent at `sentMs`; returns it, or nothing
   * when a run's first was sent well before the timeline's end. `runSegment` is its index in the run, which names
   * its parts. Throws on a full disk (the caller stops recording).
   */
  add(init: Buffer, frag: Buffer, sentMs: number, runSegment?: number): TimelineSegment | undefined {
    if (!this.run) {
      if (this.onAirAlready(sentMs)) return undefined;
      this.begin(init, frag);
    }
    const run = this.run as NonNullable<Timeline['run']>;
    const n = this.nextN;
    const { moof, body, durationSec, endSec } = this.shift(frag, n);
    // Parts that do not add up to the segment (a run that became active mid-segment) are not listed with it.
    const made = this.parts.of(n);
    if (made && Math.abs(made.reduce((a, x) => a + x.durationSec, 0) - durationSec) > 0.01)
      this.parts.drop(n);
    const startMs = this.parts.startMs(n) ?? this.startOf(sentMs);
    const seg: TimelineSegment = {
      n,
      durationSec,
      startMs,
      initId: run.initId,
      bytes: moof.length + body.length,
    };
    this.keep(n, Buffer.concat([moof, body]), `${JSON.stringify({ ...seg, endSec })}\n`);
    this.nextN = n + 1;
    this.endSec = endSec;
    this.segments.push(seg);
    this.bytes += seg.bytes;
    if (runSegment !== undefined) this.runOffset = n - runSegment;
    this.parts.whole(n);
    return seg;
  }

  /** Parts (LL-HLS, issue 41) of the newest segments and of the one being made. */
  readonly parts: LiveParts;
  /** Segment number minus the run's segment index, once the run's numbering is known. */
  private runOffset: number | undefined;
  private packaged = false;

  /**
   * Adds a part of the segment being made. A part that leaves a gap (a run that became active mid-segment) is
   * not kept: that segment is listed whole only.
   */
  addPart(init: Buffer, frag: Buffer, sentMs: number, p: { segment: number; index: number } & PartInfo) {
    if (!this.run) {
      if (p.index !== 0 || this.onAirAlready(sentMs)) return;
      this.begin(init, frag);
      this.runOffset = this.nextN - p.segment;
    }
    if (this.runOffset === undefined) return;
    const n = this.runOffset + p.segment;
    if (n < this.nextN || n > this.nextN + 1) return;
    const { moof, body } = this.shift(frag, n);
    const startMs = this.parts.startMs(n) ?? this.startOf(sentMs);
    const info = { durationSec: p.durationSec, independent: p.independent };
    this.parts.add(n, p.index, Buffer.concat([moof, body]), info, startMs);
  }

  /** Parts of segment n so far (the segment being made, or one of the last three). */
  partsOf(n: number): PartInfo[] | undefined {
    return this.parts.of(n);
  }

  /**
   * Writes a segment and its index line, or neither: on a full disk the half-written segment is removed and the
   * index cut back to its last whole line, so what is kept stays whole and a restart restores exactly it.
   */
  private keep(n: number, data: Buffer, line: string) {
    const file = join(this.dir, `${n}.m4s`);
    const index = join(this.dir, 'index.jsonl');
    const size = existsSync(index) ? statSync(index).size : 0;
    try {
      writeFileSync(file, data);
      appendFileSync(index, line);
    } catch (err) {
      rmSync(file, { force: true });
      try {
        if (existsSync(index)) truncateSync(index, size);
      } catch {
        // Cutting a file back needs no space; if even that fails, restore() skips a broken last line.
      }
      throw err;
    }
  }

  private sameInitOnDisk(initId: number, init: Buffer): boolean {
    try {
      return readFileSync(join(this.dir, `init-${initId}.mp4`)).equals(init);
    } catch {
      return false;
    }
  }

  private timescale(tracks: TrackInfo[], trackId: number): number {
    return tracks.find((t) => t.trackId === trackId)?.timescale ?? 90_000;
  }

  tracksOf(initId: number): TrackInfo[] {
    let i = this.inits.get(initId);
    if (!i) {
      const buf = readFileSync(join(this.dir, `init-${initId}.mp4`));
      i = { buf, tracks: readInit(buf) };
      this.inits.set(initId, i);
    }
    return i.tracks;
  }

  readInit(initId: number): Promise<Buffer> {
    return readFile(join(this.dir, `init-${initId}.mp4`));
  }

  readSegment(n: number): Promise<Buffer> {
    return readFile(join(this.dir, `${n}.m4s`));
  }

  /** Drops segments that started before `beforeMs`, or all but the newest `keepLast`; rewrites the index. */
  trim(o: { beforeMs?: number; keepLast?: number }): number {
    let drop = 0;
    const count = this.segments.length;
    while (drop < count) {
      const s = this.segments[drop] as TimelineSegment;
      const old = o.beforeMs !== undefined && s.startMs + s.durationSec * 1000 < o.beforeMs;
      const many = o.keepLast !== undefined && count - drop > o.keepLast;
      if (!old && !many) break;
      drop++;
    }
    if (!drop) return 0;
    const gone = this.segments.splice(0, drop);
    for (const s of gone) {
      rmSync(join(this.dir, `${s.n}.m4s`), { force: true });
      this.bytes -= s.bytes;
    }
    const endSec = this.endSec;
    // Written aside and renamed: a full disk leaves the old index whole (it lists a few deleted segments, which
    // restore() skips), never a truncated one.
    const index = join(this.dir, 'index.jsonl');
    try {
      writeFileSync(
        `${index}.tmp`,
        this.segments.map((s) => `${JSON.stringify({ ...s, endSec })}\n`).join(''),
      );
      renameSync(`${index}.tmp`, index);
    } catch (err) {
      rmSync(`${index}.tmp`, { force: true });
      throw err;
    }
    return drop;
  }
}
