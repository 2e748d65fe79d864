import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { MemberSiteErrCode, memberSiteAccount, memberSitePurchase } from '../src/http/memberSite.ts';
import { memberSiteGrant, signMemberSiteGrant } from '../src/http/memberSiteGrant.ts';
import { DEMO_PASSWORD } from '../src/seed/accounts.ts';
import { bearer, registerEmail, startServer, type TestServer } from './helpers.ts';

const DAY = 24 * 3600 * 1000;

async function session(t: TestServer, email: string) {
  await registerEmail(t, email, DEMO_PASSWORD);
  const res = await t.post(contract.account.login.path, { loginInfo: { email, password: DEMO_PASSWORD } });
  return contract.account.login.response.parse(res.body.data);
}

async function guest(t: TestServer) {
  const res = await t.post(contract.account.visitorLogin.path, { deviceId: `device-${Math.random()}` });
  return contract.account.visitorLogin.response.parse(res.body.data);
}

/** What the account holds beyond the free trial every new account gets (live-basic). */
async function subscriptions(t: TestServer, token: string) {
  const info = await t.post(contract.account.userInfo.path, {}, bearer(token));
  return contract.account.userInfo.response
    .parse(info.body.data)
    .subscriptionList.filter((s) => s.productId !== 'live-basic');
}

const count = (t: TestServer, table: string) =>
  t.server.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)?.n;

describe('sandbox member site turned off (the default)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ config: { visitorMode: true } });
  });
  afterAll(() => t.close());

  it('gives no plan to a logged-in user or a guest who posts their memberSiteToken', async () => {
    const user = await session(t, 'freeloader@example.com');
    const visitor = await guest(t);
    const before = count(t, 'subscriptions');
    for (const s of [user, visitor]) {
      const bought = await t.post(memberSitePurchase.path, {
        memberSiteToken: s.tokens.memberSiteToken,
        planId: 'plan-sports',
      });
      expect(bought.status).toBe(404);
      expect(bought.body.errCode).toBe(ErrCode.NOT_FOUND);
      const who = await t.post(memberSiteAccount.path, { memberSiteToken: s.tokens.memberSiteToken });
      expect(who.status).toBe(404);
      expect(await subscriptions(t, s.tokens.token)).toEqual([]);
    }
    expect(count(t, 'subscriptions')).toBe(before);
  });

  it('accepts no grant at all while no member-site secret is configured', async () => {
    const user = await session(t, 'nosecret@example.com');
    const grant = {
      accountId: user.userInfo.accountId,
      planId: 'plan-sports',
      grantId: 'pay-0001',
      issuedAt: t.clock.now,
    };
    const signed = signMemberSiteGrant('x'.repeat(32), grant);
    const res = await t.post(memberSiteGrant.path, { ...grant, signature: signed });
    expect(res.status).toBe(404);
    expect(await subscriptions(t, user.tokens.token)).toEqual([]);
  });
});

describe('sandbox member site turned on for testing', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ config: { memberSiteSandbox: true, visitorMode: true } });
  });
  afterAll(() => t.close());

  it('checks the member-site token, sells a plan and credits the subscription', async () => {
    const s = await session(t, 'shopper@example.com');
    const who = await t.post(memberSiteAccount.path, { memberSiteToken: s.tokens.memberSiteToken });
    expect(who.body).toMatchObject({ errCode: 0, data: { accountId: s.userInfo.accountId } });

    const bought = await t.post(memberSitePurchase.path, {
      memberSiteToken: s.tokens.memberSiteToken,
      planId: 'plan-sports',
    });
    expect(bought.body).toMatchObject({
      errCode: 0,
      data: { planId: 'plan-sports', productId: 'live-sports', expiredTs: t.clock.now + 30 * DAY },
    });
    const info = await t.post(contract.account.userInfo.path, {}, bearer(s.tokens.token));
    const user = contract.account.userInfo.response.parse(info.body.data);
    expect(user.subscriptionList).toContainEqual({
      productId: 'live-sports',
      expiredTs: t.clock.now + 30 * DAY,
      productName: 'Sports add-on',
    });
    expect(user.rechargeStatus).toBe('MEMBER_SITE');
    // The purchase lands in the message centre.
    const unread = await t.post(contract.message.unreadCount.path, {}, bearer(s.tokens.token));
    expect(unread.body.data).toEqual({ unreadCount: 1 });
  });

  it("credits only the account the token was issued to, whoever's session sends it; guests buy nothing", async () => {
    const owner = await session(t, 'owner@example.com');
    const other = await session(t, 'other@example.com');
    const bought = await t.post(
      memberSitePurchase.path,
      { memberSiteToken: owner.tokens.memberSiteToken, planId: 'plan-sports' },
      bearer(other.tokens.token),
    );
    expect(bought.body.errCode).toBe(0);
    expect((await subscriptions(t, owner.tokens.token)).length).toBe(1);
    expect(await subscriptions(t, other.tokens.token)).toEqual([]);

    const visitor = await guest(t);
    const r = await t.post(memberSitePurchase.path, {
      memberSiteToken: visitor.tokens.memberSiteToken,
      planId: 'plan-sports',
    });
    expect(r.body.errCode).toBe(MemberSiteErrCode.GUEST_CANNOT_BUY);
    expect(await subscriptions(t, visitor.tokens.token)).toEqual([]);
  });

  it('refuses forged, expired and logged-out tokens, and unknown plans', async () => {
    const s = await session(t, 'late@example.com');
    const forged = `${s.tokens.memberSiteToken.slice(0, -4)}AAAA`;
    const r1 = await t.post(memberSitePurchase.path, { memberSiteToken: forged, planId: 'plan-monthly' });
    expect(r1.body.errCode).toBe(MemberSiteErrCode.TOKEN_INVALID);
    const r2 = await t.post(memberSitePurchase.path, {
      memberSiteToken: s.tokens.memberSiteToken,
      planId: 'nope',
    });
    expect(r2.body.errCode).toBe(MemberSiteErrCode.PLAN_NOT_FOUND);
    await t.post(contract.account.logout.path, {}, bearer(s.tokens.token));
    const r3 = await t.post(memberSiteAccount.path, { memberSiteToken: s.tokens.memberSiteToken });
    expect(r3.body.errCode).toBe(MemberSiteErrCode.TOKEN_INVALID);

    const s2 = await session(t, 'slow@example.com');
    t.advance(16 * 60 * 1000);
    const r4 = await t.post(memberSiteAccount.path, { memberSiteToken: s2.tokens.memberSiteToken });
    expect(r4.body.errCode).toBe(MemberSiteErrCode.TOKEN_INVALID);
  });
});

describe("a real member site's grant", () => {
  const secret = 'operator-member-site-secret-0123456789';
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ config: { memberSiteSecret: secret } });
  });
  afterAll(() => t.close());

  it('credits a plan only when signed with the operator secret, fresh and used once', async () => {
    const s = await session(t, 'payer@example.com');
    const grant = {
      accountId: s.userInfo.accountId,
      planId: 'plan-sports',
      grantId: 'pay-1001',
      issuedAt: t.clock.now,
    };
    const post = (body: Record<string, unknown>) => t.post(memberSiteGrant.path, body);

    const unsigned = await post({ ...grant, signature: '' });
    expect(unsigned.body.errCode).toBe(MemberSiteErrCode.GRANT_INVALID);
    const wrongKey = await post({ ...grant, signature: signMemberSiteGrant('y'.repeat(40), grant) });
    expect(wrongKey.body.errCode).toBe(MemberSiteErrCode.GRANT_INVALID);
    // A valid signature for one plan does not buy another.
    const swapped = await post({
      ...grant,
      planId: 'plan-monthly',
      signature: signMemberSiteGrant(secret, grant),
    });
    expect(swapped.body.errCode).toBe(MemberSiteErrCode.GRANT_INVALID);
    const stale = { ...grant, issuedAt: t.clock.now - 6 * 60 * 1000 };
    expect((await post({ ...stale, signature: signMemberSiteGrant(secret, stale) })).body.errCode).toBe(
      MemberSiteErrCode.GRANT_INVALID,
    );
    expect(await subscriptions(t, s.tokens.token)).toEqual([]);

    const ok = await post({ ...grant, signature: signMemberSiteGrant(secret, grant) });
    expect(ok.body).toMatchObject({ errCode: 0, data: { productId: 'live-sports' } });
    const replay = await post({ ...grant, signature: signMemberSiteGrant(secret, grant) });
    expect(replay.body.errCode).toBe(MemberSiteErrCode.GRANT_INVALID);
    expect(await subscriptions(t, s.tokens.token)).toEqual([
      { productId: 'live-sports', expiredTs: t.clock.now + 30 * DAY, productName: 'Sports add-on' },
    ]);
  });

  it('keeps the sandbox off even when a real member site is configured', async () => {
    const s = await session(t, 'sneaky@example.com');
    const r = await t.post(memberSitePurchase.path, {
      memberSiteToken: s.tokens.memberSiteToken,
      planId: 'plan-sports',
    });
    expect(r.status).toBe(404);
  });
});

describe('error codes', () => {
  it("are the client's own catalogue, whose codes are checked for uniqueness and range in the api-client", async () => {
    const api = await import('@ottkit/api-client');
    expect(MemberSiteErrCode).toBe(api.MemberSiteErrCode);
    expect(Object.values(MemberSiteErrCode).every((code) => api.errorAreaOf(code) === 'memberSite')).toBe(
      true,
    );
  });
});

describe('configuration', () => {
  it('refuses to start the sandbox in production', () => {
    const env = { NODE_ENV: 'production', OTTKIT_MEMBER_SITE_SANDBOX: 'on', OTTKIT_SECRET: 's'.repeat(32) };
    expect(() => loadConfig({ dataDir: '/tmp/ottkit-config-test' }, env)).toThrow(/production/);
    expect(
      loadConfig({ dataDir: '/tmp/ottkit-config-test' }, { ...env, NODE_ENV: '' }).memberSiteSandbox,
    ).toBe(true);
    expect(
      loadConfig({ dataDir: '/tmp/ottkit-config-test' }, { OTTKIT_SECRET: 's'.repeat(32) }).memberSiteSandbox,
    ).toBe(false);
  });

  it('lowers the password hash cost only outside production, and only to a sane number', () => {
    const base = { OTTKIT_SECRET: 's'.repeat(32) };
    const cost = (env: Record<string, string>) =>
      loadConfig({ dataDir: '/tmp/ottkit-config-test' }, { ...base, ...env }).passwordHashLog2N;
    expect(cost({})).toBe(17);
    expect(cost({ OTTKIT_PASSWORD_HASH_LOG2N: '12' })).toBe(12);
    expect(() => cost({ OTTKIT_PASSWORD_HASH_LOG2N: '12', NODE_ENV: 'production' })).toThrow(/production/);
    expect(cost({ OTTKIT_PASSWORD_HASH_LOG2N: '18', NODE_ENV: 'production' })).toBe(18);
    for (const bad of ['4', '12.5', 'cheap', '40']) {
      expect(() => cost({ OTTKIT_PASSWORD_HASH_LOG2N: bad })).toThrow(/whole number from 10 to 20/);
    }
  });
});
