import type { Db } from './db.ts';

export interface OutboxMessage {
  seq: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  delivered_at: number | null;
}

export function enqueue(
  db: Db,
  m: Omit<OutboxMessage, 'seq' | 'created_at' | 'delivered_at'>,
  now: number,
): number {
  return db.transaction(() => {
    const seq = (db.get<{ s: number | null }>('SELECT MAX(seq) AS s FROM outbox')?.s ?? 0) + 1;
    db.run(
      'INSERT INTO outbox (seq, channel, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      seq,
      m.channel,
      m.recipient,
      m.subject,
      m.body,
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

export function markDelivered(db: Db, seq: number, now: number): void {
  db.run('UPDATE outbox SET delivered_at = ? WHERE seq = ?', now, seq);
}
