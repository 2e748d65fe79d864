import { randomBytes, randomInt } from 'node:crypto';
import { ErrCode } from '@ottkit/api-client';
import { LoginMethod, type SessionResult } from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import { HttpError } from '../http/route.ts';
import {
  type AccountRow,
  findAccountByEmail,
  findAccountByPhoneKey,
  findGuestByDevice,
  getAccount,
  insertAccount,
  putSubscription,
  updatePasswordHash,
  virtualCodeTaken,
} from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { revokeAccountSessions } from '../store/sessions.ts';
import { readSettings, visitorModeOn } from './appConfig.ts';
import { assertNotLocked, clearFailures, POLICIES, recordFailure, spendBudget } from './limits.ts';
import type { MessageSender } from './messages.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { startSession } from './sessions.ts';
import { buildUserInfo } from './userInfo.ts';
import { type Address, consumeCode, type Purpose, sendCode } from './verification.ts';

export interface Deps {
  db: Db;
  config: ServerConfig;
  sender: MessageSender;
  ip: string;
  now: number;
}

export interface AddressInput {
  email?: string;
  phonePreCode?: string;
  phone?: string;
}

/** One normal form per address, so 'A@x.io' and 'a@x.io', '+1'/'1' are the same account. */
export function addressOf(input: AddressInput): Address {
  if (input.email !== undefined) return { key: input.email.trim().toLowerCase(), channel: 'email' };
  const code = (input.phonePreCode ?? '').replace(/^\+/, '');
  return { key: `+${code}${input.phone ?? ''}`, channel: 'sms' };
}

function findByAddress(db: Db, a: Address): AccountRow | undefined {
  return a.channel === 'email' ? findAccountByEmail(db, a.key) : findAccountByPhoneKey(db, a.key);
}

/** Serialises attempts on one key in this process, so parallel guesses cannot all pass the lock check. */
const queues = new Map<string, Promise<unknown>>();
async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.catch(() => {});
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

function newVirtualCode(db: Db): string {
  for (;;) {
    const code = String(randomInt(1_000_000_000, 10_000_000_000));
    if (!virtualCodeTaken(db, code)) return code;
  }
}

function sessionResult(
  d: Deps,
  accountId: string,
  loginMethod: number,
  deviceId?: string | null,
): SessionResult {
  const { sessionId, tokens } = startSession(
    d.db,
    d.config.secret,
    { accountId, loginMethod, deviceId, clientIp: d.ip },
    d.now,
  );
  return { userInfo: buildUserInfo(d.db, accountId, sessionId, d.ip, d.now), tokens };
}

export function sendVerification(d: Deps, input: AddressInput, purpose: Purpose) {
  const address = addressOf(input);
  const ipKey = `send:ip:${d.ip}`;
  assertNotLocked(d.db, ipKey, d.now);
  const exists = findByAddress(d.db, address) !== undefined;
  if (purpose === 'register' && exists) {
    throw new HttpError(
      ErrCode.ACCOUNT_EXISTS,
      'An account with this address exists already; log in instead',
    );
  }
  // A reset for an unknown address answers the same, so the call does not reveal who has an account.
  const result = sendCode(
    d.db,
    d.config.secret,
    d.sender,
    address,
    purpose,
    d.now,
    purpose === 'register' || exists,
  );
  recordFailure(d.db, ipKey, POLICIES.sendIp, d.now);
  return { ...result, expiresInSeconds: 600, resendAfterSeconds: 60 };
}

export interface RegisterInput extends AddressInput {
  password: string;
  verificationCode: string;
  accountName?: string;
  country?: string;
}

export async function register(
  d: Deps,
  info: RegisterInput,
  authenticationKey: string,
  deviceId?: string,
): Promise<SessionResult> {
  const address = addressOf(info);
  if (findByAddress(d.db, address)) {
    throw new HttpError(
      ErrCode.ACCOUNT_EXISTS,
      'An account with this address exists already; log in instead',
    );
  }
  consumeCode(d.db, d.config.secret, address, 'register', authenticationKey, info.verificationCode, d.now);
  const passwordHash = await hashPassword(info.password, d.config.passwordHashLog2N);
  const s = readSettings(d.db);
  const accountId = `acc-${randomBytes(8).toString('hex')}`;
  const loginMethod = address.channel === 'email' ? LoginMethod.EMAIL : LoginMethod.PHONE;
  d.db.transaction(() => {
    if (findByAddress(d.db, address)) {
      throw new HttpError(
        ErrCode.ACCOUNT_EXISTS,
        'An account with this address exists already; log in instead',
      );
    }
    const trial = s.freeTrialDays > 0;
    const trialEnds = d.now + s.freeTrialDays * 24 * 60 * 60 * 1000;
    insertAccount(d.db, {
      account_id: accountId,
      kind: 'user',
      virtual_code: newVirtualCode(d.db),
      email: address.channel === 'email' ? address.key : null,
      phone_pre_code: address.channel === 'sms' ? `+${(info.phonePreCode ?? '').replace(/^\+/, '')}` : null,
      phone: address.channel === 'sms' ? (info.phone ?? null) : null,
      phone_key: address.channel === 'sms' ? address.key : null,
      account_name: info.accountName ?? (info.email?.split('@')[0] || info.phone || 'viewer'),
      password_hash: passwordHash,
      login_method: loginMethod,
      country: info.country ?? s.defaultCountry,
      device_id: deviceId ?? null,
      free_trial_status: trial ? 'USING' : 'NO_FREE_TRIAL_END',
      free_trial_ends_at: trial ? trialEnds : null,
      created_at: d.now,
    });
    if (trial) putSubscription(d.db, accountId, s.freeTrialProductId, trialEnds);
  });
  return sessionResult(d, accountId, loginMethod, deviceId);
}

const wrongCredentials = () => new HttpError(ErrCode.WRONG_CREDENTIALS, 'Wrong account or password');

/** Login with growing delays after failures, per account (address) and per caller address. */
export function login(d: Deps, info: AddressInput & { password: string }): Promise<SessionResult> {
  const address = addressOf(info);
  const accountKey = `login:acct:${address.key}`;
  const ipKey = `login:ip:${d.ip}`;
  return oneAtATime(accountKey, async () => {
    assertNotLocked(d.db, accountKey, d.now);
    assertNotLocked(d.db, ipKey, d.now);
    const account = findByAddress(d.db, address);
    const hash = account?.password_hash ?? (await dummyHash(d.config.passwordHashLog2N));
    const ok = await verifyPassword(info.password, hash);
    if (account?.kind !== 'user' || !ok) {
      recordFailure(d.db, accountKey, POLICIES.loginAccount, d.now);
      recordFailure(d.db, ipKey, POLICIES.loginIp, d.now);
      throw wrongCredentials();
    }
    clearFailures(d.db, accountKey);
    return sessionResult(
      d,
      account.account_id,
      address.channel === 'email' ? LoginMethod.EMAIL : LoginMethod.PHONE,
    );
  });
}

/** Starts a guest session; one guest account per device id when the client sends one. */
export function visitorLogin(d: Deps, deviceId?: string): SessionResult {
  if (!visitorModeOn(d.db, d.config)) {
    throw new HttpError(ErrCode.VISITOR_MODE_OFF, 'Visitor mode is off; log in or sign up');
  }
  const existing = deviceId ? findGuestByDevice(d.db, deviceId) : undefined;
  if (!existing) spendBudget(d.db, `guest:ip:${d.ip}`, POLICIES.guestIp, d.now);
  const accountId = existing?.account_id ?? `gst-${randomBytes(8).toString('hex')}`;
  if (!existing) {
    insertAccount(d.db, {
      account_id: accountId,
      kind: 'guest',
      virtual_code: newVirtualCode(d.db),
      email: null,
      phone_pre_code: null,
      phone: null,
      phone_key: null,
      account_name: 'Guest',
      password_hash: null,
      login_method: LoginMethod.VIRTUAL_CODE,
      country: readSettings(d.db).defaultCountry,
      device_id: deviceId ?? null,
      free_trial_status: 'NOT_START',
      free_trial_ends_at: null,
      created_at: d.now,
    });
  }
  return sessionResult(d, accountId, LoginMethod.VIRTUAL_CODE, deviceId);
}

export async function resetPassword(
  d: Deps,
  input: AddressInput & { verificationCode: string; authenticationKey: string; newPassword: string },
): Promise<void> {
  const address = addressOf(input);
  consumeCode(
    d.db,
    d.config.secret,
    address,
    'resetPassword',
    input.authenticationKey,
    input.verificationCode,
    d.now,
  );
  const account = findByAddress(d.db, address);
  if (account?.kind !== 'user') {
    throw new HttpError(ErrCode.WRONG_VERIFICATION_CODE, 'Wrong Verification code or No Verification code');
  }
  const hash = await hashPassword(input.newPassword, d.config.passwordHashLog2N);
  d.db.transaction(() => {
    updatePasswordHash(d.db, account.account_id, hash);
    revokeAccountSessions(d.db, account.account_id, 'password-reset', d.now);
    clearFailures(d.db, `login:acct:${address.key}`);
  });
}

export function modifyPassword(
  d: Deps,
  accountId: string,
  sessionId: string,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const key = `login:acct:${accountId}`;
  return oneAtATime(key, async () => {
    assertNotLocked(d.db, key, d.now);
    const account = getAccount(d.db, accountId);
    if (!account?.password_hash || !(await verifyPassword(oldPassword, account.password_hash))) {
      recordFailure(d.db, key, POLICIES.loginAccount, d.now);
      throw new HttpError(ErrCode.WRONG_OLD_PASSWORD, 'The current password is wrong');
    }
    if (oldPassword === newPassword) {
      throw new HttpError(ErrCode.SAME_PASSWORD, 'The new password must differ from the current one');
    }
    clearFailures(d.db, key);
    const hash = await hashPassword(newPassword, d.config.passwordHashLog2N);
    d.db.transaction(() => {
      updatePasswordHash(d.db, accountId, hash);
      revokeAccountSessions(d.db, accountId, 'password-changed', d.now, sessionId);
    });
  });
}
