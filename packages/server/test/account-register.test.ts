import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, registerEmail, startServer, type TestServer } from './helpers.ts';

const SEND = contract.account.verification.path;
const REGISTER = contract.account.register.path;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

async function send(address: Record<string, string>, purpose = 'register') {
  return t.post(SEND, { ...address, purpose });
}

async function registerWith(email: string, code: string, authenticationKey: string, password = 'secret123') {
  return t.post(REGISTER, { registerInfo: { email, password, verificationCode: code }, authenticationKey });
}

describe('verification and register', () => {
  it('sends a 4-digit code to the outbox and registers with it, logged in', async () => {
    const sent = await send({ email: 'New.Person@Example.com' });
    expect(sent.body.errCode).toBe(0);
    const data = contract.account.verification.response.parse(sent.body.data);
    expect(data).toMatchObject({ expiresInSeconds: 600, resendAfterSeconds: 60 });
    const code = latestCode(t, 'new.person@example.com');
    expect(code).toMatch(/^\d{4}$/);
    const reg = await registerWith('new.person@example.com', code, data.authenticationKey);
    expect(reg.body.errCode).toBe(0);
    const result = contract.account.register.response.parse(reg.body.data);
    expect(result.userInfo).toMatchObject({
      email: 'new.person@example.com',
      loginStatus: 'user',
      loginMethod: 1,
      loginMethodMapValue: 'new.person@example.com',
      freeTrialStatus: 'USING',
      rechargeStatus: 'NOT_RECHARGE',
    });
    expect(result.userInfo.subscriptionList).toEqual([
      { productId: 'live-basic', expiredTs: t.clock.now + 3 * 24 * 3600 * 1000, productName: 'Live TV' },
    ]);
    expect(result.tokens.token.length).toBeGreaterThanOrEqual(43);
    expect(reg.headers.getSetCookie().join(';')).toMatch(/ottkit_session=.*HttpOnly/);
  });

  it('registers with a phone number', async () => {
    const sent = await send({ phonePreCode: '+34', phone: '600111222' });
    const key = (sent.body.data as { authenticationKey: string }).authenticationKey;
    const reg = await t.post(REGISTER, {
      registerInfo: {
        phonePreCode: '34',
        phone: '600111222',
        password: 'secret123',
        verificationCode: latestCode(t, '+34600111222'),
      },
      authenticationKey: key,
    });
    expect(reg.body.errCode).toBe(0);
    expect(reg.body.data).toMatchObject({
      userInfo: { phone: '600111222', phonePreCode: '+34', loginMethod: 2 },
    });
  });

  it('answers a sign-up for a known address like any other, and mails the owner instead (no enumeration)', async () => {
    await registerEmail(t, 'twice@example.com');
    t.advance(60_000);
    const again = await send({ email: 'TWICE@example.com' });
    const fresh = await send({ email: 'nobody-yet@example.com' });
    expect(again.body.errCode).toBe(0);
    expect(Object.keys(again.body.data as object)).toEqual(Object.keys(fresh.body.data as object));
    const mail = t.server.db.get<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE recipient = ? ORDER BY seq DESC LIMIT 1',
      'twice@example.com',
    );
    expect(mail?.body).toMatch(/has an account already/);
    expect(mail?.body).not.toMatch(/\b\d{4}\b/);
    // Without the mailed code, register cannot tell the address has an account either.
    const key = (again.body.data as { authenticationKey: string }).authenticationKey;
    const guess = await registerWith('twice@example.com', '0000', key);
    expect(guess.body.errCode).toBe(ErrCode.WRONG_VERIFICATION_CODE);
  });

  it('allows one send a minute per address; a resend replaces the code', async () => {
    const first = await send({ email: 'resend@example.com' });
    const firstCode = latestCode(t, 'resend@example.com');
    const firstKey = (first.body.data as { authenticationKey: string }).authenticationKey;
    const tooSoon = await send({ email: 'resend@example.com' });
    expect(tooSoon.body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    expect(tooSoon.body.errMsg).toMatch(/try again in 60 s/);
    t.advance(60_000);
    const second = await send({ email: 'resend@example.com' });
    expect(second.body.errCode).toBe(0);
    const secondKey = (second.body.data as { authenticationKey: string }).authenticationKey;
    const secondCode = latestCode(t, 'resend@example.com');
    // The first code (with its key) is gone.
    const old = await registerWith('resend@example.com', firstCode, firstKey);
    expect(old.body.errCode).toBe(ErrCode.WRONG_VERIFICATION_CODE);
    expect((await registerWith('resend@example.com', secondCode, secondKey)).body.errCode).toBe(0);
  });

  it('rejects an expired code (10 minutes)', async () => {
    const sent = await send({ email: 'late@example.com' });
    const key = (sent.body.data as { authenticationKey: string }).authenticationKey;
    t.advance(10 * 60_000);
    const reg = await registerWith('late@example.com', latestCode(t, 'late@example.com'), key);
    expect(reg.body).toMatchObject({
      errCode: ErrCode.WRONG_VERIFICATION_CODE,
      errMsg: 'Wrong Verification code or No Verification code',
    });
  });

  it('rejects a reused code', async () => {
    const sent = await send({ email: 'reuse@example.com' });
    const key = (sent.body.data as { authenticationKey: string }).authenticationKey;
    const code = latestCode(t, 'reuse@example.com');
    expect((await registerWith('reuse@example.com', code, key)).body.errCode).toBe(0);
    const again = await registerWith('reuse@example.com', code, key);
    expect([ErrCode.ACCOUNT_EXISTS, ErrCode.WRONG_VERIFICATION_CODE]).toContain(again.body.errCode);
    // The code is spent even for another purpose's check: a fresh address proves single use directly.
    const row = t.server.db.get<{ used_at: number | null }>(
      "SELECT used_at FROM verification_codes WHERE address = 'reuse@example.com'",
    );
    expect(row?.used_at).not.toBeNull();
  });

  it('burns a code after 5 wrong tries', async () => {
    const sent = await send({ email: 'guess@example.com' });
    const key = (sent.body.data as { authenticationKey: string }).authenticationKey;
    const right = latestCode(t, 'guess@example.com');
    const wrong = right === '0000' ? '0001' : '0000';
    for (let i = 0; i < 5; i++) {
      expect((await registerWith('guess@example.com', wrong, key)).body.errCode).toBe(
        ErrCode.WRONG_VERIFICATION_CODE,
      );
    }
    expect((await registerWith('guess@example.com', right, key)).body.errCode).toBe(
      ErrCode.WRONG_VERIFICATION_CODE,
    );
  });

  it('rejects a code with the wrong authenticationKey', async () => {
    await send({ email: 'key@example.com' });
    const reg = await registerWith('key@example.com', latestCode(t, 'key@example.com'), 'x'.repeat(32));
    expect(reg.body.errCode).toBe(ErrCode.WRONG_VERIFICATION_CODE);
  });

  it.each([
    ['short', 'abc12', 'The password must be 6-16 characters in length'],
    ['long', 'a'.repeat(17), 'The password must be 6-16 characters in length'],
    ['padded', ' abcdef ', 'Wrong password format'],
  ])('rejects a %s password with the spec message', async (_name, password, message) => {
    const res = await registerWith('pw@example.com', '1234', 'k'.repeat(32), password);
    expect(res.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(res.body.errMsg).toContain(message);
  });

  it('rejects bad addresses with the spec messages', async () => {
    expect((await send({ email: 'not-an-email' })).body.errMsg).toContain('Enter a valid email address');
    expect((await send({ phonePreCode: '+1', phone: '12ab' })).body.errMsg).toContain(
      'Enter a valid phone number',
    );
    expect((await send({ phone: '5550100' })).body.errMsg).toContain('Enter a valid phone number');
    expect((await send({})).body.errMsg).toContain('exactly one of email or phone');
    expect((await send({ email: 'a@b.io' }, 'spam')).body.errCode).toBe(ErrCode.INVALID_REQUEST);
  });

  it('answers a reset request for an unknown address like a known one, but sends nothing', async () => {
    const before = t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox')?.n;
    const res = await send({ email: 'nobody@example.com' }, 'resetPassword');
    expect(res.body.errCode).toBe(0);
    expect(t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox')?.n).toBe(before);
  });
});
