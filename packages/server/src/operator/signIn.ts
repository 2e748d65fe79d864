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
import { findOperatorByEmail, getOperatorRow, type OperatorRow, toOperator } from './accounts.ts';
import { type Actor, recordAudit } from './audit.ts';
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
  const found = findOperatorByEmail(db, key);
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
  db.transaction(() => {
    db.run('DELETE FROM operator_challenges WHERE operator_id = ? OR expires_at <= ?', row.operator_id, now);
    db.run(
      'INSERT INTO operator_challenges (challenge_hash, operator_id, expires_at) VALUES (?, ?, ?)',
      sha256(challenge),
      row.operator_id,
      expiresAt,
    );
  });
  if (row.totp_enrolled === 1) return { challenge, expiresAt };
  // Until the first code is confirmed, every sign-in offers a new secret (an abandoned QR is worth nothing).
  const secret = newTotpSecret();
  db.run(
    'UPDATE operators SET totp_secret = ? WHERE operator_id = ?',
    sealSecret(config.secret, secret),
    row.operator_id,
  );
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
  const c = db.get<{ operator_id: string }>(
    'SELECT operator_id FROM operator_challenges WHERE challenge_hash = ? AND expires_at > ?',
    sha256(input.challenge),
    now,
  );
  const row = c && getOperatorRow(db, c.operator_id);
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
  const accepted = db.transaction(() => {
    if (input.code !== undefined) {
      if (!row.totp_secret) return false;
      const step = matchTotp(openSecret(config.secret, row.totp_secret), input.code, now);
      if (step === undefined) return false;
      // A code is used once: only a step newer than the last accepted one passes (replays, and older codes).
      return (
        db.run(
          'UPDATE operators SET totp_last_step = ? WHERE operator_id = ? AND totp_last_step < ?',
          step,
          row.operator_id,
          step,
        ).changes === 1
      );
    }
    if (enrolling || input.recoveryCode === undefined) return false;
    return (
      db.run(
        'UPDATE operator_recovery_codes SET used_at = ? WHERE code_hash = ? AND operator_id = ? AND used_at IS NULL',
        now,
        recoveryHash(config, input.recoveryCode),
        row.operator_id,
      ).changes === 1
    );
  });
  if (!accepted) {
    await countAccountFailure(db, sender, row.email, row, 'code', ip, now);
    throw wrongCode();
  }
  await refundAttempt(db, attempts, now);
  clearAccountLock(db, row.email);
  return db.transaction(() => {
    db.run('DELETE FROM operator_challenges WHERE operator_id = ?', row.operator_id);
    let recoveryCodes: string[] | undefined;
    if (enrolling) {
      recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      db.run('UPDATE operators SET totp_enrolled = 1 WHERE operator_id = ?', row.operator_id);
      db.run('DELETE FROM operator_recovery_codes WHERE operator_id = ?', row.operator_id);
      for (const code of recoveryCodes) {
        db.run(
          'INSERT INTO operator_recovery_codes (code_hash, operator_id) VALUES (?, ?)',
          recoveryHash(config, code),
          row.operator_id,
        );
      }
      recordAudit(
        db,
        actorOf(row),
        'operator.enrolTotp',
        row.operator_id,
        { after: { totpEnrolled: true } },
        now,
      );
    }
    if (input.recoveryCode !== undefined) {
      recordAudit(db, actorOf(row), 'operator.useRecoveryCode', row.operator_id, {}, now);
    }
    const operator = toOperator(getOperatorRow(db, row.operator_id) as OperatorRow);
    return recoveryCodes ? { operator, recoveryCodes } : { operator };
  });
}
