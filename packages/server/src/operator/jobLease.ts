import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ExpressionBuilder, WhereInterface } from 'kysely';
import type { Db } from '../store/db.ts';
import type { Database } from '../store/kysely/schema.generated.ts';

/**
 * Who runs an operator job (decision 0315): every unfinished job row names the process instance that runs it
 * (`owner`) and until when that instance vouches for it (`lease_until`, ms). The instance renews the lease of all
 * its jobs in one statement every third of the lease while it runs any; a job whose lease ran out belongs to a
 * process that died (kill -9, a crash, a restart), and exactly one live process takes it over (an update
 * conditional on the old owner and the expired lease).
 *
 * One instance per database handle, not per OS process: tests run several servers in one process, each over its
 * own handle, and they must behave as separate processes.
 */
export const DEFAULT_JOB_LEASE_MS = 30_000;

export interface JobLease {
  /** `host:pid:random`: readable in the jobs table, unique per start. */
  readonly owner: string;
  leaseMs: number;
  /** Jobs this instance runs now; the heartbeat runs while there is one. */
  readonly running: Set<string>;
  timer?: NodeJS.Timeout;
  now: () => number;
}

const leases = new WeakMap<Db, JobLease>();

/** This database handle's instance (made with the default lease on first use: the command line's jobs). */
export function jobLease(db: Db): JobLease {
  let l = leases.get(db);
  if (!l) {
    l = {
      owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      leaseMs: DEFAULT_JOB_LEASE_MS,
      running: new Set(),
      now: Date.now,
    };
    leases.set(db, l);
  }
  return l;
}

/** The server sets its lease (OTTKIT_JOB_LEASE_MS) and clock before any job starts. */
export function configureJobLease(db: Db, leaseMs: number, now: () => number): JobLease {
  const l = jobLease(db);
  l.leaseMs = leaseMs;
  l.now = now;
  return l;
}

/**
 * Renews the lease of the jobs this instance runs now (and still owns). On the asynchronous store (issue 39,
 * decision 0427): a process that runs a job beats every third of the lease, and no request waits for it.
 */
async function renew(db: Db, l: JobLease): Promise<void> {
  const ids = [...l.running];
  if (ids.length === 0) return;
  await db.kysely
    .updateTable('operator_jobs')
    .set({ lease_until: l.now() + l.leaseMs })
    .where('owner', '=', l.owner)
    .where('status', 'in', ['queued', 'running'])
    .where('job_id', 'in', ids)
    .execute();
}

/**
 * A condition for a job's own work rows (`.where(stillOwned(db, jobId))`): true while this instance owns the job.
 * A chunk written under it by a process that lost the job changes nothing.
 */
export function stillOwned(db: Db, jobId: string) {
  const owned = db.kysely
    .selectFrom('operator_jobs as o')
    .select('o.job_id')
    .where('o.job_id', '=', jobId)
    .where('o.owner', '=', jobLease(db).owner);
  return <TB extends keyof Database>(eb: ExpressionBuilder<Database, TB>) => eb.exists(owned);
}

/** This instance runs job `id` now: its lease is renewed until `releaseJob`. */
export function holdJob(db: Db, id: string): void {
  const l = jobLease(db);
  l.running.add(id);
  if (l.timer) return;
  l.timer = setInterval(
    () => {
      renew(db, l).catch(() => {
        // The database is away for a moment (or closed): the next beat tries again; a lease that runs out
        // meanwhile lets another process take the job, and this one's next write sees it is no longer its own.
      });
    },
    Math.max(100, Math.floor(l.leaseMs / 3)),
  );
  // Never keeps the process alive on its own.
  l.timer.unref();
}

/** Job `id` ended here (finished, failed or taken over by another process). */
export function releaseJob(db: Db, id: string): void {
  const l = jobLease(db);
  l.running.delete(id);
  if (l.running.size === 0 && l.timer) {
    clearInterval(l.timer);
    l.timer = undefined;
  }
}

/** The job's row is no longer this instance's (another process took it over after its lease ran out). */
export class JobTakenOver extends Error {
  constructor(id: string) {
    super(`Job ${id} was taken over by another process`);
  }
}

/**
 * Unfinished jobs of other instances whose lease ran out: their process is gone. Never this instance's own: a
 * loop that was blocked past the lease (a long synchronous step) finds its jobs still its own when it wakes.
 */
export async function expiredJobs(db: Db, now: number): Promise<ExpiredJob[]> {
  return db.kysely
    .selectFrom('operator_jobs')
    .select(['job_id', 'kind', 'owner', 'lease_until'])
    .where('status', 'in', ['queued', 'running'])
    .where('lease_until', '<', now)
    .where('owner', '<>', jobLease(db).owner)
    .orderBy('created_at')
    .orderBy('job_id')
    .execute();
}

type ExpiredJob = { job_id: string; kind: string; owner: string; lease_until: number };

/**
 * The compare-and-set of a take-over: the job is still the dead owner's, with the lease this process read, run
 * out, and unfinished. Of the processes that try at once, exactly one changes the row.
 */
const stillExpired =
  (job: ExpiredJob, now: number) =>
  <Q extends WhereInterface<Database, 'operator_jobs'>>(q: Q): Q =>
    q
      .where('job_id', '=', job.job_id)
      .where('owner', '=', job.owner)
      .where('lease_until', '=', job.lease_until)
      .where('lease_until', '<', now)
      .where('status', 'in', ['queued', 'running']) as Q;

/**
 * Takes job `id` for this instance (to continue it) if it is still expired; true for exactly one process. The
 * job keeps when it was resumed (`resumed_at`, decision 0335): the console says so beside its progress.
 */
export async function claimExpiredJob(db: Db, job: ExpiredJob, message: string): Promise<boolean> {
  const l = jobLease(db);
  const now = l.now();
  const done = await db.kysely
    .updateTable('operator_jobs')
    .set({
      owner: l.owner,
      lease_until: now + l.leaseMs,
      status: 'running',
      error: '',
      finished_at: null,
      message,
      updated_at: now,
      resumed_at: now,
    })
    .$call(stillExpired(job, now))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Fails job `id` in words if it is still expired (one process does it). */
export async function failExpiredJob(db: Db, job: ExpiredJob, message: string): Promise<boolean> {
  const now = jobLease(db).now();
  const done = await db.kysely
    .updateTable('operator_jobs')
    .set({ status: 'failed', error: message, message, updated_at: now, finished_at: now, lease_until: now })
    .$call(stillExpired(job, now))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
