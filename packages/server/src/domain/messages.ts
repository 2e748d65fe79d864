import type { Db } from '../store/db.ts';
import { enqueue } from '../store/outbox.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Delivery of verification codes and notices. The default writes to the outbox table, which the operator
 * reads with `ottkit-server outbox` and tests read directly; an SMTP or SMS adapter implements the same
 * interface (and may drain the outbox).
 */
export interface MessageSender {
  send(message: OutgoingMessage, now: number): void;
}

export function outboxSender(db: Db): MessageSender {
  return { send: (m, now) => void enqueue(db, m, now) };
}
