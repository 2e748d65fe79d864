import type { Db } from './db.ts';

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

export function enqueue(db: Db, m: NewMessage, now: number): number {
  return db.transaction(() => {
    const seq = (db.get<{ s: number | null }>('SELECT MAX(seq) AS s FROM outbox')?.s ?? 0) + 1;
    db.run(
      `INSERT INTO outbox (seq, channel, recipient, subject, body, html, lang, created_at, expires_at, ref,
         state, attempts, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', 0, ?)`,
      seq,
      m.channel,
      m.recipient,
      m.subject,
      m.body,
      m.html ?? null,
      m.lang ?? 'en',
      now,
      m.expires_at ?? null,
      m.ref ?? null,
      now,
    );
    return seq;
  });
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
 * restart) takes them again only once the lease ran out, so a message is never sent twice at once.
 */
export function claimDue(
  db: Db,
  channels: readonly OutboxMessage['channel'][],
  now: number,
  leaseMs: number,
  limit: number,
): OutboxMessage[] {
  if (channels.length === 0) return [];
  return db.transaction(() => {
    const due = db.all<OutboxMessage>(
      `SELECT * FROM outbox WHERE state = 'waiting' AND next_attempt_at <= ?
         AND (lease_until IS NULL OR lease_until <= ?) AND channel IN (${channels.map(() => '?').join(', ')})
       ORDER BY seq LIMIT ?`,
      now,
      now,
      ...channels,
      limit,
    );
    return due.filter(
      (m) =>
        db.run(
          `UPDATE outbox SET lease_until = ? WHERE seq = ? AND state = 'waiting'
             AND (lease_until IS NULL OR lease_until <= ?)`,
          now + leaseMs,
          m.seq,
          now,
        ).changes === 1,
    );
  });
}

export function markSent(db: Db, seq: number, now: number): void {
  db.run(
    `UPDATE outbox SET state = 'sent', delivered_at = ?, attempts = attempts + 1, lease_until = NULL, failure = NULL
     WHERE seq = ?`,
    now,
    seq,
  );
}

/** A try that did not go: tried again at `next`, the reason kept for the console. */
export function markRetry(db: Db, seq: number, failure: string, next: number): void {
  db.run(
    'UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, lease_until = NULL, failure = ? WHERE seq = ?',
    next,
    failure,
    seq,
  );
}

export function markFailed(db: Db, seq: number, failure: string, tried: boolean): void {
  db.run(
    `UPDATE outbox SET state = 'failed', attempts = attempts + ?, lease_until = NULL, failure = ? WHERE seq = ?`,
    tried ? 1 : 0,
    failure,
    seq,
  );
}

/** The newest message tied to `ref` (a code's hashed key). */
export function messageByRef(db: Db, ref: string): OutboxMessage | undefined {
  return db.get<OutboxMessage>('SELECT * FROM outbox WHERE ref = ? ORDER BY seq DESC LIMIT 1', ref);
}

/** The newest messages to any of `recipients` (a subscriber's email and phone). */
export function messagesTo(db: Db, recipients: string[], limit = 10): OutboxMessage[] {
  const to = recipients.filter(Boolean);
  if (to.length === 0) return [];
  return db.all<OutboxMessage>(
    `SELECT * FROM outbox WHERE recipient IN (${to.map(() => '?').join(', ')}) ORDER BY seq DESC LIMIT ?`,
    ...to,
    limit,
  );
}

/** The language the newest message to `recipient` was written in (their sign-up's), if any was sent. */
export function lastMessageLang(db: Db, recipient: string): string | undefined {
  return db.get<{ lang: string }>(
    'SELECT lang FROM outbox WHERE recipient = ? ORDER BY seq DESC LIMIT 1',
    recipient,
  )?.lang;
}
