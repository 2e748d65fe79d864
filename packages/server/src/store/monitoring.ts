import type { Db } from './db.ts';

// The metrics' gauges of the store, asked at each scrape on the asynchronous store (decision 0447): a scrape that
// waits for PostgreSQL must not stop the process it measures.

/** Operator jobs by state (queued, running, succeeded, failed): the metrics' jobs gauge. */
export async function jobsByState(db: Db): Promise<Map<string, number>> {
  const rows = await db.kysely
    .selectFrom('operator_jobs')
    .select((eb) => ['status as key', eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** Messages (codes by e-mail and SMS) waiting to be sent or tried again, by channel: the mail queue depth. */
export async function messagesWaiting(db: Db): Promise<Map<string, number>> {
  const rows = await db.kysely
    .selectFrom('outbox')
    .select((eb) => ['channel as key', eb.fn.countAll().as('n')])
    .where('state', '=', 'waiting')
    .groupBy('channel')
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}
