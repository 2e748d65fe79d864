import { type DeliveryState, type MessageFailure, messageFailureSchema } from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';
import { claimDue, markFailed, markRetry, markSent, type OutboxMessage } from '../store/outbox.ts';
import { settingsValuesNow } from '../domain/appConfig.ts';
import { DeliveryError, smsWebhookTransport, smtpTransport, type Transport } from './transports.ts';

/** Used until the operator sets an address of their own (most mail servers want one of their domain). */
export const DEFAULT_FROM_ADDRESS = 'no-reply@localhost';

/** Waits before the 2nd, 3rd… try: about two hours in all; then the message is failed with its last reason. */
export const RETRY_DELAYS_MS = [30, 60, 120, 300, 600, 1200, 1800, 3600].map((s) => s * 1000);
/** How often a process looks for due messages (and at once after one is queued here). */
const ROUND_MS = 2_000;
/** How long a process may take to send a message it took before another one may take it. */
const LEASE_MS = 60_000;
/** How many due messages a round takes at once; a full batch means there may be more. */
const BATCH = 10;

/** Which channels this server sends itself: the others stay in the outbox, as without any (issue 40). */
export function configuredChannels(config: ServerConfig): { email: boolean; sms: boolean } {
  return { email: Boolean(config.smtpUrl), sms: Boolean(config.smsWebhookUrl) };
}

/** The sender's name and address (console settings); the service name where no name is set. */
export async function senderOf(db: Db): Promise<{ name: string; address: string }> {
  // Kept per version of the settings: a round asks one number of the asynchronous store (issue 39).
  const s = await settingsValuesNow(db);
  return {
    name: s['mail.fromName'] || s['brand.name'],
    address: s['mail.fromAddress'] || DEFAULT_FROM_ADDRESS,
  };
}

export interface MailDelivery {
  /** A message was queued: look now rather than at the next round. */
  nudge(): void;
  close(): Promise<void>;
}

/**
 * Drains the outbox (decision 0399): every round, takes the due messages of the configured channels under a lease,
 * sends each, and marks it sent, due again after a back-off, or failed with a reason. Any process of a cluster
 * may run it; the lease keeps a message to one of them. Nothing runs when no channel is configured.
 */
export function startMailDelivery(deps: {
  db: Db;
  config: ServerConfig;
  now: () => number;
  logger: Logger;
}): MailDelivery {
  const { db, config, now, logger } = deps;
  const transports: Partial<Record<OutboxMessage['channel'], Transport>> = {
    ...(config.smtpUrl ? { email: smtpTransport(config.smtpUrl) } : {}),
    ...(config.smsWebhookUrl
      ? { sms: smsWebhookTransport(config.smsWebhookUrl, config.smsWebhookToken) }
      : {}),
  };
  const channels = Object.keys(transports) as OutboxMessage['channel'][];
  if (channels.length === 0) return { nudge() {}, close: async () => {} };

  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function sendOne(m: OutboxMessage): Promise<void> {
    const t = now();
    if (m.expires_at !== null && m.expires_at <= t) {
      await markFailed(db, m.seq, 'expired', false);
      return;
    }
    try {
      await (transports[m.channel] as Transport).send(m, await senderOf(db));
      await markSent(db, m.seq, now());
    } catch (err) {
      const judged = err instanceof DeliveryError ? err : new DeliveryError('unreachable', false, err);
      // The library's words go to the log only (with the message's number, not its text or address).
      logger.error(`${m.channel} #${m.seq} not sent (try ${m.attempts + 1}): ${judged.reason}`, judged.cause);
      const wait = RETRY_DELAYS_MS[m.attempts];
      if (judged.permanent || wait === undefined) await markFailed(db, m.seq, judged.reason, true);
      else await markRetry(db, m.seq, judged.reason, now() + wait);
    }
  }

  async function round(): Promise<void> {
    do {
      again = false;
      try {
        const due = await claimDue(db, channels, now(), LEASE_MS, BATCH);
        for (const m of due) {
          if (closed) return;
          await sendOne(m);
        }
        // A full batch: there may be more due now.
        if (due.length === BATCH) again = true;
      } catch (err) {
        logger.error('mail delivery round failed', err);
      }
    } while (again && !closed);
  }

  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = round().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(run, ROUND_MS);
  timer.unref();
  run();
  return {
    nudge: run,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      for (const t of Object.values(transports)) t.close?.();
    },
  };
}

/** How a message fares, in the contract's words (`verificationDelivery`, the console's subscriber screen). */
export function deliveryOf(m: Pick<OutboxMessage, 'state' | 'attempts' | 'failure'>): {
  state: DeliveryState;
  failure?: MessageFailure;
} {
  if (m.state === 'sent') return { state: 'sent' };
  const failure = messageFailureSchema.safeParse(m.failure);
  if (m.state === 'failed') return { state: 'failed', ...(failure.success ? { failure: failure.data } : {}) };
  return m.attempts > 0
    ? { state: 'delayed', ...(failure.success ? { failure: failure.data } : {}) }
    : { state: 'queued' };
}
