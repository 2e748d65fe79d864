import { ErrCode } from '@ottkit/api-client';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { countTelemetryEvents } from '../store/telemetry.ts';
import { sharedStateOf } from '../shared/sharedState.ts';

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

/**
 * Refuses a batch (nothing stored) when the caller's address or account has spent its events, or when the
 * raw store holds `maxEvents` already (housekeeping rolls them up): telemetry never fills the disk.
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
    g.stored = { count: countTelemetryEvents(db), countedAt: now };
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
}

/** Counts what was stored, so the cap holds between recounts. */
export function telemetryStored(db: Db, inserted: number): void {
  guardOf(db).stored.count += inserted;
}
