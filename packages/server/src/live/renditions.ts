import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RenditionSegment, SentPart } from './ffmpegRun.ts';
import { LADDER, SOURCE_RENDITION } from './ladder.ts';
import { Timeline, type TimelineSegment } from './timeline.ts';

/**
 * A channel's timelines, one per rendition (decision 0270): the input's own (`src`, in the channel's folder, as
 * before the ladder) and each ladder rung (`<channel>/<rung>/`). The renditions in use share the numbering: a
 * segment goes on every one of them at once, and a rendition that joins (the option turned on or off) continues
 * after the furthest one, so neither sequence numbers nor decode times go back when the option changes.
 */
export class ChannelTimelines {
  private all = new Map<string, Timeline>();
  private names: string[] = [SOURCE_RENDITION];
  private root: string;
  private channelId: string;

  constructor(root: string, channelId: string) {
    this.root = root;
    this.channelId = channelId;
    this.all.set(SOURCE_RENDITION, new Timeline(root, channelId));
    // Rungs recorded before a restart are read back (counted and trimmed) even when the ladder is off now.
    for (const r of LADDER)
      if (existsSync(join(root, encodeURIComponent(channelId), r.name))) this.timeline(r.name);
  }

  private timeline(name: string): Timeline {
    let t = this.all.get(name);
    if (!t) {
      t = new Timeline(join(this.root, encodeURIComponent(this.channelId)), name);
      this.all.set(name, t);
    }
    return t;
  }

  /** The renditions the channel packages from now on; each continues after the furthest timeline of the channel. */
  use(names: string[]) {
    if (names.join() === this.names.join()) return;
    this.names = [...names];
    for (const n of names) this.timeline(n);
    this.align();
  }

  /** Every rendition in use continues after the furthest one (a rendition that missed segments keeps the numbering). */
  private align() {
    const ends = [...this.all.values()].map((t) => t.end);
    const end = { n: Math.max(...ends.map((e) => e.n)), sec: Math.max(...ends.map((e) => e.sec)) };
    for (const n of this.names) this.timeline(n).continueAfter(end);
  }

  /** The renditions in use, best first, with their timelines. */
  get renditions(): { name: string; timeline: Timeline }[] {
    return this.names.map((name) => ({ name, timeline: this.timeline(name) }));
  }

  /** The first rendition in use: its segments stand for the channel's (counts, freshness, catch-up windows). */
  get main(): Timeline {
    return this.timeline(this.names[0] ?? SOURCE_RENDITION);
  }

  /** Bytes on disk over every rendition, the ones no longer in use too (until their retention ends). */
  get bytes(): number {
    return [...this.all.values()].reduce((s, t) => s + t.bytes, 0);
  }

  /**
   * Reads what the channel's packager, another process, wrote since the last read (decision 0305): every
   * rendition, rungs it started meanwhile too. True when a segment came or went.
   */
  refresh(): boolean {
    for (const r of LADDER)
      if (!this.all.has(r.name) && existsSync(join(this.root, encodeURIComponent(this.channelId), r.name)))
        this.timeline(r.name);
    let changed = false;
    for (const t of this.all.values()) changed = t.refresh() || changed;
    return changed;
  }

  beginRun() {
    for (const t of this.all.values()) t.beginRun();
  }

  /**
   * Puts one segment of every rendition on its timeline, all under the same number; parts of renditions no longer
   * in use (a run stopping after the option changed) are left out. Returns the main rendition's segment.
   */
  add(parts: RenditionSegment[]): TimelineSegment | undefined {
    this.align();
    let main: TimelineSegment | undefined;
    for (const name of this.names) {
      const p = parts.find((x) => x.rendition === name);
      if (!p) continue;
      const seg = this.timeline(name).add(p.init, p.frag, p.sentMs, p.segment);
      if (name === this.names[0]) main = seg;
    }
    return main;
  }

  /** A part of the segment a rendition is making (LL-HLS, issue 41), for that rendition only. */
  addPart(p: SentPart) {
    if (this.names.includes(p.rendition)) this.timeline(p.rendition).addPart(p.init, p.frag, p.sentMs, p);
  }

  /** Trims every rendition alike (retention, or the relay's short buffer). */
  trim(o: { beforeMs?: number; keepLast?: number }) {
    for (const t of this.all.values()) t.trim(o);
  }
}
