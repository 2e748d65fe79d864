import { randomInt } from 'node:crypto';
import { ErrCode } from '@ottkit/api-client';
import { CODE_MESSAGE } from '@ottkit/api-client/contract';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { type MessageSender, messageTo } from './messages.ts';
import { keyedHash, randomToken, sameHash } from './tokens.ts';
import { composeMessage } from '../mail/texts.ts';
import { serviceName } from './brand.ts';

/** Spec §5 and issue 3: 4 digits, 10 minutes, single use, 5 wrong tries burn it, one send a minute. */
export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_WRONG_TRIES = 5;

export type Purpose = 'register' | 'resetPassword';

export interface Address {
  /** Normalised: lower-case email, or `+<country code><number>`. */
  key: string;
  channel: 'email' | 'sms';
}

interface CodeRow {
  authentication_key: string;
  code_hash: string;
  sent_at: number;
  expires_at: number;
  failed_attempts: number;
  used_at: number | null;
}

const wrongCode = () => new DomainError(ErrCode.WRONG_VERIFICATION_CODE, CODE_MESSAGE);

/** How a code's message is made and tied to the page that asked (`sendCode`). */
export interface CodeDelivery {
  /** false: nothing is sent but the answer looks the same (a password reset for an unknown address). */
  deliver?: boolean;
  /** Where the message sends the person to enter the code (support's reset, decision 0281). */
  link?: (authenticationKey: string) => string;
  /** The language of the message (the page's; English when ottkit has none such). */
  lang?: string;
}

/** What ties an outbox message to the code's key without storing the key itself (the page asks by the key). */
export const deliveryRef = (secret: string, authenticationKey: string) =>
  keyedHash(secret, `delivery:${authenticationKey}`);

/**
 * Creates a code for an address (replacing any earlier one) and hands its message, in the person's language and
 * signed with the operator's service name, to the sender. The page that asked may follow the message's delivery by
 * the code's key (`deliveryRef`).
 */
export function sendCode(
  db: Db,
  secret: string,
  sender: MessageSender,
  address: Address,
  purpose: Purpose,
  now: number,
  how: CodeDelivery = {},
): { authenticationKey: string } {
  const previous = db.get<CodeRow>(
    'SELECT * FROM verification_codes WHERE address = ? AND purpose = ?',
    address.key,
    purpose,
  );
  if (previous && now - previous.sent_at < RESEND_AFTER_MS) {
    const wait = Math.ceil((previous.sent_at + RESEND_AFTER_MS - now) / 1000);
    throw new DomainError(ErrCode.TOO_MANY_ATTEMPTS, `One code a minute per address; try again in ${wait} s`);
  }
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  const authenticationKey = randomToken(24);
  db.run(
    `INSERT INTO verification_codes (address, purpose, authentication_key, code_hash, sent_at, expires_at, failed_attempts, used_at)
     VALUES (?, ?, ?, ?, ?, ?, 0, NULL)
     ON CONFLICT (address, purpose) DO UPDATE SET authentication_key = excluded.authentication_key,
       code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
       failed_attempts = 0, used_at = NULL`,
    address.key,
    purpose,
    authenticationKey,
    keyedHash(secret, `${authenticationKey}:${code}`),
    now,
    now + CODE_TTL_MS,
  );
  if (how.deliver ?? true) {
    const link = how.link?.(authenticationKey);
    const m = composeMessage(purpose, how.lang ?? 'en', serviceName(db), { code, ...(link ? { link } : {}) });
    // A code that expired is not worth sending any more.
    const queued = { expires_at: now + CODE_TTL_MS, ref: deliveryRef(secret, authenticationKey) };
    sender.send(messageTo(address, m, queued), now);
  }
  return { authenticationKey };
}

/**
 * Spends a code: it must match the address, purpose and authenticationKey, be unexpired and unused.
 * A wrong code counts a try; the fifth wrong try burns it. Every failure answers the same message.
 */
export function consumeCode(
  db: Db,
  secret: string,
  address: Address,
  purpose: Purpose,
  authenticationKey: string,
  code: string,
  now: number,
): void {
  const row = db.get<CodeRow>(
    'SELECT * FROM verification_codes WHERE address = ? AND purpose = ?',
    address.key,
    purpose,
  );
  if (!row || row.used_at !== null || row.expires_at <= now || row.authentication_key !== authenticationKey) {
    throw wrongCode();
  }
  if (!sameHash(row.code_hash, keyedHash(secret, `${authenticationKey}:${code}`))) {
    const tries = row.failed_attempts + 1;
    db.run(
      'UPDATE verification_codes SET failed_attempts = ?, used_at = ? WHERE address = ? AND purpose = ?',
      tries,
      tries >= MAX_WRONG_TRIES ? now : null,
      address.key,
      purpose,
    );
    throw wrongCode();
  }
  const spent = db.run(
    'UPDATE verification_codes SET used_at = ? WHERE address = ? AND purpose = ? AND used_at IS NULL',
    now,
    address.key,
    purpose,
  );
  if (spent.changes !== 1) throw wrongCode();
}
