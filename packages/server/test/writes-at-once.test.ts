import { contract, ErrCode } from '@ottkit/api-client';
import { operatorContract } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRechargeBatch } from '../src/domain/recharge.ts';
import { memberSiteGrant, signMemberSiteGrant } from '../src/http/memberSiteGrant.ts';
import { DEMO_PASSWORD } from '../src/seed/accounts.ts';
import { bearer, latestCode, loginAs, registerEmail, startServer, type TestServer } from './helpers.ts';
import { signInOperator } from './operatorHelpers.ts';

// The commerce writes and the sign-up on the asynchronous store (decision 0408), sent at the same moment: on PostgreSQL they run
// on the pool's connections side by side, with no advisory lock to queue them, so each guarantee rests on the
// statement that gives it (a conditional update, a unique key, one upsert). On SQLite they take turns.
const A = contract.account;
const O = operatorContract.operator;
const DAY = 24 * 3600 * 1000;
const secret = 'operator-member-site-secret-0123456789';
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ config: { memberSiteSecret: secret } });
});
afterAll(() => t.close());

async function newUser(email: string) {
  await registerEmail(t, email, DEMO_PASSWORD);
  return loginAs(t, email, DEMO_PASSWORD);
}

/** The expiry of one product of the account, as its user info answers it. */
async function expiryOf(token: string, productId: string) {
  const info = A.userInfo.response.parse((await t.post(A.userInfo.path, {}, bearer(token))).body.data);
  return info.subscriptionList.find((s) => s.productId === productId)?.expiredTs;
}

const codes = (n: number) =>
  createRechargeBatch(t.server.db, t.server.config.secret, 'plan-sports', n, t.clock.now).codes;

describe('commerce writes sent at once', () => {
  it('one recharge code sent five times at once is spent once', async () => {
    const s = await newUser('five-at-once@example.com');
    const [code] = codes(1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.post(A.recharge.path, { rechargeCodePassword: code, virtualCode: s.virtualCode }, bearer(s.token)),
      ),
    );
    const errCodes = answers.map((a) => a.body.errCode).sort((a, b) => a - b);
    expect(errCodes).toEqual([0, ...Array(4).fill(ErrCode.RECHARGE_CODE_USED)]);
    expect(await expiryOf(s.token, 'live-sports')).toBe(t.clock.now + 30 * DAY);
  });

  it('two codes of one account redeemed at once both count', async () => {
    const s = await newUser('two-codes@example.com');
    const answers = await Promise.all(
      codes(2).map((code) =>
        t.post(A.recharge.path, { rechargeCodePassword: code, virtualCode: s.virtualCode }, bearer(s.token)),
      ),
    );
    expect(answers.map((a) => a.body.errCode)).toEqual([0, 0]);
    const expiries = answers.map((a) => A.recharge.response.parse(a.body.data).expiredTs).sort();
    expect(expiries).toEqual([t.clock.now + 30 * DAY, t.clock.now + 60 * DAY]);
    expect(await expiryOf(s.token, 'live-sports')).toBe(t.clock.now + 60 * DAY);
  });

  it('a member-site grant delivered four times at once credits once', async () => {
    const s = await newUser('grant-at-once@example.com');
    const grant = {
      accountId: s.accountId,
      planId: 'plan-sports',
      grantId: 'pay-at-once',
      issuedAt: t.clock.now,
    };
    const body = { ...grant, signature: signMemberSiteGrant(secret, grant) };
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.post(memberSiteGrant.path, body)));
    expect(answers.filter((a) => a.body.errCode === 0)).toHaveLength(1);
    expect(await expiryOf(s.token, 'live-sports')).toBe(t.clock.now + 30 * DAY);
  });

  it("an operator's three grants at once extend three times, each audited with its own before and after", async () => {
    const s = await newUser('granted-thrice@example.com');
    const support = await signInOperator(t, 'support-at-once@ottkit.test', 'support');
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.post(
          O.subscriberGrantPlan.path,
          { accountId: s.accountId, planId: 'plan-sports' },
          { cookie: support.cookie },
        ),
      ),
    );
    expect(answers.map((a) => a.body.errCode)).toEqual([0, 0, 0]);
    expect(await expiryOf(s.token, 'live-sports')).toBe(t.clock.now + 90 * DAY);
    const entries = t.server.db.all<{ before_json: string; after_json: string }>(
      "SELECT before_json, after_json FROM operator_audit WHERE action = 'subscriber.grantPlan' AND target = ? ORDER BY seq",
      s.accountId,
    );
    const sports = (json: string) =>
      (JSON.parse(json) as Array<{ productId: string; expiredTs: number }>).find(
        (p) => p.productId === 'live-sports',
      )?.expiredTs ?? null;
    // Each entry's before is the one before it's after: no two grants read the same "before".
    expect(entries.map((e) => [sports(e.before_json), sports(e.after_json)])).toEqual([
      [null, t.clock.now + 30 * DAY],
      [t.clock.now + 30 * DAY, t.clock.now + 60 * DAY],
      [t.clock.now + 60 * DAY, t.clock.now + 90 * DAY],
    ]);
  });

  it('one sign-up sent three times at once with its code makes one account', async () => {
    const email = 'signed-up-once@example.com';
    const sent = await t.post(A.verification.path, { email, purpose: 'register' });
    const { authenticationKey } = sent.body.data as { authenticationKey: string };
    const registerInfo = { email, password: DEMO_PASSWORD, verificationCode: latestCode(t, email) };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => t.post(A.register.path, { registerInfo, authenticationKey })),
    );
    expect(answers.filter((a) => a.body.errCode === 0)).toHaveLength(1);
    expect(accountsWith(email)).toBe(1);
  });

  it('an address that got an account another way meanwhile is refused in words, and nothing is written', async () => {
    const email = 'taken-meanwhile@example.com';
    const sent = await t.post(A.verification.path, { email, purpose: 'register' });
    const { authenticationKey } = sent.body.data as { authenticationKey: string };
    // The account another process (or a sign-in with Google) made after the code was sent.
    t.server.db.run(
      `INSERT INTO accounts (account_id, kind, virtual_code, email, account_name, login_method, country,
         free_trial_status, created_at) VALUES ('acc-meanwhile', 'user', '5550001', ?, 'A', 1, 'US', 'NOT_START', 0)`,
      email,
    );
    const subscriptionsBefore = t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM subscriptions')?.n;
    const answer = await t.post(A.register.path, {
      registerInfo: { email, password: DEMO_PASSWORD, verificationCode: latestCode(t, email) },
      authenticationKey,
    });
    expect(answer.body).toEqual({
      errCode: ErrCode.ACCOUNT_EXISTS,
      errMsg: 'An account with this address exists already; log in instead',
    });
    expect(accountsWith(email)).toBe(1);
    expect(t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM subscriptions')?.n).toBe(
      subscriptionsBefore,
    );
  });
});

const accountsWith = (email: string) =>
  t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM accounts WHERE email = ?', email)?.n;

describe('a refresh token sent twice at once (decision 0411)', () => {
  it('is answered once, and the copy ends the whole session', async () => {
    const s = await newUser('refresh-twice@example.com');
    const answers = await Promise.all(
      [1, 2].map(() => t.post(A.refreshToken.path, { refreshToken: s.refreshToken })),
    );
    const errCodes = answers.map((a) => a.body.errCode).sort((a, b) => a - b);
    expect(errCodes).toEqual([0, ErrCode.SESSION_INVALID]);
    // The one answered holds tokens of a revoked family: they are refused too.
    const fresh = answers.find((a) => a.body.errCode === 0)?.body.data as { tokens: { token: string } };
    expect((await t.post(A.userInfo.path, {}, bearer(fresh.tokens.token))).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
    expect((await t.post(A.userInfo.path, {}, bearer(s.token))).body.errCode).toBe(ErrCode.SESSION_INVALID);
  });
});
