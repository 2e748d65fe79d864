import type { Db } from './db.ts';

/** Operator jobs by state (queued, running, succeeded, failed): the metrics' jobs gauge. */
export function jobsByState(db: Db): { state: string; n: number }[] {
  return db
    .all<{ state: string; n: number | string }>(
      'SELECT status AS state, COUNT(*) AS n FROM operator_jobs GROUP BY status',
    )
    .map((r) => ({ state: r.state, n: Number(r.n) }));
}

/** Messages (codes by e-mail and SMS) waiting to be sent or tried again, by channel: the mail queue depth. */
export function messagesWaiting(db: Db): { channel: string; n: number }[] {
  return db
    .all<{ channel: string; n: number | string }>(
      "SELECT channel, COUNT(*) AS n FROM outbox WHERE state = 'waiting' GROUP BY channel",
    )
    .map((r) => ({ channel: r.channel, n: Number(r.n) }));
}
