import { contract } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberSiteErrCode, memberSiteAccount, memberSitePurchase } from '../src/http/memberSite.ts';
import { DEMO_PASSWORD } from '../src/seed/accounts.ts';
import { bearer, registerEmail, startServer, type TestServer } from './helpers.ts';

const DAY = 24 * 3600 * 1000;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

async function session(email: string) {
  await registerEmail(t, email, DEMO_PASSWORD);
  const res = await t.post(contract.account.login.path, { loginInfo: { email, password: DEMO_PASSWORD } });
  return contract.account.login.response.parse(res.body.data);
}

describe('sandbox member site', () => {
  it('checks the member-site token, sells a plan and credits the subscription', async () => {
    const s = await session('shopper@example.com');
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

  it('refuses forged, expired and logged-out tokens, and unknown plans', async () => {
    const s = await session('late@example.com');
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

    const s2 = await session('slow@example.com');
    t.advance(16 * 60 * 1000);
    const r4 = await t.post(memberSiteAccount.path, { memberSiteToken: s2.tokens.memberSiteToken });
    expect(r4.body.errCode).toBe(MemberSiteErrCode.TOKEN_INVALID);
  });
});
