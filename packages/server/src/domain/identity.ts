import { randomBytes, randomInt } from 'node:crypto';
import { ErrCode } from '@ottkit/api-client';
import { LoginMethod, type SessionResult } from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import { DomainError } from './errors.ts';
import {
  type AccountRow,
  accountByAddressNow,
  accountNow,
  findGuestByDevice,
  insertAccountNow,
  insertUserStatement,
  updatePasswordHashStatement,
  virtualCodeTaken,
} from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { query, transactionally } from '../store/kysely/transactionally.ts';
import { extendSubscription } from '../store/subscriptions.ts';
import { revokeAccountSessionsStatement } from '../store/sessions.ts';
import { settingsValuesNow, visitorModeOn } from './appConfig.ts';
import { type Attempt, clearAttempts, POLICIES, perAddress, refundAttempt, takeAttempt } from './limits.ts';
import { type MessageSender, messageTo } from './messages.ts';
import { assertHashCapacity, dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { beginSession } from './sessions.ts';
import { keyedHash, randomToken } from './tokens.ts';
import { buildUserInfo } from './userInfo.ts';
import { type Address, consumeCode, deliveryRef, type Purpose, sendCode } from './verification.ts';
import { composeMessage } from '../mail/texts.ts';
import { serviceName } from './brand.ts';

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

function findByAddress(db: Db, a: Address): Promise<AccountRow | undefined> {
  return accountByAddressNow(db, a.channel === 'email' ? 'email' : 'phone_key', a.key);
}

async function newVirtualCode(db: Db): Promise<string> {
  for (;;) {
    const code = String(randomInt(1_000_000_000, 10_000_000_000));
    if (!(await virtualCodeTaken(db, code))) return code;
  }
}

async function sessionResult(
  d: Deps,
  accountId: string,
  loginMethod: number,
  deviceId?: string | null,
  account?: AccountRow,
): Promise<SessionResult> {
  const { sessionId, tokens } = await beginSession(
    d.db,
    d.config.secret,
    { accountId, loginMethod, deviceId, clientIp: d.ip },
    d.now,
  );
  // The session was begun with this method just now; the account, when given, was read by the caller.
  const known = { loginMethod, account };
  return { userInfo: await buildUserInfo(d.db, accountId, sessionId, d.ip, d.now, 'en', known), tokens };
}

export async function sendVerification(d: Deps, input: AddressInput, purpose: Purpose, lang = 'en') {
  const address = addressOf(input);
  await takeAttempt(d.db, perAddress('send', d.ip, POLICIES.sendIp, POLICIES.sendRange), d.now);
  const exists = (await findByAddress(d.db, address)) !== undefined;
  // Either way the caller gets the same answer, so the call does not reveal who has an account: a sign-up
  // for a known address mails "you have an account", a reset for an unknown one sends nothing.
  const deliver = purpose === 'register' ? !exists : exists;
  const result = await sendCode(d.db, d.config.secret, d.sender, address, purpose, d.now, { deliver, lang });
  if (purpose === 'register' && exists) {
    const m = composeMessage('accountExists', lang, await serviceName(d.db));
    // Followed by the page like a code's message, so the two answers stay alike.
    const ref = deliveryRef(d.config.secret, result.authenticationKey);
    await d.sender.send(messageTo(address, m, { ref }), d.now);
  }
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
  // The code first: only the address's owner learns that it has an account (no code is sent to it then).
  // A full hashing queue is refused before the single-use code is spent.
  assertHashCapacity();
  await consumeCode(
    d.db,
    d.config.secret,
    address,
    'register',
    authenticationKey,
    info.verificationCode,
    d.now,
  );
  const passwordHash = await hashPassword(info.password, d.config.passwordHashLog2N);
  const s = await settingsValuesNow(d.db);
  const accountId = `acc-${randomBytes(8).toString('hex')}`;
  const loginMethod = address.channel === 'email' ? LoginMethod.EMAIL : LoginMethod.PHONE;
  const trial = s.freeTrialDays > 0;
  const trialEnds = d.now + s.freeTrialDays * 24 * 60 * 60 * 1000;
  const virtualCode = await newVirtualCode(d.db);
  // One transaction on the asynchronous store (decision 0408): the address's unique key, not a read before the
  // insert, decides between two sign-ups of one address, on any process at the same moment.
  const created = await transactionally(d.db, function* () {
    const inserted = yield* query(
      insertUserStatement(d.db, address.channel === 'email' ? 'email' : 'phone_key', {
        account_id: accountId,
        kind: 'user',
        virtual_code: virtualCode,
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
      }),
    );
    if (inserted.rows.length === 0) return false;
    if (trial)
      yield* query(extendSubscription(d.db, accountId, s.freeTrialProductId, s.freeTrialDays, d.now));
    return true;
  });
  if (!created) {
    throw new DomainError(
      ErrCode.ACCOUNT_EXISTS,
      'An account with this address exists already; log in instead',
    );
  }
  return sessionResult(d, accountId, loginMethod, deviceId);
}

const wrongCredentials = () => new DomainError(ErrCode.WRONG_CREDENTIALS, 'Wrong account or password');

/**
 * The counters a wrong password spends (docs/decisions/0150): the lock grows on the offender (this address
 * guessing this account), the shared ones (the account from everywhere, the address, its range) are sliding
 * budgets, so the owner logging in from another address is not locked out by an attacker.
 */
export function loginAttempts(addressKey: string, ip: string): Attempt[] {
  return [
    { key: `login:pair:${addressKey}|${ip}`, rule: POLICIES.loginPair },
    { key: `login:acct:${addressKey}`, rule: POLICIES.loginAccount },
    ...perAddress('login', ip, POLICIES.loginIp, POLICIES.loginRange),
  ];
}

/**
 * Login. The attempt is counted before the password is hashed (atomically), so a burst of parallel guesses
 * gets at most the limit of hashes; a right password gives the count back.
 */
export async function login(d: Deps, info: AddressInput & { password: string }): Promise<SessionResult> {
  const address = addressOf(info);
  const attempts = loginAttempts(address.key, d.ip);
  assertHashCapacity();
  // On the asynchronous store (decision 0411): on PostgreSQL a sign-in holds up no other request of the process.
  await takeAttempt(d.db, attempts, d.now);
  const account = await accountByAddressNow(
    d.db,
    address.channel === 'email' ? 'email' : 'phone_key',
    address.key,
  );
  const hash = account?.password_hash ?? (await dummyHash(d.config.passwordHashLog2N));
  const ok = await verifyPassword(info.password, hash);
  if (account?.kind !== 'user' || !ok) throw wrongCredentials();
  await refundAttempt(d.db, attempts, d.now);
  // The account as read for the password check: the answer is the account the sign-in admitted.
  return sessionResult(
    d,
    account.account_id,
    address.channel === 'email' ? LoginMethod.EMAIL : LoginMethod.PHONE,
    undefined,
    account,
  );
}

/** Starts a guest session; one guest account per device id when the client sends one. */
export async function visitorLogin(
  d: Deps,
  deviceId?: string,
  deviceSecret?: string,
): Promise<{ result: SessionResult; deviceSecret?: string }> {
  if (!(await visitorModeOn(d.db, d.config))) {
    throw new DomainError(ErrCode.VISITOR_MODE_OFF, 'Visitor mode is off; log in or sign up');
  }
  // The device id is not a secret (page scripts hold it): a guest is found again only by the id together
  // with the secret bound when it was created (an HttpOnly cookie for the site). Without it: a new guest.
  const secret = deviceId ? (deviceSecret ?? randomToken()) : undefined;
  const deviceKey = deviceId && secret ? `dev:${keyedHash(d.config.secret, `${deviceId}:${secret}`)}` : null;
  const existing = deviceKey ? await findGuestByDevice(d.db, deviceKey) : undefined;
  if (!existing)
    await takeAttempt(d.db, perAddress('guest', d.ip, POLICIES.guestIp, POLICIES.guestRange), d.now);
  const accountId = existing?.account_id ?? `gst-${randomBytes(8).toString('hex')}`;
  if (!existing) {
    await insertAccountNow(d.db, {
      account_id: accountId,
      kind: 'guest',
      virtual_code: await newVirtualCode(d.db),
      email: null,
      phone_pre_code: null,
      phone: null,
      phone_key: null,
      account_name: 'Guest',
      password_hash: null,
      login_method: LoginMethod.VIRTUAL_CODE,
      country: (await settingsValuesNow(d.db)).defaultCountry,
      device_id: deviceKey,
      free_trial_status: 'NOT_START',
      free_trial_ends_at: null,
      created_at: d.now,
    });
  }
  return {
    result: await sessionResult(d, accountId, LoginMethod.VIRTUAL_CODE, deviceId),
    deviceSecret: secret,
  };
}

export async function resetPassword(
  d: Deps,
  input: AddressInput & { verificationCode: string; authenticationKey: string; newPassword: string },
): Promise<void> {
  const address = addressOf(input);
  assertHashCapacity();
  await consumeCode(
    d.db,
    d.config.secret,
    address,
    'resetPassword',
    input.authenticationKey,
    input.verificationCode,
    d.now,
  );
  const account = await findByAddress(d.db, address);
  if (account?.kind !== 'user') {
    throw new DomainError(ErrCode.WRONG_VERIFICATION_CODE, 'Wrong Verification code or No Verification code');
  }
  const hash = await hashPassword(input.newPassword, d.config.passwordHashLog2N);
  await storePassword(d.db, account.account_id, hash, 'password-reset', d.now);
  // The address's sign-in locks go once the new password is in: a reset is how a locked-out viewer gets back in.
  await clearAttempts(d.db, [`login:acct:${address.key}`], [`login:pair:${address.key}|`]);
}

export async function modifyPassword(
  d: Deps,
  accountId: string,
  sessionId: string,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const attempts = [{ key: `modify:acct:${accountId}`, rule: POLICIES.modifyPassword }];
  assertHashCapacity();
  await takeAttempt(d.db, attempts, d.now);
  const account = await accountNow(d.db, accountId);
  if (!account?.password_hash || !(await verifyPassword(oldPassword, account.password_hash))) {
    throw new DomainError(ErrCode.WRONG_OLD_PASSWORD, 'The current password is wrong');
  }
  await refundAttempt(d.db, attempts, d.now);
  if (oldPassword === newPassword) {
    throw new DomainError(ErrCode.SAME_PASSWORD, 'The new password must differ from the current one');
  }
  const hash = await hashPassword(newPassword, d.config.passwordHashLog2N);
  await storePassword(d.db, accountId, hash, 'password-changed', d.now, sessionId);
}

/** A new password, and every session of the account but `keep` ended with it, in one transaction. */
function storePassword(db: Db, accountId: string, hash: string, reason: string, now: number, keep = '') {
  return transactionally(db, function* () {
    yield* query(updatePasswordHashStatement(db, accountId, hash));
    yield* query(revokeAccountSessionsStatement(db, accountId, reason, now, keep));
  });
}
