import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/domain/housekeeping.ts';
import { synchronousQueries } from './synchronousQueries.ts';
import { type Bucket, POLICIES, takeAttempt } from '../src/domain/limits.ts';
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
    let purged: Record<string, number> = {};
    // On the asynchronous store (decision 0434): the hourly purge stops no process.
    const asked = await synchronousQueries(t.server.db, async () => {
      purged = await purgeExpired(t.server.db, t.clock.now);
    });
    expect(asked).toEqual([]);
    expect(purged.accessTokens).toBeGreaterThanOrEqual(2);
    expect(purged.sessions).toBe(0);
    expect((await t.post(A.refreshToken.path, { refreshToken: s.refreshToken })).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
    t.advance(7 * DAY);
    const before = count('refresh_tokens');
    expect((await purgeExpired(t.server.db, t.clock.now)).sessions).toBeGreaterThanOrEqual(1);
    expect(count('refresh_tokens')).toBeLessThan(before);
  });
});

describe('budgets for calls that create rows', () => {
  /** Spends all but one of an address's budget directly, so the test does not need hundreds of requests. */
  async function fillBudget(key: string, rule: Bucket) {
    for (let i = 0; i < rule.burst - 1; i++) await takeAttempt(t.server.db, [{ key, rule }], t.clock.now);
  }

  it('limits new guest accounts per caller address', async () => {
    await fillBudget('guest:ip:127.0.0.1', POLICIES.guestIp);
    expect((await t.post(A.visitorLogin.path, {})).body.errCode).toBe(0);
    expect((await t.post(A.visitorLogin.path, {})).body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    // A known device (its id with the secret cookie bound at creation) gets its guest back without spending.
    t.server.db.run("DELETE FROM attempt_limits WHERE limit_key = 'guest:ip:127.0.0.1'");
    const first = await t.post(A.visitorLogin.path, { deviceId: 'device-budget' });
    const cookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('ottkit_guest='))!
      .split(';')[0]!;
    await fillBudget('guest:ip:127.0.0.1', POLICIES.guestIp);
    await t.post(A.visitorLogin.path, {});
    const again = await t.post(A.visitorLogin.path, { deviceId: 'device-budget' }, { cookie });
    expect(again.body.errCode).toBe(0);
    expect((await t.post(A.visitorLogin.path, { deviceId: 'device-budget' })).body.errCode).toBe(
      ErrCode.TOO_MANY_ATTEMPTS,
    );
  });

  it('limits new QR codes per caller address', async () => {
    await fillBudget('scan:ip:127.0.0.1', POLICIES.scanIp);
    expect((await t.post(A.scanCode.path, {})).body.errCode).toBe(0);
    expect((await t.post(A.scanCode.path, {})).body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
  });
});
