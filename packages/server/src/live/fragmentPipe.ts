/**
 * A packager's output read as it is written (issue 41): ffmpeg writes one fragmented MP4 per rendition to a pipe,
 * a fragment (moof + mdat) of at most a part's length, cut at every keyframe too. Each fragment is a part the
 * moment it arrives; a segment closes at the first keyframe fragment once it lasts a segment's length, and is
 * handed on as one fragment (what the timeline, catch-up and the encrypted paths have always stored).
 */
import { readInit, type TrackInfo } from '../media/mp4.ts';
import { fragmentSec, joinFragments } from '../media/parts.ts';

/** One part of the segment a rendition is making: its run-relative segment index and its index in it. */
export interface RunPart {
  rendition: string;
  init: Buffer;
  frag: Buffer;
  /** The run's segment index (0 for the run's first) and the part's index in it. */
  segment: number;
  index: number;
  /** Where its media starts in the run's media time (its decode time), seconds. */
  startSec: number;
  durationSec: number;
  independent: boolean;
}

export interface PipeEvents {
  part(p: RunPart): void;
  /** Segment `index` of this rendition is whole (one fragment), its media starting at `startSec`. */
  segment(index: number, init: Buffer, frag: Buffer, startSec: number): void;
}

/** Tolerance when a segment's length is compared with the target: a frame's rounding. */
const SLACK_SEC = 0.05;

/**
 * Splits one rendition's byte stream into its init (ftyp + moov) and fragments, and those into parts and
 * segments. Other top-level boxes (ffmpeg's closing mfra) are skipped.
 */
export class RenditionPipe {
  private pending: Buffer = Buffer.alloc(0);
  private head: Buffer[] = [];
  init: Buffer | undefined;
  private tracks: TrackInfo[] = [];
  private current: Buffer[] = [];
  private currentSec = 0;
  private currentStartSec = 0;
  private moof: Buffer | undefined;
  /** The index of the segment being made. */
  segment = 0;

  readonly rendition: string;
  private readonly segmentSec: number;
  private readonly on: PipeEvents;

  constructor(rendition: string, segmentSec: number, on: PipeEvents) {
    this.rendition = rendition;
    this.segmentSec = segmentSec;
    this.on = on;
  }

  push(data: Buffer) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    let at = 0;
    while (at + 8 <= this.pending.length) {
      const size = this.pending.readUInt32BE(at);
      if (size < 8) throw new Error('mp4: a box of the packager’s output has no size');
      if (at + size > this.pending.length) break;
      this.box(this.pending.toString('latin1', at + 4, at + 8), this.pending.subarray(at, at + size));
      at += size;
    }
    this.pending = this.pending.subarray(at);
  }

  private box(type: string, box: Buffer) {
    if (type === 'ftyp' || type === 'moov') {
      this.head.push(Buffer.from(box));
      if (type === 'moov') {
        this.init = Buffer.concat(this.head);
        this.tracks = readInit(this.init);
      }
    } else if (type === 'moof') this.moof = Buffer.from(box);
    else if (type === 'mdat' && this.moof && this.init) {
      this.fragment(Buffer.concat([this.moof, box]));
      this.moof = undefined;
    }
  }

  private fragment(frag: Buffer) {
    const init = this.init as Buffer;
    const { startSec, sec, independent } = fragmentSec(frag, this.tracks);
    if (this.current.length && independent && this.currentSec >= this.segmentSec - SLACK_SEC) {
      this.on.segment(this.segment, init, joinFragments(this.current, this.tracks), this.currentStartSec);
      this.segment++;
      this.current = [];
      this.currentSec = 0;
    }
    if (!this.current.length) this.currentStartSec = startSec;
    this.current.push(frag);
    this.currentSec += sec;
    this.on.part({
      rendition: this.rendition,
      init,
      frag,
      segment: this.segment,
      index: this.current.length - 1,
      startSec,
      durationSec: sec,
      independent,
    });
  }
}
