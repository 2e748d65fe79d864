import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NO_AUTHORITY, DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { bearer, latestCode, loginAs, registerEmail, startServer, type TestServer } from './helpers.ts';

const A = contract.account;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const loginBody = (email: string, password: string) => ({ loginInfo: { email, password } });

describe('login and user info', () => {
  it('logs the subscribed demo user in and answers user info and tokens', async () => {
    const res = await t.post(A.login.path, loginBody(DEMO_SUBSCRIBED.email, DEMO_PASSWORD));
    expect(res.body.errCode).toBe(0);
    const { userInfo, tokens } = A.login.response.parse(res.body.data);
    expect(userInfo).toMatchObject({
      accountId: DEMO_SUBSCRIBED.accountId,
      loginStatus: 'user',
      rechargeStatus: 'RECHARGED',
    });
    expect(userInfo.subscriptionList.map((s) => s.productId)).toContain('live-basic');
    for (const k of ['token', 'refreshToken'] as const)
      expect(Buffer.from(tokens[k], 'base64url').length).toBe(32);
    const info = await t.post(A.userInfo.path, {}, bearer(tokens.token));
    expect(A.userInfo.response.parse(info.body.data)).toMatchObject({
      accountId: DEMO_SUBSCRIBED.accountId,
      sessionId: userInfo.sessionId,
    });
  });

  it('logs in case-insensitively by email and sets HttpOnly cookies the site uses', async () => {
    const s = await loginAs(t, 'FREE@ottkit.test', DEMO_PASSWORD);
    expect(s.accountId).toBe(DEMO_NO_AUTHORITY.accountId);
    const session = s.cookies.find((c) => c.startsWith('ottkit_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(s.cookies.find((c) => c.startsWith('ottkit_refresh='))).toMatch(
      /Path=\/api\/account\/token\/refresh\/v3/,
    );
    const cookie = session.split(';')[0]!;
    expect((await t.post(A.userInfo.path, {}, { cookie })).body.errCode).toBe(0);
    // A cookie sent from another site's page is not trusted: the call is refused before it runs.
    const crossSite = await t.post(A.userInfo.path, {}, { cookie, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.errCode).toBe(ErrCode.CROSS_SITE_REFUSED);
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const wrong = await t.post(A.login.path, loginBody(DEMO_SUBSCRIBED.email, 'nope-nope'));
    const unknown = await t.post(A.login.path, loginBody('ghost@example.com', 'nope-nope'));
    expect(wrong.body).toEqual({ errCode: ErrCode.WRONG_CREDENTIALS, errMsg: 'Wrong account or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses the sixth wrong password, with growing delays', async () => {
    await registerEmail(t, 'locked@example.com', 'right-pass');
    for (let i = 0; i < 5; i++) {
      expect((await t.post(A.login.path, loginBody('locked@example.com', 'wrong-pass'))).body.errCode).toBe(
        ErrCode.WRONG_CREDENTIALS,
      );
    }
    const sixth = await t.post(A.login.path, loginBody('locked@example.com', 'right-pass'));
    expect(sixth.body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    expect(sixth.body.errMsg).toMatch(/try again in 30 s/);
    t.advance(30_000);
    // One more failure doubles the delay.
    expect((await t.post(A.login.path, loginBody('locked@example.com', 'wrong-pass'))).body.errCode).toBe(
      ErrCode.WRONG_CREDENTIALS,
    );
    expect((await t.post(A.login.path, loginBody('locked@example.com', 'right-pass'))).body.errMsg).toMatch(
      /60 s/,
    );
    t.advance(60_000);
    expect((await t.post(A.login.path, loginBody('locked@example.com', 'right-pass'))).body.errCode).toBe(0);
    // Success clears the count.
    expect((await t.post(A.login.path, loginBody('locked@example.com', 'wrong-pass'))).body.errCode).toBe(
      ErrCode.WRONG_CREDENTIALS,
    );
  });

  it('rejects a call that needs a session without one, and with a bad token', async () => {
    expect((await t.post(A.userInfo.path, {})).body.errCode).toBe(ErrCode.SESSION_INVALID);
    expect((await t.post(A.userInfo.path, {}, bearer('x'.repeat(43)))).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
  });

  it('expires the access token after an hour; the refresh token still works', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    t.advance(60 * 60 * 1000);
    expect((await t.post(A.userInfo.path, {}, bearer(s.token))).body.errCode).toBe(ErrCode.SESSION_INVALID);
    const refreshed = await t.post(A.refreshToken.path, { refreshToken: s.refreshToken });
    expect(refreshed.body.errCode).toBe(0);
    const { tokens } = A.refreshToken.response.parse(refreshed.body.data);
    expect((await t.post(A.userInfo.path, {}, bearer(tokens.token))).body.errCode).toBe(0);
  });
});

describe('refresh rotation and logout', () => {
  it('rotates refresh tokens; a reused one revokes the whole session', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const first = await t.post(A.refreshToken.path, { refreshToken: s.refreshToken });
    const next = A.refreshToken.response.parse(first.body.data).tokens;
    expect(next.refreshToken).not.toBe(s.refreshToken);
    // The stolen (old) refresh token is presented again: the family dies.
    const reuse = await t.post(A.refreshToken.path, { refreshToken: s.refreshToken });
    expect(reuse.body.errCode).toBe(ErrCode.SESSION_INVALID);
    expect((await t.post(A.userInfo.path, {}, bearer(next.token))).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
    expect((await t.post(A.refreshToken.path, { refreshToken: next.refreshToken })).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
  });

  it('refreshes from the HttpOnly cookie when the body has no refresh token', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const cookie = s.cookies.find((c) => c.startsWith('ottkit_refresh='))!.split(';')[0]!;
    const res = await t.post(A.refreshToken.path, {}, { cookie });
    expect(res.body.errCode).toBe(0);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('ottkit_session='))).toBe(true);
    expect((await t.post(A.refreshToken.path, {})).body.errCode).toBe(ErrCode.SESSION_INVALID);
  });

  it('logout revokes the token and the refresh token, and clears the cookies', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const out = await t.post(A.logout.path, {}, bearer(s.token));
    expect(out.body.errCode).toBe(0);
    expect(out.headers.getSetCookie().join()).toMatch(/ottkit_session=;.*Max-Age=0/);
    expect((await t.post(A.userInfo.path, {}, bearer(s.token))).body.errCode).toBe(ErrCode.SESSION_INVALID);
    expect((await t.post(A.refreshToken.path, { refreshToken: s.refreshToken })).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
    // Other sessions of the same account live on.
    const other = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    expect((await t.post(A.userInfo.path, {}, bearer(other.token))).body.errCode).toBe(0);
  });
});

describe('password modify and reset', () => {
  it('changes the password, keeps this session and revokes the others', async () => {
    await registerEmail(t, 'changer@example.com', 'first-pass');
    const a = await loginAs(t, 'changer@example.com', 'first-pass');
    const b = await loginAs(t, 'changer@example.com', 'first-pass');
    const wrongOld = await t.post(
      A.modifyPassword.path,
      { oldPassword: 'nope-nope', newPassword: 'second-pass' },
      bearer(a.token),
    );
    expect(wrongOld.body.errCode).toBe(ErrCode.WRONG_OLD_PASSWORD);
    const same = await t.post(
      A.modifyPassword.path,
      { oldPassword: 'first-pass', newPassword: 'first-pass' },
      bearer(a.token),
    );
    expect(same.body.errCode).toBe(ErrCode.SAME_PASSWORD);
    const short = await t.post(
      A.modifyPassword.path,
      { oldPassword: 'first-pass', newPassword: '123' },
      bearer(a.token),
    );
    expect(short.body.errMsg).toContain('The password must be 6-16 characters in length');
    const ok = await t.post(
      A.modifyPassword.path,
      { oldPassword: 'first-pass', newPassword: 'second-pass' },
      bearer(a.token),
    );
    expect(ok.body.errCode).toBe(0);
    expect((await t.post(A.userInfo.path, {}, bearer(a.token))).body.errCode).toBe(0);
    expect((await t.post(A.userInfo.path, {}, bearer(b.token))).body.errCode).toBe(ErrCode.SESSION_INVALID);
    expect((await t.post(A.login.path, loginBody('changer@example.com', 'first-pass'))).body.errCode).toBe(
      ErrCode.WRONG_CREDENTIALS,
    );
    await loginAs(t, 'changer@example.com', 'second-pass');
  });

  it('resets a forgotten password with a code and revokes every session', async () => {
    await registerEmail(t, 'forgetful@example.com', 'old-pass1');
    const s = await loginAs(t, 'forgetful@example.com', 'old-pass1');
    t.advance(60_000);
    const sent = await t.post(A.verification.path, {
      email: 'forgetful@example.com',
      purpose: 'resetPassword',
    });
    const { authenticationKey } = A.verification.response.parse(sent.body.data);
    const code = latestCode(t, 'forgetful@example.com');
    const wrong = await t.post(A.resetPassword.path, {
      email: 'forgetful@example.com',
      verificationCode: code === '9999' ? '0000' : '9999',
      authenticationKey,
      newPassword: 'new-pass1',
    });
    expect(wrong.body.errCode).toBe(ErrCode.WRONG_VERIFICATION_CODE);
    const ok = await t.post(A.resetPassword.path, {
      email: 'forgetful@example.com',
      verificationCode: code,
      authenticationKey,
      newPassword: 'new-pass1',
    });
    expect(ok.body.errCode).toBe(0);
    expect((await t.post(A.userInfo.path, {}, bearer(s.token))).body.errCode).toBe(ErrCode.SESSION_INVALID);
    await loginAs(t, 'forgetful@example.com', 'new-pass1');
    // A register code does not reset a password (purposes are separate).
    const again = await t.post(A.resetPassword.path, {
      email: 'forgetful@example.com',
      verificationCode: code,
      authenticationKey,
      newPassword: 'new-pass2',
    });
    expect(again.body.errCode).toBe(ErrCode.WRONG_VERIFICATION_CODE);
  });
});
