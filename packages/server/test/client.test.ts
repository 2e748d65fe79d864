import { BusinessError, createClient, ErrCode, SessionInvalidError } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, DEMO_RECHARGE_CODES } from '../src/seed/accounts.ts';
import { latestCode, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('the typed client from Node against the real server', () => {
  it('registers, reads user info, recharges, refreshes and logs out', async () => {
    let token: string | null = null;
    let accountId: string | null = null;
    const onSessionInvalid = vi.fn();
    const api = createClient({
      baseUrl: t.url,
      getToken: () => token,
      getAccountId: () => accountId,
      onSessionInvalid,
    });
    const { authenticationKey } = await api.account.verification({
      email: 'node@example.com',
      purpose: 'register',
    });
    const registered = await api.account.register({
      registerInfo: {
        email: 'node@example.com',
        password: DEMO_PASSWORD,
        verificationCode: latestCode(t, 'node@example.com'),
      },
      authenticationKey,
    });
    token = registered.tokens.token;
    accountId = registered.userInfo.accountId;
    expect((await api.account.userInfo({})).accountId).toBe(accountId);

    const recharged = await api.account.recharge({
      rechargeCodePassword: DEMO_RECHARGE_CODES['plan-sports'][0]!,
      virtualCode: registered.userInfo.virtualCode,
    });
    expect(recharged.productId).toBe('live-sports');

    const refreshed = await api.account.refreshToken({ refreshToken: registered.tokens.refreshToken });
    token = refreshed.tokens.token;
    await api.account.logout({});
    const err = await api.account.userInfo({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SessionInvalidError);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });

  it('surfaces business rules as BusinessError with the server message', async () => {
    const api = createClient({ baseUrl: t.url });
    const err = await api.account
      .login({ loginInfo: { email: 'nobody@example.com', password: 'whatever' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusinessError);
    expect(err).toMatchObject({ errCode: ErrCode.WRONG_CREDENTIALS, message: 'Wrong account or password' });
  });

  it('renews an expired access token through refreshSession and retries the call', async () => {
    const tokens = { token: '', refreshToken: '' };
    const api = createClient({
      baseUrl: t.url,
      getToken: () => tokens.token,
      refreshSession: async () => {
        const renewed = await api.account.refreshToken({ refreshToken: tokens.refreshToken });
        Object.assign(tokens, renewed.tokens);
        return true;
      },
    });
    Object.assign(
      tokens,
      (await api.account.login({ loginInfo: { email: 'demo@ottkit.test', password: DEMO_PASSWORD } })).tokens,
    );
    const first = tokens.token;
    t.advance(61 * 60 * 1000);
    const [a, b] = await Promise.all([api.account.userInfo({}), api.account.urvQuery({})]);
    expect(a.accountId).toBe('acc-demo-subscribed');
    expect(b.rights.live).toBe(true);
    expect(tokens.token).not.toBe(first);
  });
});
