import type { IncomingMessage } from 'node:http';
import { ErrCode } from '@ottkit/api-client';
import { OperatorErrCode } from '@ottkit/api-client/contract';
import type { MessageSender } from '../domain/messages.ts';
import { serviceName } from '../domain/brand.ts';
import { codeSteps } from '../domain/verification.ts';
import { DomainError } from '../domain/errors.ts';
import { accountNow } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { query, transactionally } from '../store/kysely/transactionally.ts';
import { revokeAccountSessionsStatement } from '../store/sessions.ts';
import { lastMessageLang } from '../store/outbox.ts';
import { type Actor, auditStatement } from './audit.ts';
import { accountLabel } from './commerce.ts';

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
export async function resetPasswordAudited(
  db: Db,
  deps: { secret: string; sender: MessageSender; siteOrigin: string },
  actor: Actor,
  accountId: string,
  now: number,
): Promise<{ sentTo: string }> {
  const a = await accountNow(db, accountId);
  if (a?.kind !== 'user') {
    throw new DomainError(OperatorErrCode.NOT_FOUND, `No subscriber ${accountId} with an email or phone`);
  }
  const address = a.email
    ? { channel: 'email' as const, key: a.email }
    : { channel: 'sms' as const, key: a.phone_key ?? '' };
  if (!address.key) throw new DomainError(OperatorErrCode.NOT_FOUND, `${accountId} has no address`);
  const how = {
    link: (key: string) => resetLink(deps.siteOrigin, key, a.email),
    lang: await lastMessageLang(db, address.key),
  };
  const service = await serviceName(db);
  // The sessions end, the code and its message are queued and the audit written together, or none of them.
  await transactionally(db, function* () {
    yield* query(revokeAccountSessionsStatement(db, accountId, 'password reset', now));
    yield* codeSteps(db, deps.secret, service, address, 'resetPassword', now, how);
    const change = { after: { sentTo: address.channel } };
    yield* query(auditStatement(db, actor, 'subscriber.resetPassword', accountId, change, now));
  });
  deps.sender.queued();
  return { sentTo: accountLabel(a) };
}
