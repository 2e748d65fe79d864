import { ErrCode } from '@ottkit/api-client';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { countTelemetryEvents } from '../store/telemetry.ts';
import { sharedStateOf } from '../shared/sharedState.ts';
import type { BucketPolicy } from './tokenBucket.ts';
import { TELEMETRY_RAW_KEEP_MS } from './telemetryRetention.ts';

/**
 * How many telemetry events one caller may send (decision 0161). A player reports a handful of events a
 * minute; a household behind one address has a few players. A burst (a queue flushed after an outage) fits.
 */
export const TELEMETRY_LIMITS = {
  /** Per caller address. */
  address: { capacity: 2000, refillPerSecond: 20 },
  /** Per account (a device's guest account or a user's). */
  account: { capacity: 600, refillPerSecond: 5 },
} as const;

/**
 * The fair share of the raw store (issue 35): over the time raw events are kept, one address may store at most
 * this part of the cap and one account this part, so one address cannot fill it (at 20 events a second it
 * did in about 3 hours). Enforced once the store is half full: until then the rates above are the only limit.
 */
export const TELEMETRY_SHARE = { address: 0.05, account: 0.025, enforcedFrom: 0.5 } as const;

/** A bucket holding `share` of the cap, refilled over the raw window: what one caller may keep stored. */
const sharePolicy = (maxEvents: number, share: number): BucketPolicy => {
  const capacity = Math.max(1, Math.floor(maxEvents * share));
  return { capacity, refillPerSecond: capacity / (TELEMETRY_RAW_KEEP_MS / 1000) };
};

/** The stored count is recounted this often; in between, what this process inserted is added. */
const RECOUNT_MS = 10_000;

interface Guard {
  stored: { count: number; countedAt: number };
}

// One guard per database, so every server (tests start several in one process) has its own count. The buckets
// are in the shared state: one process's memory, or Redis across processes (decision 0260).
const guards = new WeakMap<Db, Guard>();

function guardOf(db: Db): Guard {
  let g = guards.get(db);
  if (!g) {
    g = {
      stored: { count: 0, countedAt: Number.NEGATIVE_INFINITY },
    };
    guards.set(db, g);
  }
  return g;
}

const tooMany = (retryAfterMs: number) =>
  new DomainError(
    ErrCode.TOO_MANY_ATTEMPTS,
    `Too many telemetry events; try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`,
    429,
  );

const overShare = (retryAfterMs: number) =>
  new DomainError(
    ErrCode.TOO_MANY_ATTEMPTS,
    `Telemetry storage is busy and this device has sent its share; try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`,
    429,
  );

/**
 * Refuses a batch (nothing stored) when the caller's address or account has spent its events, when the raw
 * store is half full and the caller has stored its share (TELEMETRY_SHARE), or when it holds `maxEvents`
 * already (housekeeping rolls them up): telemetry never fills the disk, and no one caller fills the store.
 */
export async function admitTelemetry(
  db: Db,
  caller: { ip: string; accountId: string | undefined },
  events: number,
  maxEvents: number,
  now: number,
): Promise<void> {
  const g = guardOf(db);
  if (now - g.stored.countedAt >= RECOUNT_MS || g.stored.count + events > maxEvents) {
    g.stored = { count: await countTelemetryEvents(db), countedAt: now };
  }
  if (g.stored.count + events > maxEvents) {
    throw new DomainError(ErrCode.STORAGE_FULL, 'Telemetry storage is full; events are not being kept', 503);
  }
  const shared = sharedStateOf(db);
  const byAddress = await shared.take(`telemetry:ip:${caller.ip}`, TELEMETRY_LIMITS.address, events, now);
  if (!byAddress.ok) throw tooMany(byAddress.retryAfterMs);
  if (caller.accountId) {
    const byAccount = await shared.take(
      `telemetry:account:${caller.accountId}`,
      TELEMETRY_LIMITS.account,
      events,
      now,
    );
    if (!byAccount.ok) throw tooMany(byAccount.retryAfterMs);
  }
  // Every batch spends from its caller's share; only a store past half full refuses on it.
  const contended = g.stored.count >= maxEvents * TELEMETRY_SHARE.enforcedFrom;
  const shares: [string, BucketPolicy][] = [
    [`telemetry:share:ip:${caller.ip}`, sharePolicy(maxEvents, TELEMETRY_SHARE.address)],
  ];
  if (caller.accountId)
    shares.push([
      `telemetry:share:account:${caller.accountId}`,
      sharePolicy(maxEvents, TELEMETRY_SHARE.account),
    ]);
  for (const [key, policy] of shares) {
    const share = await shared.take(key, policy, events, now);
    if (!share.ok && contended) throw overShare(share.retryAfterMs);
  }
}

/** Counts what was stored, so the cap holds between recounts. */
export function telemetryStored(db: Db, inserted: number): void {
  guardOf(db).stored.count += inserted;
}
