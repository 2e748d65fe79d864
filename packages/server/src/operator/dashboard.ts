import { type Dashboard, type DashboardWindow, VIEWERS_NOW_MINUTES } from '@ottkit/api-client/contract';
import {
  type Range,
  errorsByKind,
  percentilesByBucket,
  servedPlaysByBucket,
  totalsByBucket,
  viewersSince,
  WHOLE,
} from '../store/dashboard.ts';
import type { Db } from '../store/db.ts';
import { SERVED_QUIET_MS } from '../store/servedPlays.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 24 hourly buckets ending with the current hour, or 7 / 30 UTC days ending with today. */
export function dashboardRange(window: DashboardWindow, now: number): Range {
  const bucketMs = window === '24h' ? HOUR : DAY;
  const count = window === '24h' ? 24 : window === '7d' ? 7 : 30;
  const to = (Math.floor(now / bucketMs) + 1) * bucketMs;
  return { from: to - count * bucketMs, to, bucketMs };
}

const num = (v: unknown) => Number(v ?? 0);
const msOrNull = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));

/** The dashboard call's answer: every figure is summed in SQL (store/dashboard.ts); here only the shape. */
export async function dashboard(db: Db, window: DashboardWindow, now: number): Promise<Dashboard> {
  const r = dashboardRange(window, now);
  const byAt = <T extends { at: unknown }>(rows: T[]) => new Map(rows.map((row) => [num(row.at), row]));
  const [totals, served, startups, zaps, viewers, errors] = await Promise.all([
    totalsByBucket(db, r).then(byAt),
    // Plays the origin served that no player reported, over once quiet (decision 0389): added to the players'.
    servedPlaysByBucket(db, r, now - SERVED_QUIET_MS).then(byAt),
    percentilesByBucket(db, r, 'startup').then(byAt),
    percentilesByBucket(db, r, 'channelChange').then(byAt),
    viewersSince(db, now - VIEWERS_NOW_MINUTES * 60_000),
    errorsByKind(db, r),
  ]);
  const all = totals.get(WHOLE);
  const allStartup = startups.get(WHOLE);
  const allZaps = zaps.get(WHOLE);
  const buckets = [];
  for (let at = r.from; at < r.to; at += r.bucketMs) {
    const s = startups.get(at);
    const z = zaps.get(at);
    buckets.push({
      at,
      plays: num(totals.get(at)?.plays) + num(served.get(at)?.plays),
      startupP50Ms: msOrNull(s?.p50),
      startupP95Ms: msOrNull(s?.p95),
      channelChangeP50Ms: msOrNull(z?.p50),
      channelChangeP95Ms: msOrNull(z?.p95),
    });
  }
  const stall = num(all?.stall_ms);
  const watched = num(all?.watched_ms);
  return {
    window,
    from: r.from,
    to: r.to,
    bucketMs: r.bucketMs,
    viewersNow: {
      minutes: VIEWERS_NOW_MINUTES,
      total: viewers.total,
      channels: viewers.rows.map((v) => ({
        sourceId: v.source_id || '(unknown)',
        ...(v.name ? { name: v.name, number: num(v.seq) } : {}),
        viewers: num(v.viewers),
      })),
    },
    buckets,
    qoe: {
      plays: num(all?.plays) + num(served.get(WHOLE)?.plays),
      playsByServer: num(served.get(WHOLE)?.plays),
      startupP50Ms: msOrNull(allStartup?.p50),
      startupP95Ms: msOrNull(allStartup?.p95),
      rebufferingRatio: stall + watched > 0 ? stall / (stall + watched) : 0,
      channelChangeP50Ms: msOrNull(allZaps?.p50),
      channelChangeP95Ms: msOrNull(allZaps?.p95),
      channelChanges: num(allZaps?.n),
      errors: num(all?.errors),
    },
    errorsByKind: errors.map((e) => ({ kind: String(e.kind), count: num(e.count) })),
  };
}
