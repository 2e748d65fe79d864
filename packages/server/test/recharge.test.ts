import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRechargeBatch } from '../src/domain/recharge.ts';
import { DEMO_PASSWORD, DEMO_RECHARGE_CODES } from '../src/seed/accounts.ts';
import { bearer, loginAs, registerEmail, startServer, type TestServer } from './helpers.ts';

const A = contract.account;
const DAY = 24 * 3600 * 1000;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

async function newUser(email: string) {
  await registerEmail(t, email, DEMO_PASSWORD);
  return loginAs(t, email, DEMO_PASSWORD);
}

describe('recharge v2', () => {
  it('redeems a seeded code: extends the plan product and updates the statuses', async () => {
    const s = await newUser('buyer@example.com');
    const code = DEMO_RECHARGE_CODES['plan-monthly'][0]!;
    const res = await t.post(
      A.recharge.path,
      { rechargeCodePassword: code, virtualCode: s.virtualCode },
      bearer(s.token),
    );
    expect(res.body.errCode).toBe(0);
    const data = A.recharge.response.parse(res.body.data);
    // The trial already runs until now + 3 days; 30 days are added to that.
    expect(data).toMatchObject({
      planId: 'plan-monthly',
      productId: 'live-basic',
      expiredTs: t.clock.now + 33 * DAY,
    });
    expect(data.userInfo).toMatchObject({ rechargeStatus: 'RECHARGED', freeTrialStatus: 'RECHARGE_END' });
    expect(data.userInfo.subscriptionList).toContainEqual({
      productId: 'live-basic',
      expiredTs: t.clock.now + 33 * DAY,
      productName: 'Live TV',
    });
  });

  it('refuses a second use of a code', async () => {
    const s = await newUser('second@example.com');
    const code = DEMO_RECHARGE_CODES['plan-monthly'][0]!;
    const res = await t.post(
      A.recharge.path,
      { rechargeCodePassword: code, virtualCode: s.virtualCode },
      bearer(s.token),
    );
    expect(res.body).toEqual({
      errCode: ErrCode.RECHARGE_CODE_USED,
      errMsg: 'This recharge code has been used already',
    });
  });

  it('redeems operator-created codes bound to their plan', async () => {
    const s = await newUser('sports@example.com');
    const { codes } = createRechargeBatch(t.server.db, t.server.config.secret, 'plan-sports', 2, t.clock.now);
    expect(codes).toHaveLength(2);
    for (const c of codes) expect(c).toMatch(/^[1-9]\d{15}$/);
    const res = await t.post(
      A.recharge.path,
      { rechargeCodePassword: codes[0], virtualCode: s.virtualCode },
      bearer(s.token),
    );
    expect(A.recharge.response.parse(res.body.data)).toMatchObject({
      productId: 'live-sports',
      expiredTs: t.clock.now + 30 * DAY,
    });
  });

  it('validates the code format and the virtual code', async () => {
    const s = await newUser('format@example.com');
    for (const bad of ['123', '12345678901234567', '1234-5678-9012-3456', '']) {
      const res = await t.post(
        A.recharge.path,
        { rechargeCodePassword: bad, virtualCode: s.virtualCode },
        bearer(s.token),
      );
      expect(res.body.errCode).toBe(ErrCode.INVALID_REQUEST);
      expect(res.body.errMsg).toContain('exactly 16 digits');
    }
    const code = DEMO_RECHARGE_CODES['plan-monthly'][1]!;
    const foreign = await t.post(
      A.recharge.path,
      { rechargeCodePassword: code, virtualCode: '1000000001' },
      bearer(s.token),
    );
    expect(foreign.body.errCode).toBe(ErrCode.VIRTUAL_CODE_MISMATCH);
  });

  it('limits wrong codes per account with growing delays', async () => {
    const s = await newUser('guesser@example.com');
    const attempt = (code: string) =>
      t.post(A.recharge.path, { rechargeCodePassword: code, virtualCode: s.virtualCode }, bearer(s.token));
    for (let i = 0; i < 5; i++)
      expect((await attempt(`999900000000000${i}`)).body.errCode).toBe(ErrCode.RECHARGE_CODE_INVALID);
    const locked = await attempt(DEMO_RECHARGE_CODES['plan-monthly'][2]!);
    expect(locked.body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    expect(locked.body.errMsg).toMatch(/60 s/);
    t.advance(60_000);
    expect((await attempt(DEMO_RECHARGE_CODES['plan-monthly'][2]!)).body.errCode).toBe(0);
  });

  it('needs a logged-in user', async () => {
    const res = await t.post(A.recharge.path, { rechargeCodePassword: '1111222233330004', virtualCode: 'x' });
    expect(res.body.errCode).toBe(ErrCode.SESSION_INVALID);
  });
});
