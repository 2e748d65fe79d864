import type { Db } from '../store/db.ts';
import type { ComposedMessage } from '../mail/texts.ts';
import { enqueue, type NewMessage } from '../store/outbox.ts';

export type OutgoingMessage = NewMessage;

/** A composed message (mail/texts.ts) to an address, with what the queue keeps beside it (expiry, the page's ref). */
export const messageTo = (
  to: { channel: NewMessage['channel']; key: string },
  m: ComposedMessage,
  extra: Pick<NewMessage, 'expires_at' | 'ref'> = {},
): OutgoingMessage => ({
  channel: to.channel,
  recipient: to.key,
  subject: m.subject,
  body: m.body,
  html: m.html,
  lang: m.lang,
  ...extra,
});

/**
 * Delivery of verification codes and notices. Every message is queued in the outbox (decision 0399): the mail
 * delivery sends it where SMTP or the SMS webhook is configured, and otherwise it stays there for the operator to
 * read with `ottkit-server outbox`.
 */
export interface MessageSender {
  /** Queues a message on its own. */
  send(message: OutgoingMessage, now: number): Promise<void>;
  /** Tells the delivery that a transaction queued messages (`enqueueStatement`) and has committed. */
  queued(): void;
}

/** Queues in the outbox; `queued` is told (the delivery, to send at once rather than at its next round). */
export function outboxSender(db: Db, queued: () => void = () => {}): MessageSender {
  return {
    send: async (m, now) => {
      await enqueue(db, m, now);
      queued();
    },
    queued,
  };
}
