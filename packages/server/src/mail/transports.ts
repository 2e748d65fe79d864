import type { MessageFailure } from '@ottkit/api-client/contract';
import { createTransport } from 'nodemailer';
import type { OutboxMessage } from '../store/outbox.ts';

/** Why a try did not go, as the contract names it (the console and the sign-up page word it). */
export type FailureReason = MessageFailure;

/** A try that did not go: `permanent` ones are not tried again (the server said no for good). */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly reason: FailureReason;
  readonly permanent: boolean;
  constructor(reason: FailureReason, permanent: boolean, cause: unknown) {
    super(reason, { cause });
    this.reason = reason;
    this.permanent = permanent;
  }
}

/** Sends one message of its channel; throws DeliveryError. */
export interface Transport {
  send(message: OutboxMessage, from: { name: string; address: string }): Promise<void>;
  close?(): void;
}

/** nodemailer's error, judged: SMTP 5xx answers are permanent, anything else is tried again. */
function judgeSmtp(err: unknown): DeliveryError {
  const e = err as { code?: string; responseCode?: number; command?: string };
  const status = e.responseCode ?? 0;
  if (e.code === 'EAUTH') return new DeliveryError('refusedSignIn', false, err);
  if (status >= 500) {
    const recipient = e.command === 'RCPT TO' || e.code === 'EENVELOPE';
    return new DeliveryError(recipient ? 'refusedAddress' : 'refusedMessage', true, err);
  }
  if (status >= 400) return new DeliveryError('refusedMessage', false, err);
  return new DeliveryError('unreachable', false, err);
}

/** E-mail over SMTP (nodemailer: a well-kept client that speaks SMTP, STARTTLS and auth; decision 0399). */
export function smtpTransport(url: string): Transport {
  // A mail server that does not answer is tried again later, not waited for.
  const timeouts = new URLSearchParams({
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '20000',
  });
  const target = new URL(url);
  for (const [key, value] of timeouts) if (!target.searchParams.has(key)) target.searchParams.set(key, value);
  const transport = createTransport(target.href);
  return {
    async send(m, from) {
      try {
        await transport.sendMail({
          from: { name: from.name, address: from.address },
          to: m.recipient,
          subject: m.subject,
          text: m.body,
          ...(m.html ? { html: m.html } : {}),
          headers: { 'Content-Language': m.lang },
        });
      } catch (err) {
        throw judgeSmtp(err);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * SMS through the operator's gateway (docs/operations.md): `POST url` with `{"to": "+…", "text": "…"}` and the
 * token as a bearer. 2xx is sent; 4xx refused for good; anything else tried again. No redirect is followed.
 */
export function smsWebhookTransport(url: string, token?: string): Transport {
  return {
    async send(m) {
      let status: number;
      try {
        const res = await fetch(url, {
          method: 'POST',
          redirect: 'error',
          signal: AbortSignal.timeout(15_000),
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ to: m.recipient, text: m.body }),
        });
        status = res.status;
        await res.body?.cancel();
      } catch (err) {
        throw new DeliveryError('unreachable', false, err);
      }
      if (status >= 200 && status < 300) return;
      const cause = new Error(`the SMS webhook answered HTTP ${status}`);
      throw new DeliveryError('webhookRefused', status >= 400 && status < 500, cause);
    },
  };
}
