import type { CompiledQuery, ExpressionBuilder } from 'kysely';
import type { Db } from './db.ts';
import type { Database } from './kysely/schema.generated.ts';

/** Where a message is (decision 0399): waiting to be sent (or retried), sent, or failed with a reason. */
export type OutboxState = 'waiting' | 'sent' | 'failed';

export interface OutboxMessage {
  seq: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  lang: string;
  created_at: number;
  delivered_at: number | null;
  state: OutboxState;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  /** Why it failed, or why its last try did not go (a key of `FailureReason`, worded by the console). */
  failure: string | null;
  /** Past this a message is not sent any more (a code that expired). */
  expires_at: number | null;
  ref: string | null;
}

export type NewMessage = Pick<OutboxMessage, 'channel' | 'recipient' | 'subject' | 'body'> &
  Partial<Pick<OutboxMessage, 'html' | 'lang' | 'expires_at' | 'ref'>>;

/**
 * A message's row, as a statement (a `transactionally` body queues it with the change that sends it). Its `seq`
 * is the table's own: SQLite's rowid, PostgreSQL's sequence (decision 0432), so two processes queue at once.
 */
export function enqueueStatement(db: Db, m: NewMessage, now: number): CompiledQuery<{ seq: number }> {
  return db.kysely
    .insertInto('outbox')
    .values({
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      html: m.html ?? null,
      lang: m.lang ?? 'en',
      created_at: now,
      expires_at: m.expires_at ?? null,
      ref: m.ref ?? null,
      state: 'waiting',
      attempts: 0,
      next_attempt_at: now,
    })
    .returning('seq')
    .compile();
}

/** Queues a message on its own; answers its `seq`. */
export async function enqueue(db: Db, m: NewMessage, now: number): Promise<number> {
  const { rows } = await db.kysely.executeQuery(enqueueStatement(db, m, now));
  return (rows[0] as { seq: number }).seq;
}

/** Newest first; `recipient` filters to one address. */
export function listOutbox(db: Db, options: { recipient?: string; limit?: number } = {}): OutboxMessage[] {
  const limit = options.limit ?? 50;
  return options.recipient
    ? db.all<OutboxMessage>(
        'SELECT * FROM outbox WHERE recipient = ? ORDER BY seq DESC LIMIT ?',
        options.recipient,
        limit,
      )
    : db.all<OutboxMessage>('SELECT * FROM outbox ORDER BY seq DESC LIMIT ?', limit);
}

/**
 * Takes up to `limit` messages of `channels` that are due, for `leaseMs`: another process (or this one, after a
 * restart) takes them again only once the lease ran out, so a message is never sent twice at once. One statement
 * on the asynchronous store (issue 39, decision 0427): every process asks every 2 s, and nothing is due most of the
 * time. Two processes that pick the same row: PostgreSQL checks the second one's condition again on the row the
 * first updated, and the row is not taken twice.
 */
export async function claimDue(
  db: Db,
  channels: readonly OutboxMessage['channel'][],
  now: number,
  leaseMs: number,
  limit: number,
): Promise<OutboxMessage[]> {
  if (channels.length === 0) return [];
  const free = (eb: ExpressionBuilder<Database, 'outbox'>) =>
    eb.and([
      eb('state', '=', 'waiting'),
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]),
    ]);
  const taken = await db.kysely
    .updateTable('outbox')
    .set({ lease_until: now + leaseMs })
    .where((eb) =>
      eb.and([
        free(eb),
        eb(
          'seq',
          'in',
          eb
            .selectFrom('outbox')
            .select('seq')
            .where((due) =>
              due.and([free(due), due('next_attempt_at', '<=', now), due('channel', 'in', [...channels])]),
            )
            .orderBy('seq')
            .limit(limit),
        ),
      ]),
    )
    .returningAll()
    .execute();
  // RETURNING keeps no order.
  return taken.sort((x, y) => x.seq - y.seq);
}

export async function markSent(db: Db, seq: number, now: number): Promise<void> {
  await db.kysely
    .updateTable('outbox')
    .set((eb) => ({
      state: 'sent',
      delivered_at: now,
      attempts: eb('attempts', '+', 1),
      lease_until: null,
      failure: null,
    }))
    .where('seq', '=', seq)
    .execute();
}

/** A try that did not go: tried again at `next`, the reason kept for the console. */
export async function markRetry(db: Db, seq: number, failure: string, next: number): Promise<void> {
  await db.kysely
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: next, lease_until: null, failure }))
    .where('seq', '=', seq)
    .execute();
}

export async function markFailed(db: Db, seq: number, failure: string, tried: boolean): Promise<void> {
  await db.kysely
    .updateTable('outbox')
    .set((eb) => ({
      state: 'failed',
      attempts: eb('attempts', '+', tried ? 1 : 0),
      lease_until: null,
      failure,
    }))
    .where('seq', '=', seq)
    .execute();
}

/** The newest message tied to `ref` (a code's hashed key). */
export function messageByRef(db: Db, ref: string): Promise<OutboxMessage | undefined> {
  return db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('ref', '=', ref)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest messages to any of `recipients` (a subscriber's email and phone). */
export async function messagesTo(db: Db, recipients: string[], limit = 10): Promise<OutboxMessage[]> {
  const to = recipients.filter(Boolean);
  if (to.length === 0) return [];
  return db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', 'in', to)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

/** The language the newest message to `recipient` was written in (their sign-up's), if any was sent. */
export async function lastMessageLang(db: Db, recipient: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('outbox')
    .select('lang')
    .where('recipient', '=', recipient)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.lang;
}
