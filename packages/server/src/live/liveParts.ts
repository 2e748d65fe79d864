/**
 * A rendition's parts (LL-HLS, issue 41, decision 0442): those of its newest segments and of the one being made.
 * The packager keeps them in memory and writes each to the channel's folder (`<n>.<k>.m4s`, and `parts-<n>.json`
 * listing them, replaced whole), so a process that serves the channel while another packages it lists and serves
 * the same parts (decision 0305): it reads them when it reads the index.
 */
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PART_SEC, type PartInfo } from '../origin/lowLatency.ts';

/** Segments behind the one being made whose parts are kept (the playlist lists no older ones). */
const KEPT = 3;
const PART_FILE = /^(?:\d+\.\d+\.m4s|parts-\d+\.json)$/;

interface Made {
  startMs: number;
  list: { info: PartInfo; bytes?: Buffer }[];
}

export class LiveParts {
  private readonly dir: string;
  private made = new Map<number, Made>();
  /** What a follower read of each `parts-<n>.json` (its mtime), so an unchanged one is not parsed again. */
  private seen = new Map<number, number>();
  private waiters = new Set<() => void>();
  /** PART-TARGET: a part's length, or the longest part made here (a frame's rounding at 23.976 fps). */
  target = PART_SEC;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** A packager's first run here: parts a previous process left (a crash) are not this run's. */
  clear() {
    this.made.clear();
    try {
      for (const f of readdirSync(this.dir))
        if (PART_FILE.test(f)) rmSync(join(this.dir, f), { force: true });
    } catch {
      // No folder yet.
    }
  }

  /** Part k of segment n, as the packager made it; false when it would leave a gap. */
  add(n: number, k: number, bytes: Buffer, info: PartInfo, startMs: number): boolean {
    const made = this.made.get(n) ?? { startMs, list: [] };
    if (made.list.length !== k) return false;
    made.list.push({ info, bytes });
    this.made.set(n, made);
    this.target = Math.max(this.target, Math.ceil(info.durationSec * 1000) / 1000);
    try {
      writeFileSync(join(this.dir, `${n}.${k}.m4s`), bytes);
      const list = join(this.dir, `parts-${n}.json`);
      writeFileSync(
        `${list}.tmp`,
        JSON.stringify({ startMs: made.startMs, parts: made.list.map((p) => p.info) }),
      );
      renameSync(`${list}.tmp`, list);
    } catch {
      // A full disk: the parts stay in memory here; the segment itself says so when it is kept.
    }
    this.notify();
    return true;
  }

  /** Forgets segment n's parts (a run that ended before it was whole, or parts that do not add up to it). */
  drop(n: number) {
    const made = this.made.get(n);
    this.made.delete(n);
    this.seen.delete(n);
    for (let k = 0; k < (made?.list.length ?? 0); k++)
      rmSync(join(this.dir, `${n}.${k}.m4s`), { force: true });
    rmSync(join(this.dir, `parts-${n}.json`), { force: true });
  }

  /** Segment n is whole: parts older than the last KEPT segments go. */
  whole(n: number) {
    for (const old of [...this.made.keys()]) if (old < n - KEPT + 1) this.drop(old);
    this.notify();
  }

  /** A follower reads the packager's parts of the segments around `next` (the one being made). True on news. */
  follow(next: number): boolean {
    let news = false;
    for (let n = next - KEPT; n <= next; n++) {
      const file = join(this.dir, `parts-${n}.json`);
      let mtime: number;
      try {
        mtime = statSync(file).mtimeMs;
      } catch {
        if (this.made.delete(n)) news = true;
        continue;
      }
      if (this.seen.get(n) === mtime) continue;
      try {
        const read = JSON.parse(readFileSync(file, 'utf8')) as { startMs: number; parts: PartInfo[] };
        this.made.set(n, { startMs: read.startMs, list: read.parts.map((info) => ({ info })) });
        this.seen.set(n, mtime);
        news = true;
      } catch {
        // Replaced as it was read: the next read finds it whole.
      }
    }
    for (const n of [...this.made.keys()]) if (n < next - KEPT) this.made.delete(n);
    if (news) this.notify();
    return news;
  }

  of(n: number): PartInfo[] | undefined {
    return this.made.get(n)?.list.map((p) => p.info);
  }

  startMs(n: number): number | undefined {
    return this.made.get(n)?.startMs;
  }

  async read(n: number, k: number): Promise<Buffer | undefined> {
    const p = this.made.get(n)?.list[k];
    if (!p) return undefined;
    if (p.bytes) return p.bytes;
    try {
      return await readFile(join(this.dir, `${n}.${k}.m4s`));
    } catch {
      return undefined; // Gone with its segment's turn.
    }
  }

  private notify() {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const w of waiting) w();
  }

  /** Resolves at the next part or whole segment, or after `ms`. */
  changed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
}
