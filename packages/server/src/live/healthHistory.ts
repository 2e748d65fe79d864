import { DAY_MS } from '../guide/days.ts';
import type { Db } from '../store/db.ts';
import { switchesSince } from './store.ts';
/** The history's resolution: five minutes, 288 buckets a day (a short outage still shows as its own bar). */
export const HEALTH_BUCKET_MS = 300_000;
/** The packager writes what it sampled this often (and at close); a read in the same process writes first. */
const FLUSH_MS = 30_000;

export interface HealthBucket {
  /** The bucket's start, epoch ms. */
  at: number;
  /** Mean input bitrate on air while the channel ran in this bucket, bits/s; null when it did not run. */
  bitrate: number | null;
  switches: number;
  errors: number;
}

interface Pending {
  at: number;
  bitrateSum: number;
  samples: number;
  errors: number;
}

const bucketOf = (at: number) => Math.floor(at / HEALTH_BUCKET_MS) * HEALTH_BUCKET_MS;

/**
 * What the packager saw of each running channel, summed per bucket in memory and added to the store's bucket every
 * FLUSH_MS (decision 0387): the housekeeping round samples every 2 s, and a write a sample would cost the store
 * more than the history is worth. Switches are not sampled: they are kept one row each already (live_switches).
 */
export class HealthSampler {
  private pending = new Map<string, Pending>();
  /** Each channel's runner failure count at the last sample: the next sample adds the difference. */
  private failuresSeen = new Map<string, number>();
  private flushedAt = 0;
  private db: Db;
  private log: (line: string) => void;

  constructor(db: Db, log: (line: string) => void) {
    this.db = db;
    this.log = log;
  }

  /** One sample of a running channel: the on-air source's bitrate (0 when none delivers) and its failure count. */
  sample(logicalChannelId: string, now: number, bitrate: number, failures: number) {
    const seen = this.failuresSeen.get(logicalChannelId) ?? 0;
    this.failuresSeen.set(logicalChannelId, failures);
    const at = bucketOf(now);
    let p = this.pending.get(logicalChannelId);
    if (p && p.at !== at) {
      this.write(logicalChannelId, p);
      p = undefined;
    }
    if (!p) {
      p = { at, bitrateSum: 0, samples: 0, errors: 0 };
      this.pending.set(logicalChannelId, p);
    }
    p.bitrateSum += bitrate;
    p.samples++;
    // A new runner (a changed source list) counts from 0 again.
    p.errors += failures >= seen ? failures - seen : failures;
    if (now - this.flushedAt >= FLUSH_MS) void this.flush(now);
  }

  /** Writes every channel's sums so far; the buckets go on summing from zero. Resolves once they are stored. */
  async flush(now: number): Promise<void> {
    this.flushedAt = now;
    const writes: Promise<void>[] = [];
    for (const [id, p] of this.pending) if (p.samples > 0 || p.errors > 0) writes.push(this.write(id, p));
    await Promise.all(writes);
  }

  /** A channel gone from the list: its sampled figures are written and its counters forgotten. */
  forget(logicalChannelId: string) {
    const p = this.pending.get(logicalChannelId);
    if (p) void this.write(logicalChannelId, p);
    this.pending.delete(logicalChannelId);
    this.failuresSeen.delete(logicalChannelId);
  }

  /** Adds the sums so far to the store (never waited for by the packager) and counts the bucket from zero. */
  private async write(logicalChannelId: string, p: Pending): Promise<void> {
    const sums = { ...p };
    p.bitrateSum = 0;
    p.samples = 0;
    p.errors = 0;
    try {
      await addHealth(this.db, logicalChannelId, sums);
    } catch (err) {
      // A full or busy store must not stop the packager: the history misses these seconds.
      this.log(`live ${logicalChannelId}: health history not kept: ${String(err)}`);
    }
  }
}

/** Adds sums to a channel's bucket (one row a bucket; several writers add, whichever process packaged it then). */
async function addHealth(db: Db, logicalChannelId: string, p: Pending): Promise<void> {
  await db.kysely
    .insertInto('live_health')
    .values({
      logical_channel_id: logicalChannelId,
      at: p.at,
      bitrate_sum: Math.round(p.bitrateSum),
      samples: p.samples,
      errors: p.errors,
    })
    .onConflict((c) =>
      c.columns(['logical_channel_id', 'at']).doUpdateSet((eb) => ({
        bitrate_sum: eb('live_health.bitrate_sum', '+', eb.ref('excluded.bitrate_sum')),
        samples: eb('live_health.samples', '+', eb.ref('excluded.samples')),
        errors: eb('live_health.errors', '+', eb.ref('excluded.errors')),
      })),
    )
    .execute();
}

/** Forgets buckets older than `before` (nothing reports them). */
export async function trimHealth(db: Db, before: number): Promise<void> {
  await db.kysely.deleteFrom('live_health').where('at', '<', bucketOf(before)).execute();
}

/**
 * A channel's last 24 h, bucket by bucket, oldest first, the current bucket last: mean bitrate while it ran,
 * switches and source failures. A bucket where it did not run has no bitrate (a gap, not a zero).
 */
export async function healthHistory(db: Db, logicalChannelId: string, now: number): Promise<HealthBucket[]> {
  const last = bucketOf(now);
  const first = last - DAY_MS + HEALTH_BUCKET_MS;
  const [rows, switchTimes] = await Promise.all([
    db.kysely
      .selectFrom('live_health')
      .select(['at', 'bitrate_sum', 'samples', 'errors'])
      .where('logical_channel_id', '=', logicalChannelId)
      .where('at', '>=', first)
      .execute(),
    switchesSince(db, logicalChannelId, first),
  ]);
  const byAt = new Map(rows.map((r) => [r.at, r]));
  const switches = new Map<number, number>();
  for (const at of switchTimes) {
    const b = bucketOf(at);
    switches.set(b, (switches.get(b) ?? 0) + 1);
  }
  const buckets: HealthBucket[] = [];
  for (let at = first; at <= last; at += HEALTH_BUCKET_MS) {
    const r = byAt.get(at);
    const samples = Number(r?.samples ?? 0);
    buckets.push({
      at,
      bitrate: samples > 0 ? Math.round(Number(r?.bitrate_sum) / samples) : null,
      switches: switches.get(at) ?? 0,
      errors: Number(r?.errors ?? 0),
    });
  }
  return buckets;
}
