import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { bearer, loginAs, registerEmail, startServer, type TestServer } from './helpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

const A = contract.account;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

async function boxCode() {
  const res = await t.post(A.scanCode.path, { deviceName: 'Living-room box' });
  return A.scanCode.response.parse(res.body.data);
}

describe('QR login', () => {
  it('a logged-in person approves a box code; the box then receives its session once', async () => {
    const box = await boxCode();
    expect(box.qrContent).toBe(`${t.url}/my/scan?code=${box.scanCodeId}`);
    expect(box.expiresAt).toBe(t.clock.now + 120_000);
    const poll = () =>
      t.post(A.quickLoginToken.path, { scanCodeId: box.scanCodeId, pollToken: box.pollToken });
    expect((await poll()).body.errCode).toBe(ErrCode.QR_TOKEN_PENDING);

    const person = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const info = await t.post(A.scanCodeInfo.path, { scanCodeId: box.scanCodeId }, bearer(person.token));
    expect(A.scanCodeInfo.response.parse(info.body.data)).toMatchObject({
      status: 'pending',
      deviceName: 'Living-room box',
    });
    const ok = await t.post(A.scanCodeLogin.path, { scanCodeId: box.scanCodeId }, bearer(person.token));
    expect(ok.body.data).toEqual({ scanCodeId: box.scanCodeId, status: 'approved' });

    const session = A.quickLoginToken.response.parse((await poll()).body.data);
    expect(session.userInfo).toMatchObject({ accountId: DEMO_SUBSCRIBED.accountId, loginMethod: 7 });
    expect(session.userInfo.loginMethodMapValue).toBe(DEMO_SUBSCRIBED.virtualCode);
    expect((await t.post(A.userInfo.path, {}, bearer(session.tokens.token))).body.errCode).toBe(0);
    expect((await poll()).body.errCode).toBe(ErrCode.SCAN_CODE_USED);
    const again = await t.post(A.scanCodeLogin.path, { scanCodeId: box.scanCodeId }, bearer(person.token));
    expect(again.body.errCode).toBe(ErrCode.SCAN_CODE_USED);
  });

  it('expires after 2 minutes: neither approval nor collection work', async () => {
    const box = await boxCode();
    const person = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    t.advance(120_000);
    const approve = await t.post(A.scanCodeLogin.path, { scanCodeId: box.scanCodeId }, bearer(person.token));
    expect(approve.body.errCode).toBe(ErrCode.SCAN_CODE_EXPIRED);
    const poll = await t.post(A.quickLoginToken.path, {
      scanCodeId: box.scanCodeId,
      pollToken: box.pollToken,
    });
    expect(poll.body.errCode).toBe(ErrCode.SCAN_CODE_EXPIRED);
  });

  it('gives the box a minute to collect after a late approval', async () => {
    const box = await boxCode();
    const person = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    t.advance(110_000);
    expect(
      (await t.post(A.scanCodeLogin.path, { scanCodeId: box.scanCodeId }, bearer(person.token))).body.errCode,
    ).toBe(0);
    t.advance(30_000);
    const poll = await t.post(A.quickLoginToken.path, {
      scanCodeId: box.scanCodeId,
      pollToken: box.pollToken,
    });
    expect(poll.body.errCode).toBe(0);
  });

  it('does not hand the session to someone who only saw the QR', async () => {
    const box = await boxCode();
    const person = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    await t.post(A.scanCodeLogin.path, { scanCodeId: box.scanCodeId }, bearer(person.token));
    const thief = await t.post(A.quickLoginToken.path, {
      scanCodeId: box.scanCodeId,
      pollToken: 'z'.repeat(32),
    });
    expect(thief.body.errCode).toBe(ErrCode.SCAN_CODE_INVALID);
    const unknown = await t.post(A.scanCodeInfo.path, { scanCodeId: 'q'.repeat(22) }, bearer(person.token));
    expect(unknown.body.errCode).toBe(ErrCode.SCAN_CODE_INVALID);
  });

  it('does not start the box on another profile when the approving one is gone', async () => {
    await registerEmail(t, 'profile-gone@example.com');
    const person = await loginAs(t, 'profile-gone@example.com', 'secret123');
    const box = await boxCode();
    await t.post(A.scanCodeLogin.path, { scanCodeId: box.scanCodeId }, bearer(person.token));
    // The approving profile removed meanwhile (by the account's owner, from anywhere).
    t.server.db.run('DELETE FROM profiles WHERE account_id = ?', person.accountId);
    const poll = await t.post(A.quickLoginToken.path, {
      scanCodeId: box.scanCodeId,
      pollToken: box.pollToken,
    });
    expect(poll.body.errCode).toBe(ErrCode.SCAN_CODE_INVALID);
    const boxSessions = t.server.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM sessions WHERE account_id = ? AND login_method = 7',
      person.accountId,
    );
    expect(Number(boxSessions?.n)).toBe(0);
  });
});

// Issue 39, decision 0432: a box polls every 2 s while its code waits; on both engines.
describe('a QR login on the asynchronous store', () => {
  it('the code, its polls, the approval, the box’s session, a sign-up’s delivery check and a logout ask nothing synchronously once warm', async () => {
    const person = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const login = async () => {
      const box = await boxCode();
      const poll = () =>
        t.post(A.quickLoginToken.path, { scanCodeId: box.scanCodeId, pollToken: box.pollToken });
      expect((await poll()).body.errCode).toBe(ErrCode.QR_TOKEN_PENDING);
      await t.post(A.scanCodeInfo.path, { scanCodeId: box.scanCodeId }, bearer(person.token));
      await t.post(A.scanCodeLogin.path, { scanCodeId: box.scanCodeId }, bearer(person.token));
      const session = A.quickLoginToken.response.parse((await poll()).body.data);
      const delivery = await t.post(A.verificationDelivery.path, { authenticationKey: 'k'.repeat(32) });
      expect(delivery.body.errCode).toBe(0);
      expect((await t.post(A.logout.path, {}, bearer(session.tokens.token))).body.errCode).toBe(0);
      return session;
    };
    await login();
    let session: Awaited<ReturnType<typeof login>> | undefined;
    expect(await synchronousQueries(t.server.db, async () => (session = await login()))).toEqual([]);
    expect(session?.userInfo.accountId).toBe(DEMO_SUBSCRIBED.accountId);
    // The box's session ended with its logout.
    expect((await t.post(A.userInfo.path, {}, bearer(session?.tokens.token ?? ''))).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
  });
});
