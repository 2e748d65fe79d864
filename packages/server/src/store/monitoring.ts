import type { Db } from './db.ts';

// The metrics' gauges of the store, asked at each scrape on the asynchronous store (decision 0447): a scrape that
// waits for PostgreSQL must not stop the process it measures.

/** Operator jobs by state (queued, running, succeeded, failed): the metrics' jobs gauge. */
export async function jobsByState(db: Db): Promise<{ state: string; n: number }[]> {
  const rows = await db.kysely
    .selectFrom('operator_jobs')
    .select((eb) => ['status as state', eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ state: r.state, n: Number(r.n) }));
}

/** Messages (codes by e-mail and SMS) waiting to be sent or tried again, by channel: the mail queue depth. */
export async function messagesWaiting(db: Db): Promise<{ channel: string; n: number }[]> {
  const rows = await db.kysely
    .selectFrom('outbox')
    .select((eb) => ['channel', eb.fn.countAll().as('n')])
    .where('state', '=', 'waiting')
    .groupBy('channel')
    .execute();
  return rows.map((r) => ({ channel: r.channel, n: Number(r.n) }));
}
