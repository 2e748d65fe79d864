import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSetting } from '../src/domain/appConfig.ts';
import { DEMO_NO_AUTHORITY, DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { bearer, loginAs, startServer, type TestServer } from './helpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

const A = contract.account;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('app configuration', () => {
  it('answers business type, visitor mode, layout config and purchase page setting', async () => {
    const res = await t.post(A.appPropertyQuery.path, {});
    const p = A.appPropertyQuery.response.parse(res.body.data);
    expect(p).toMatchObject({
      businessType: 'liveAndVod',
      visitorMode: true,
      supportedLanguages: ['en', 'es', 'pt'],
    });
    expect(p.layoutConfig.play_history_report_interval).toBe(60);
    expect(p.layoutConfig.msg_chk_int).toBe(600_000);
    expect(Object.keys(p.layoutConfig).sort()).toEqual(
      [
        'custom_modify_passwd_option',
        'hide_unsubscribe_channel',
        'home_live_category',
        'home_live_layout_switch',
        'more_like_this_switch',
        'msg_chk_int',
        'play_history_report_interval',
        'popular_search_switch',
      ].sort(),
    );
    expect(p.purchasePageSetting).toMatchObject({ supportRechargeCode: true, qrCodeType: 'eachPlan' });
  });

  it('follows the operator changing a setting, and refuses invalid values', async () => {
    changeSetting(t.server.db, 'businessType', 'live');
    changeSetting(t.server.db, 'layout.play_history_report_interval', '120');
    const p = A.appPropertyQuery.response.parse((await t.post(A.appPropertyQuery.path, {})).body.data);
    expect(p.businessType).toBe('live');
    expect(p.layoutConfig.play_history_report_interval).toBe(120);
    expect(() => changeSetting(t.server.db, 'businessType', 'radio')).toThrow(/Invalid value/);
    expect(() => changeSetting(t.server.db, 'nope', '1')).toThrow(/Unknown setting/);
    changeSetting(t.server.db, 'businessType', 'liveAndVod');
  });

  it('answers the manifest properties', async () => {
    const m = A.manifestProperty.response.parse((await t.post(A.manifestProperty.path, {})).body.data);
    expect(m.properties.liveApiBase).toBe('/liveapi');
    expect(m.manifestVersion).toBe(1);
  });

  it('lists plans with names in en, es and pt and known currencies', async () => {
    const { planList } = A.planList.response.parse(
      (await t.post(A.planList.path, { loginId: 'x' })).body.data,
    );
    expect(planList.length).toBeGreaterThanOrEqual(3);
    for (const p of planList) expect(p.planLang.map((l) => l.lang)).toEqual(['en', 'es', 'pt']);
    expect(new Set(planList.map((p) => p.currency)).size).toBeGreaterThanOrEqual(2);
    expect(planList.find((p) => p.planId === 'plan-quarterly')).toMatchObject({
      price: 29.97,
      discountPrice: 24.99,
    });
  });
});

describe('visitor (guest) mode', () => {
  it('gives a guest session with limited rights', async () => {
    const res = await t.post(A.visitorLogin.path, { deviceId: 'device-0001' });
    const { userInfo, tokens } = A.visitorLogin.response.parse(res.body.data);
    expect(userInfo).toMatchObject({ loginStatus: 'guest', loginMethod: 8, freeTrialStatus: 'NOT_START' });
    expect(userInfo.loginMethodMapValue).toBe(userInfo.virtualCode);
    const auth = bearer(tokens.token);
    expect((await t.post(A.userInfo.path, {}, auth)).body.errCode).toBe(0);
    expect((await t.post(contract.live.channelList.path, {}, auth)).body.errCode).toBe(0);
    // User-only calls: login required, which is not a session error (the guest stays a guest).
    const recharge = await t.post(
      A.recharge.path,
      { rechargeCodePassword: '1111222233330001', virtualCode: userInfo.virtualCode },
      auth,
    );
    expect(recharge.body.errCode).toBe(ErrCode.LOGIN_REQUIRED);
    expect(recharge.body.errMsg).toBe(
      'After logging in, you can explore more video content and get more permissions!',
    );
    expect(
      (await t.post(A.modifyPassword.path, { oldPassword: 'x', newPassword: 'abcdef' }, auth)).body.errCode,
    ).toBe(ErrCode.LOGIN_REQUIRED);
    expect((await t.post(A.scanCodeLogin.path, { scanCodeId: 'a'.repeat(22) }, auth)).body.errCode).toBe(
      ErrCode.LOGIN_REQUIRED,
    );
    const urv = A.urvQuery.response.parse((await t.post(A.urvQuery.path, {}, auth)).body.data);
    expect(urv.rights).toEqual({ live: false, catchup: false, vod: false });
    // The same device gets the same guest account back, with the secret bound to it at creation (cookie);
    // the device id alone (page scripts and logs hold it) opens a new guest instead.
    const guestCookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('ottkit_guest='))!
      .split(';')[0]!;
    const again = A.visitorLogin.response.parse(
      (await t.post(A.visitorLogin.path, { deviceId: 'device-0001' }, { cookie: guestCookie })).body.data,
    );
    expect(again.userInfo.accountId).toBe(userInfo.accountId);
    const idOnly = A.visitorLogin.response.parse(
      (await t.post(A.visitorLogin.path, { deviceId: 'device-0001' })).body.data,
    );
    expect(idOnly.userInfo.accountId).not.toBe(userInfo.accountId);
    // A guest cannot log in with a password.
    expect((await t.post(A.logout.path, {}, auth)).body.errCode).toBe(0);
  });

  it('is refused when visitor mode is off', async () => {
    changeSetting(t.server.db, 'visitorMode', 'false');
    const res = await t.post(A.visitorLogin.path, {});
    expect(res.body.errCode).toBe(ErrCode.VISITOR_MODE_OFF);
    expect(
      A.appPropertyQuery.response.parse((await t.post(A.appPropertyQuery.path, {})).body.data).visitorMode,
    ).toBe(false);
    changeSetting(t.server.db, 'visitorMode', 'true');
  });
});

describe('user rights view (urv)', () => {
  it('grants the subscribed demo user everything and the free one nothing', async () => {
    const sub = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const free = await loginAs(t, DEMO_NO_AUTHORITY.email, DEMO_PASSWORD);
    const a = A.urvQuery.response.parse((await t.post(A.urvQuery.path, {}, bearer(sub.token))).body.data);
    expect(a.rights).toEqual({ live: true, catchup: true, vod: true });
    const b = A.urvQuery.response.parse((await t.post(A.urvQuery.path, {}, bearer(free.token))).body.data);
    expect(b).toMatchObject({ rights: { live: false, catchup: false, vod: false }, products: [] });
  });
});

describe('contracts (terms)', () => {
  it('lists, shows and signs the terms', async () => {
    const s = await loginAs(t, DEMO_NO_AUTHORITY.email, DEMO_PASSWORD);
    const list = A.contractQuery.response.parse(
      (await t.post(A.contractQuery.path, {}, bearer(s.token))).body.data,
    );
    const tos = list.contractList.find((c) => c.policyId === 'terms-of-service')!;
    expect(tos).toMatchObject({ contractVersion: '1.0', mustSign: true, signed: false });
    const detail = await t.post(A.contractDetail.path, { policyId: 'terms-of-service' });
    expect(A.contractDetail.response.parse(detail.body.data).content).toMatch(/Agree and log in/);
    const signBody = { policyId: 'terms-of-service', contractVersion: '1.0', virtualCode: s.virtualCode };
    const signed = await t.post(A.contractSign.path, signBody, bearer(s.token));
    expect(A.contractSign.response.parse(signed.body.data).signedAt).toBe(t.clock.now);
    const after = A.contractQuery.response.parse(
      (await t.post(A.contractQuery.path, { policyIdList: ['terms-of-service'] }, bearer(s.token))).body.data,
    );
    expect(after.contractList).toEqual([{ ...tos, signed: true }]);
  });

  it('refuses unknown contracts, a foreign virtual code and signing without a session', async () => {
    const s = await loginAs(t, DEMO_NO_AUTHORITY.email, DEMO_PASSWORD);
    expect((await t.post(A.contractDetail.path, { policyId: 'nope' })).body.errCode).toBe(
      ErrCode.CONTRACT_NOT_FOUND,
    );
    const body = { policyId: 'terms-of-service', contractVersion: '9.9', virtualCode: s.virtualCode };
    expect((await t.post(A.contractSign.path, body, bearer(s.token))).body.errCode).toBe(
      ErrCode.CONTRACT_NOT_FOUND,
    );
    const foreign = {
      policyId: 'terms-of-service',
      contractVersion: '1.0',
      virtualCode: DEMO_SUBSCRIBED.virtualCode,
    };
    expect((await t.post(A.contractSign.path, foreign, bearer(s.token))).body.errCode).toBe(
      ErrCode.VIRTUAL_CODE_MISMATCH,
    );
    expect((await t.post(A.contractSign.path, foreign)).body.errCode).toBe(ErrCode.SESSION_INVALID);
  });

  // Issue 39, decision 0432: a sign-up's terms, on both engines.
  it('lists, shows and signs the terms asking nothing synchronously once warm', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const signBody = { policyId: 'privacy-policy', contractVersion: '1.0', virtualCode: s.virtualCode };
    const calls = async () => {
      await t.post(A.contractQuery.path, {}, bearer(s.token));
      await t.post(A.contractDetail.path, { policyId: 'privacy-policy' });
      return t.post(A.contractSign.path, signBody, bearer(s.token));
    };
    const first = A.contractSign.response.parse((await calls()).body.data);
    t.advance(1000);
    let again: Awaited<ReturnType<typeof calls>> | undefined;
    expect(await synchronousQueries(t.server.db, async () => (again = await calls()))).toEqual([]);
    // Signing again keeps the first time.
    expect(A.contractSign.response.parse(again?.body.data).signedAt).toBe(first.signedAt);
  });
});
