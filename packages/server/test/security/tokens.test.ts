import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../../src/seed/accounts.ts';
import { bearer, type TestServer } from '../helpers.ts';
import { dbFingerprint, raw, startTarget, Tally } from './probe.ts';

// Tokens from the outside (issue #21 item 6): each kind only where it belongs, tampering, expiry, reuse.
let t: TestServer;
const tally = new Tally();
beforeAll(async () => {
  t = await startTarget();
}, 300_000);
afterAll(async () => {
  tally.print('security/tokens');
  await t.close();
});

async function login() {
  const r = await t.post(contract.account.login.path, {
    loginInfo: { email: DEMO_SUBSCRIBED.email, password: DEMO_PASSWORD },
  });
  return contract.account.login.response.parse(r.body.data).tokens;
}

const userInfo = async (headers: Record<string, string>) => {
  const a = await raw(t.url, contract.account.userInfo.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
  tally.record('token used as the access token', contract.account.userInfo.path, a);
  return JSON.parse(a.body) as { errCode: number };
};

describe('tokens', () => {
  it('each kind works only as itself: no signed token, refresh token or mangled one opens a session', async () => {
    const tokens = await login();
    expect((await userInfo(bearer(tokens.token))).errCode).toBe(0);
    const before = dbFingerprint(t.server.db);
    const others = [
      tokens.refreshToken,
      tokens.catchupToken,
      tokens.memberSiteToken,
      tokens.renewCodeToken,
      tokens.streamMediaTrackerToken,
      tokens.token.toUpperCase(),
      `${tokens.token}x`,
      tokens.token.slice(1),
      encodeURIComponent(`${tokens.token}\n`),
    ];
    for (const token of others) {
      expect((await userInfo(bearer(token))).errCode).toBe(ErrCode.SESSION_INVALID);
      expect((await userInfo({ cookie: `ottkit_session=${token}` })).errCode).toBe(ErrCode.SESSION_INVALID);
    }
    // The access token is not a refresh token either.
    const asRefresh = await t.post(contract.account.refreshToken.path, { refreshToken: tokens.token });
    expect(asRefresh.body.errCode).not.toBe(0);
    expect(dbFingerprint(t.server.db)).toEqual(before);
  });

  it('expire: the access token after its hour', async () => {
    const tokens = await login();
    t.advance(61 * 60 * 1000);
    expect((await userInfo(bearer(tokens.token))).errCode).toBe(ErrCode.SESSION_INVALID);
  });

  it('a refresh token used twice ends its whole session (both copies of the family)', async () => {
    const tokens = await login();
    const first = await t.post(contract.account.refreshToken.path, { refreshToken: tokens.refreshToken });
    expect(first.body.errCode).toBe(0);
    const next = contract.account.refreshToken.response.parse(first.body.data).tokens;
    const replay = await t.post(contract.account.refreshToken.path, { refreshToken: tokens.refreshToken });
    expect(replay.body.errCode).not.toBe(0);
    // The thief's replay revoked the family: the newest tokens stop working too.
    expect((await userInfo(bearer(next.token))).errCode).toBe(ErrCode.SESSION_INVALID);
    const again = await t.post(contract.account.refreshToken.path, { refreshToken: next.refreshToken });
    expect(again.body.errCode).not.toBe(0);
    expect(tally.fiveHundreds).toEqual([]);
  });
});
