import { randomInt } from 'node:crypto';
import { ErrCode } from '@ottkit/api-client';
import { CODE_MESSAGE } from '@ottkit/api-client/contract';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import { enqueueStatement } from '../store/outbox.ts';
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
 * Creates a code for an address (replacing any earlier one) and queues its message, in the person's language and
 * signed with the operator's service name (`service`), as statements of a `transactionally` body: the change
 * that sends a code (a console's reset, which also ends the sessions) commits with it. The page that asked may
 * follow the message's delivery by the code's key (`deliveryRef`). The code's row is written only when the
 * address's last one is a minute old: the statement itself decides, whoever sends at the same moment.
 */
export function* codeSteps(
  db: Db,
  secret: string,
  service: string,
  address: Address,
  purpose: Purpose,
  now: number,
  how: CodeDelivery = {},
): Statements<{ authenticationKey: string }> {
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  const authenticationKey = randomToken(24);
  const row = {
    address: address.key,
    purpose,
    authentication_key: authenticationKey,
    code_hash: keyedHash(secret, `${authenticationKey}:${code}`),
    sent_at: now,
    expires_at: now + CODE_TTL_MS,
    failed_attempts: 0,
    used_at: null,
  };
  const written = yield* query(
    db.kysely
      .insertInto('verification_codes')
      .values(row)
      .onConflict((c) =>
        c
          .columns(['address', 'purpose'])
          .doUpdateSet(row)
          .where('verification_codes.sent_at', '<=', now - RESEND_AFTER_MS),
      )
      .returning('address')
      .compile(),
  );
  if (written.rows.length === 0) {
    const previous = yield* query(
      db.kysely
        .selectFrom('verification_codes')
        .select('sent_at')
        .where('address', '=', address.key)
        .where('purpose', '=', purpose)
        .compile(),
    );
    const wait = Math.ceil(((previous.rows[0]?.sent_at ?? now) + RESEND_AFTER_MS - now) / 1000);
    throw new DomainError(ErrCode.TOO_MANY_ATTEMPTS, `One code a minute per address; try again in ${wait} s`);
  }
  if (how.deliver ?? true) {
    const link = how.link?.(authenticationKey);
    const m = composeMessage(purpose, how.lang ?? 'en', service, { code, ...(link ? { link } : {}) });
    // A code that expired is not worth sending any more.
    const queued = { expires_at: now + CODE_TTL_MS, ref: deliveryRef(secret, authenticationKey) };
    yield* query(enqueueStatement(db, messageTo(address, m, queued), now));
  }
  return { authenticationKey };
}

/** `codeSteps` on their own, the delivery told once they are in. */
export async function sendCode(
  db: Db,
  secret: string,
  sender: MessageSender,
  address: Address,
  purpose: Purpose,
  now: number,
  how: CodeDelivery = {},
): Promise<{ authenticationKey: string }> {
  const service = await serviceName(db);
  const sent = await transactionally(db, () => codeSteps(db, secret, service, address, purpose, now, how));
  sender.queued();
  return sent;
}

/**
 * Spends a code: it must match the address, purpose and authenticationKey, be unexpired and unused.
 * Each try is taken from the code before it is compared, in one statement, so at most `MAX_WRONG_TRIES` codes
 * are ever compared, however many arrive at once; the last wrong one burns it. A right code gives its try back.
 * Every failure answers the same message.
 */
export async function consumeCode(
  db: Db,
  secret: string,
  address: Address,
  purpose: Purpose,
  authenticationKey: string,
  code: string,
  now: number,
): Promise<void> {
  const open = db.kysely
    .updateTable('verification_codes')
    .where('address', '=', address.key)
    .where('purpose', '=', purpose)
    .where('authentication_key', '=', authenticationKey)
    .where('used_at', 'is', null);
  const taken = await open
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', MAX_WRONG_TRIES)
    .returning(['code_hash', 'failed_attempts'])
    .executeTakeFirst();
  if (!taken) throw wrongCode();
  if (!sameHash(taken.code_hash, keyedHash(secret, `${authenticationKey}:${code}`))) {
    if (taken.failed_attempts >= MAX_WRONG_TRIES) await open.set({ used_at: now }).execute();
    throw wrongCode();
  }
  const spent = await open
    .set((eb) => ({ used_at: now, failed_attempts: eb('failed_attempts', '-', 1) }))
    .executeTakeFirst();
  if (spent.numUpdatedRows !== 1n) throw wrongCode();
}
