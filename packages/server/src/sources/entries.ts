/** One channel of a line-up as any source kind reads it (M3U line, Xtream Codes stream). */
export interface LineupEntry {
  /** The upstream's stable key for this channel when it has one (Xtream stream_id); '' for playlists. */
  upstreamId: string;
  /** The upstream's own id (tvg-id, Xtream stream_id), when it gives one. */
  tvgId: string;
  name: string;
  group: string;
  logo: string;
  /** The channel number the upstream asks for (tvg-chno), when it gives one. */
  number: number | undefined;
  url: string;
  /** Catch-up window in days offered upstream (catchup-days, tv_archive_duration); 0 = none. */
  catchupDays: number;
  catchupMode: string;
  catchupSource: string;
  userAgent: string;
  referrer: string;
  /** Line of the playlist (M3U) or position in the answer (Xtream), for reports. */
  at: number;
}

/** What an import left out and why, counted by reason with the first few places (bounded memory). */
export class SkipReport {
  readonly counts = new Map<string, number>();
  readonly examples: Array<{ at: number; reason: string; text: string }> = [];
  private readonly keep: number;
  constructor(keep = 50) {
    this.keep = keep;
  }
  add(at: number, reason: string, text = ''): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
    if (this.examples.length < this.keep) this.examples.push({ at, reason, text: text.slice(0, 120) });
  }
  get total(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }
  /** "3 no stream URL, 1 line over 64 KB" */
  summary(): string {
    return [...this.counts].map(([r, n]) => `${n} ${r}`).join(', ');
  }
}

/** Group used for entries without group-title or #EXTGRP. */
export const NO_GROUP = 'Other';
