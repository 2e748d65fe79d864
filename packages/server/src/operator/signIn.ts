import { createHash, createHmac, randomBytes } from 'node:crypto';
import { OperatorErrCode, type Operator } from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import {
  assertNotLocked,
  type Attempt,
  type Bucket,
  type Lockout,
  perAddress,
  refundAttempt,
  takeAttempt,
} from '../domain/limits.ts';
import type { MessageSender } from '../domain/messages.ts';
import { assertHashCapacity, dummyHash, verifyPassword } from '../domain/passwords.ts';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { atomically } from '../store/kysely/atomically.ts';
import { query, transactionally } from '../store/kysely/transactionally.ts';
import { findOperatorByEmail, type OperatorRow, toOperator } from './accounts.ts';
import { type Actor, auditStatement } from './audit.ts';
import { assertAccountOpen, clearAccountLock, countAccountFailure } from './signInGuard.ts';
import { base32Encode, matchTotp, newTotpSecret, openSecret, otpauthUri, sealSecret } from './totp.ts';

/** A sign-in step lives 5 minutes: long enough to open an authenticator app, short for a stolen challenge. */
export const CHALLENGE_MS = 5 * 60 * 1000;
export const RECOVERY_CODES = 10;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The console's limits (decision 0211), on the same limiter as every other code (decision 0150). */
export const OPERATOR_LIMITS = {
  /** Wrong passwords for one operator from one address. */
  pair: { kind: 'lockout', free: 5, baseMs: 30_000, maxMs: HOUR, forgetMs: 24 * HOUR } satisfies Lockout,
  /**
   * Wrong authenticator or recovery codes per operator and address. Across addresses they count on the
   * account's lock (signInGuard.ts), so 10^6 codes cannot be walked; per address, so that someone who knows
   * only the password locks out their own address, not the operator (issue 35, decision 0360).
   */
  code: { kind: 'lockout', free: 5, baseMs: 30_000, maxMs: HOUR, forgetMs: 24 * HOUR } satisfies Lockout,
  ip: { kind: 'bucket', burst: 20, intervalMs: HOUR / 60 } satisfies Bucket,
  range: { kind: 'bucket', burst: 100, intervalMs: HOUR / 300 } satisfies Bucket,
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
const wrongCredentials = () => new DomainError(OperatorErrCode.WRONG_CREDENTIALS, 'Wrong email or password');
const wrongCode = () => new DomainError(OperatorErrCode.WRONG_CODE, 'Wrong or already used code');

/** Wrong codes from one address for one operator; also holds that address's password step (issue 35). */
const codePair = (ip: string, operatorId: string): Attempt => ({
  key: `op-code:pair:${ip}:${operatorId}`,
  rule: OPERATOR_LIMITS.code,
});

export const actorOf = (o: Pick<OperatorRow, 'operator_id' | 'email'>): Actor => ({
  id: o.operator_id,
  email: o.email,
});

/** Step 1: email and password. Answers a challenge for step 2, and a fresh TOTP secret while not enrolled. */
export async function passwordStep(
  db: Db,
  config: ServerConfig,
  email: string,
  password: string,
  ip: string,
  now: number,
  sender: MessageSender,
): Promise<{ challenge: string; expiresAt: number; enrol?: { secret: string; otpauthUri: string } }> {
  const key = email.trim().toLowerCase();
  const attempts: Attempt[] = [
    { key: `op-login:pair:${ip}:${key}`, rule: OPERATOR_LIMITS.pair },
    ...perAddress('op-login', ip, OPERATOR_LIMITS.ip, OPERATOR_LIMITS.range),
  ];
  assertHashCapacity();
  const found = await findOperatorByEmail(db, key);
  await assertAccountOpen(db, key, found?.operator_id, ip, now);
  // Wrong codes from this address hold its password step too: a new challenge would start them afresh.
  if (found) await assertNotLocked(db, [codePair(ip, found.operator_id)], now);
  await takeAttempt(db, attempts, now);
  const row = found;
  // The same hash work whether or not the operator exists, so timing does not tell.
  const ok = await verifyPassword(
    password,
    row?.password_hash ?? (await dummyHash(config.passwordHashLog2N)),
  );
  if (!row || !ok || row.active !== 1) {
    await countAccountFailure(db, sender, key, row, 'password', ip, now);
    throw wrongCredentials();
  }
  await refundAttempt(db, attempts, now);
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = now + CHALLENGE_MS;
  const k = db.kysely;
  // Until the first code is confirmed, every sign-in offers a new secret (an abandoned QR is worth nothing).
  const secret = row.totp_enrolled === 1 ? undefined : newTotpSecret();
  await atomically(db, [
    k
      .deleteFrom('operator_challenges')
      .where((eb) => eb.or([eb('operator_id', '=', row.operator_id), eb('expires_at', '<=', now)]))
      .compile(),
    k
      .insertInto('operator_challenges')
      .values({ challenge_hash: sha256(challenge), operator_id: row.operator_id, expires_at: expiresAt })
      .compile(),
    ...(secret
      ? [
          k
            .updateTable('operators')
            .set({ totp_secret: sealSecret(config.secret, secret) })
            .where('operator_id', '=', row.operator_id)
            .compile(),
        ]
      : []),
  ]);
  if (!secret) return { challenge, expiresAt };
  const b32 = base32Encode(secret);
  return { challenge, expiresAt, enrol: { secret: b32, otpauthUri: otpauthUri(b32, row.email) } };
}

const recoveryHash = (config: ServerConfig, code: string) =>
  createHmac('sha256', config.secret)
    .update(`ottkit.operator-recovery.v1\n${code.replace('-', '').toUpperCase()}`)
    .digest('base64url');

/** 10 characters from an alphabet without look-alikes, printed XXXXX-XXXXX (about 50 bits each). */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  const s = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/**
 * Step 2: the authenticator code (±1 step, each step accepted once) or a recovery code (once). The first code
 * confirms the enrolment and answers the recovery codes, shown once. Answers the operator to start a session for.
 */
export async function codeStep(
  db: Db,
  config: ServerConfig,
  input: { challenge: string; code?: string; recoveryCode?: string },
  ip: string,
  now: number,
  sender: MessageSender,
): Promise<{ operator: Operator; recoveryCodes?: string[] }> {
  const k = db.kysely;
  const row = await k
    .selectFrom('operator_challenges as c')
    .innerJoin('operators as o', 'o.operator_id', 'c.operator_id')
    .selectAll('o')
    .where('c.challenge_hash', '=', sha256(input.challenge))
    .where('c.expires_at', '>', now)
    .executeTakeFirst();
  if (row?.active !== 1) {
    throw new DomainError(
      OperatorErrCode.CHALLENGE_EXPIRED,
      'This sign-in expired; enter your password again',
    );
  }
  const attempts: Attempt[] = [
    codePair(ip, row.operator_id),
    ...perAddress('op-code', ip, OPERATOR_LIMITS.ip, OPERATOR_LIMITS.range),
  ];
  await assertAccountOpen(db, row.email, row.operator_id, ip, now);
  await takeAttempt(db, attempts, now);
  const enrolling = row.totp_enrolled !== 1;
  // A code is used once: only a step newer than the last accepted one passes (replays, and older codes); a
  // recovery code is marked used. One statement each, so two sign-ins with the same code cannot both pass.
  const accepted = await (async () => {
    if (input.code !== undefined) {
      if (!row.totp_secret) return false;
      const step = matchTotp(openSecret(config.secret, row.totp_secret), input.code, now);
      if (step === undefined) return false;
      const r = await k
        .updateTable('operators')
        .set({ totp_last_step: step })
        .where('operator_id', '=', row.operator_id)
        .where('totp_last_step', '<', step)
        .executeTakeFirst();
      return r.numUpdatedRows === 1n;
    }
    if (enrolling || input.recoveryCode === undefined) return false;
    const r = await k
      .updateTable('operator_recovery_codes')
      .set({ used_at: now })
      .where('code_hash', '=', recoveryHash(config, input.recoveryCode))
      .where('operator_id', '=', row.operator_id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  })();
  if (!accepted) {
    await countAccountFailure(db, sender, row.email, row, 'code', ip, now);
    throw wrongCode();
  }
  await refundAttempt(db, attempts, now);
  await clearAccountLock(db, row.email);
  const recoveryCodes = enrolling ? Array.from({ length: RECOVERY_CODES }, newRecoveryCode) : undefined;
  return transactionally(db, function* () {
    yield* query(k.deleteFrom('operator_challenges').where('operator_id', '=', row.operator_id).compile());
    if (recoveryCodes) {
      yield* query(
        k
          .updateTable('operators')
          .set({ totp_enrolled: 1 })
          .where('operator_id', '=', row.operator_id)
          .compile(),
      );
      yield* query(
        k.deleteFrom('operator_recovery_codes').where('operator_id', '=', row.operator_id).compile(),
      );
      yield* query(
        k
          .insertInto('operator_recovery_codes')
          .values(
            recoveryCodes.map((code) => ({
              code_hash: recoveryHash(config, code),
              operator_id: row.operator_id,
            })),
          )
          .compile(),
      );
      yield* query(
        auditStatement(
          db,
          actorOf(row),
          'operator.enrolTotp',
          row.operator_id,
          { after: { totpEnrolled: true } },
          now,
        ),
      );
    }
    if (input.recoveryCode !== undefined) {
      yield* query(auditStatement(db, actorOf(row), 'operator.useRecoveryCode', row.operator_id, {}, now));
    }
    const updated = k.selectFrom('operators').selectAll().where('operator_id', '=', row.operator_id);
    const operator = toOperator((yield* query(updated.compile())).rows[0] ?? row);
    return recoveryCodes ? { operator, recoveryCodes } : { operator };
  });
}
