import type { IncomingMessage } from 'node:http';
import { ErrCode } from '@ottkit/api-client';
import { OperatorErrCode } from '@ottkit/api-client/contract';
import type { MessageSender } from '../domain/messages.ts';
import { sendCode } from '../domain/verification.ts';
import { DomainError } from '../domain/errors.ts';
import { getAccount } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { revokeAccountSessions } from '../store/sessions.ts';
import { lastMessageLang } from '../store/outbox.ts';
import { type Actor, recordAudit } from './audit.ts';
import { whoIs } from './commerce.ts';

/** Where the reset message sends the subscriber: the site's log-in page, the code's key in the fragment. */
export const resetLink = (siteOrigin: string, authenticationKey: string, email: string | null) =>
  `${siteOrigin}/login#reset=${authenticationKey}${email ? `&address=${encodeURIComponent(email)}` : ''}`;

/**
 * The site's own origin, as the console's browser reached it: the `Origin` a browser sends with the call,
 * only when it names the same host the call came to (so a link never points elsewhere).
 */
export function siteOriginOf(req: IncomingMessage): string {
  const origin = req.headers.origin;
  const host = req.headers.host;
  try {
    if (origin && host && new URL(origin).host === host) return new URL(origin).origin;
  } catch {
    // not a URL: refused below
  }
  throw new DomainError(
    ErrCode.INVALID_REQUEST,
    'Reset passwords from the console in a browser: the message links to this site',
    400,
  );
}

/**
 * Support's password reset (decision 0281): the subscriber is signed out everywhere and gets the spec's
 * 4-digit reset code by the channel the site's "forgot password" uses (the outbox sender), with a link to the
 * site's reset form that holds the code's key. The console's answer and the audit hold no code, key or
 * password.
 */
export function resetPasswordAudited(
  db: Db,
  deps: { secret: string; sender: MessageSender; siteOrigin: string },
  actor: Actor,
  accountId: string,
  now: number,
): { sentTo: string } {
  const a = getAccount(db, accountId);
  if (a?.kind !== 'user') {
    throw new DomainError(OperatorErrCode.NOT_FOUND, `No subscriber ${accountId} with an email or phone`);
  }
  const address = a.email
    ? { channel: 'email' as const, key: a.email }
    : { channel: 'sms' as const, key: a.phone_key ?? '' };
  if (!address.key) throw new DomainError(OperatorErrCode.NOT_FOUND, `${accountId} has no address`);
  db.transaction(() => {
    revokeAccountSessions(db, accountId, 'password reset', now);
    sendCode(db, deps.secret, deps.sender, address, 'resetPassword', now, {
      link: (key) => resetLink(deps.siteOrigin, key, a.email),
      lang: lastMessageLang(db, address.key),
    });
    recordAudit(
      db,
      actor,
      'subscriber.resetPassword',
      accountId,
      { after: { sentTo: address.channel } },
      now,
    );
  });
  return { sentTo: whoIs(db, accountId) };
}
