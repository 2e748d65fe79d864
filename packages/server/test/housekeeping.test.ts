import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/domain/housekeeping.ts';
import { type LimitPolicy, POLICIES, recordFailure } from '../src/domain/limits.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { loginAs, startServer, type TestServer } from './helpers.ts';

const A = contract.account;
const DAY = 24 * 3600 * 1000;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const count = (table: string) => t.server.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)?.n ?? 0;

describe('housekeeping', () => {
  it('purges expired access tokens, and revoked sessions only after a week (reuse detection keeps working)', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    await t.post(A.refreshToken.path, { refreshToken: s.refreshToken });
    await t.post(A.refreshToken.path, { refreshToken: s.refreshToken }); // reuse: the family is revoked
    t.advance(2 * 3600 * 1000);
    const purged = purgeExpired(t.server.db, t.clock.now);
    expect(purged.accessTokens).toBeGreaterThanOrEqual(2);
    expect(purged.sessions).toBe(0);
    expect((await t.post(A.refreshToken.path, { refreshToken: s.refreshToken })).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
    t.advance(7 * DAY);
    const before = count('refresh_tokens');
    expect(purgeExpired(t.server.db, t.clock.now).sessions).toBeGreaterThanOrEqual(1);
    expect(count('refresh_tokens')).toBeLessThan(before);
  });
});

describe('budgets for calls that create rows', () => {
  /** Spends all but one of an address's budget directly, so the test does not need hundreds of requests. */
  function fillBudget(key: string, policy: LimitPolicy) {
    for (let i = 0; i < policy.freeFailures - 1; i++) recordFailure(t.server.db, key, policy, t.clock.now);
  }

  it('limits new guest accounts per caller address', async () => {
    fillBudget('guest:ip:127.0.0.1', POLICIES.guestIp);
    expect((await t.post(A.visitorLogin.path, {})).body.errCode).toBe(0);
    expect((await t.post(A.visitorLogin.path, {})).body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    // A known device gets its guest back without spending the budget.
    t.server.db.run("DELETE FROM attempt_limits WHERE limit_key = 'guest:ip:127.0.0.1'");
    await t.post(A.visitorLogin.path, { deviceId: 'device-budget' });
    fillBudget('guest:ip:127.0.0.1', POLICIES.guestIp);
    await t.post(A.visitorLogin.path, {});
    expect((await t.post(A.visitorLogin.path, { deviceId: 'device-budget' })).body.errCode).toBe(0);
  });

  it('limits new QR codes per caller address', async () => {
    fillBudget('scan:ip:127.0.0.1', POLICIES.scanIp);
    expect((await t.post(A.scanCode.path, {})).body.errCode).toBe(0);
    expect((await t.post(A.scanCode.path, {})).body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
  });
});
