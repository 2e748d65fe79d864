import { operatorContract, OperatorErrCode } from '@ottkit/api-client/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { base32Decode, hotp, totpCode, TOTP_STEP_MS } from '../src/operator/totp.ts';
import { startServer, type TestServer } from './helpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';
import { cookieOf, makeOperator, signInOperator } from './operatorHelpers.ts';

const O = operatorContract.operator;

describe('TOTP (RFC 6238 appendix B, SHA-1)', () => {
  const secret = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [20000000000, '65353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(hotp(secret, Math.floor(seconds / 30), 8)).toBe(code);
  });
});

describe('operator sign-in', () => {
  let t: TestServer;
  beforeEach(async () => {
    t = await startServer();
  });
  afterEach(() => t.close());

  it('enrols TOTP on the first sign-in: the QR URI, the recovery codes once, an HttpOnly Strict cookie on /admin', async () => {
    const made = await makeOperator(t, 'boss@ottkit.test', 'admin');
    const wrong = await t.post('/admin/api/signIn', { email: 'boss@ottkit.test', password: 'not it at all' });
    expect(wrong.body.errCode).toBe(OperatorErrCode.WRONG_CREDENTIALS);
    const s1 = await t.post('/admin/api/signIn', { email: 'boss@ottkit.test', password: made.password });
    const d = s1.body.data as { challenge: string; enrol: { secret: string; otpauthUri: string } };
    expect(d.enrol.otpauthUri).toMatch(
      /^otpauth:\/\/totp\/ottkit:boss%40ottkit\.test\?secret=[A-Z2-7]+&issuer=ottkit/,
    );
    const s2 = await t.post('/admin/api/totp', {
      challenge: d.challenge,
      code: totpCode(base32Decode(d.enrol.secret), t.clock.now),
    });
    expect(s2.body.errCode).toBe(0);
    const data = s2.body.data as {
      recoveryCodes: string[];
      operator: { role: string; totpEnrolled: boolean };
    };
    expect(data.recoveryCodes).toHaveLength(10);
    expect(data.operator).toMatchObject({ role: 'admin', totpEnrolled: true });
    const setCookie = s2.headers.getSetCookie()[0] ?? '';
    expect(setCookie).toMatch(/^ottkit_op=[\w-]{40,};/);
    expect(setCookie).toContain('Path=/admin;');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBe(8 * 3600);
    const me = await t.get('/admin/api/me', { cookie: cookieOf(s2) });
    expect(me.body.data).toMatchObject({ operator: { email: 'boss@ottkit.test' } });
    // Stored: the token's hash, the secret sealed, the recovery codes hashed.
    const row = t.server.db.get<{ totp_secret: string }>('SELECT totp_secret FROM operators');
    expect(row?.totp_secret).toMatch(/^v1:/);
    expect(row?.totp_secret).not.toContain(d.enrol.secret);
    const codes = t.server.db.all<{ code_hash: string }>('SELECT code_hash FROM operator_recovery_codes');
    expect(codes.map((c) => c.code_hash)).not.toContain(data.recoveryCodes[0]);
  });

  it('accepts the code of the step before and after, not two steps away, and never the same step twice', async () => {
    const op = await signInOperator(t, 'a@ottkit.test', 'editor');
    const again = async (at: number) => {
      const s1 = await t.post('/admin/api/signIn', { email: op.email, password: op.password });
      expect(s1.body.data).not.toHaveProperty('enrol');
      const { challenge } = s1.body.data as { challenge: string };
      return t.post('/admin/api/totp', { challenge, code: totpCode(op.secret, at) });
    };
    // The enrolment used the current step: its code again is a replay.
    expect((await again(t.clock.now)).body.errCode).toBe(OperatorErrCode.WRONG_CODE);
    t.advance(4 * TOTP_STEP_MS);
    expect((await again(t.clock.now - 2 * TOTP_STEP_MS)).body.errCode).toBe(OperatorErrCode.WRONG_CODE);
    expect((await again(t.clock.now + 2 * TOTP_STEP_MS)).body.errCode).toBe(OperatorErrCode.WRONG_CODE);
    expect((await again(t.clock.now - TOTP_STEP_MS)).body.errCode).toBe(0);
    // The step after is newer than the one just used: accepted once, then a replay.
    expect((await again(t.clock.now + TOTP_STEP_MS)).body.errCode).toBe(0);
    expect((await again(t.clock.now + TOTP_STEP_MS)).body.errCode).toBe(OperatorErrCode.WRONG_CODE);
    // Older than the last accepted step: refused although inside the window.
    expect((await again(t.clock.now)).body.errCode).toBe(OperatorErrCode.WRONG_CODE);
  });

  it('limits wrong codes like every code, and a recovery code works once', async () => {
    const op = await signInOperator(t, 'b@ottkit.test', 'support');
    t.advance(10 * TOTP_STEP_MS);
    const s1 = await t.post('/admin/api/signIn', { email: op.email, password: op.password });
    const { challenge } = s1.body.data as { challenge: string };
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      answers.push((await t.post('/admin/api/totp', { challenge, code: '000000' })).body.errCode);
    }
    expect(answers.slice(0, 5).every((c) => c === OperatorErrCode.WRONG_CODE)).toBe(true);
    expect(answers.at(-1)).toBe(10109029);
    t.advance(2 * 60 * 60 * 1000);
    const fresh = async () =>
      (
        (await t.post('/admin/api/signIn', { email: op.email, password: op.password })).body.data as {
          challenge: string;
        }
      ).challenge;
    const code = op.recoveryCodes[0] as string;
    expect(
      (await t.post('/admin/api/totp', { challenge: await fresh(), recoveryCode: code })).body.errCode,
    ).toBe(0);
    expect(
      (await t.post('/admin/api/totp', { challenge: await fresh(), recoveryCode: code })).body.errCode,
    ).toBe(OperatorErrCode.WRONG_CODE);
  });

  it('a challenge is single use and expires after 5 minutes', async () => {
    const op = await signInOperator(t, 'c@ottkit.test', 'support');
    t.advance(TOTP_STEP_MS * 3);
    const s1 = await t.post('/admin/api/signIn', { email: op.email, password: op.password });
    const { challenge } = s1.body.data as { challenge: string };
    t.advance(5 * 60 * 1000 + 1);
    const late = await t.post('/admin/api/totp', { challenge, code: totpCode(op.secret, t.clock.now) });
    expect(late.body.errCode).toBe(OperatorErrCode.CHALLENGE_EXPIRED);
  });

  it('an authenticator an admin reset: its sessions end, and the next sign-in enrols a new one at once', async () => {
    const boss = await signInOperator(t, 'boss@ottkit.test', 'admin');
    const op = await signInOperator(t, 'f@ottkit.test', 'editor');
    const reset = await t.post(
      '/admin/api/staff/update',
      { operatorId: op.operatorId, resetTotp: true },
      { cookie: boss.cookie },
    );
    expect(reset.body.data).toMatchObject({ operator: { totpEnrolled: false } });
    expect((await t.get('/admin/api/me', { cookie: op.cookie })).status).toBe(401);
    const s1 = await t.post('/admin/api/signIn', { email: op.email, password: op.password });
    const d = s1.body.data as { challenge: string; enrol?: { secret: string } };
    expect(d.enrol).toBeDefined();
    // In the same 30 s as the old authenticator's last code: the new one's first is not a replay.
    const s2 = await t.post('/admin/api/totp', {
      challenge: d.challenge,
      code: totpCode(base32Decode(d.enrol?.secret ?? ''), t.clock.now),
    });
    expect(s2.body.errCode).toBe(0);
  });

  it('sign-out revokes the session on the server; an 8-hour-old session is over', async () => {
    const op = await signInOperator(t, 'd@ottkit.test', 'editor');
    const out = await t.post('/admin/api/signOut', {}, { cookie: op.cookie });
    expect(out.body.errCode).toBe(0);
    expect(out.headers.getSetCookie()[0]).toMatch(/^ottkit_op=; Path=\/admin; Max-Age=0/);
    const after = await t.get('/admin/api/me', { cookie: op.cookie });
    expect(after.status).toBe(401);
    expect(after.body.errCode).toBe(OperatorErrCode.SIGN_IN_REQUIRED);
    t.advance(TOTP_STEP_MS * 2);
    const op2 = await signInOperator(t, 'e@ottkit.test', 'editor');
    t.advance(8 * 60 * 60 * 1000);
    expect((await t.get('/admin/api/me', { cookie: op2.cookie })).body.errCode).toBe(
      OperatorErrCode.SIGN_IN_REQUIRED,
    );
  });

  it('refuses a state-changing console call another site sent, even with the cookie', async () => {
    const op = await signInOperator(t, 'f@ottkit.test', 'admin');
    const forged = await t.post(
      '/admin/api/staff/create',
      { email: 'evil@ottkit.test', role: 'admin' },
      { cookie: op.cookie, 'sec-fetch-site': 'cross-site', authorization: 'Bearer x' },
    );
    expect(forged.status).toBe(403);
    expect(
      t.server.db.get('SELECT 1 AS x FROM operators WHERE email = ?', 'evil@ottkit.test'),
    ).toBeUndefined();
  });

  it('two admins disabling each other at once leave one active admin', async () => {
    const a = await signInOperator(t, 'a@ottkit.test', 'admin');
    const b = await signInOperator(t, 'b@ottkit.test', 'admin');
    const [byA, byB] = await Promise.all([
      t.post(O.staffUpdate.path, { operatorId: b.operatorId, active: false }, { cookie: a.cookie }),
      t.post(O.staffUpdate.path, { operatorId: a.operatorId, active: false }, { cookie: b.cookie }),
    ]);
    // One passes; the other is refused as the last admin, or finds its own session ended by the first.
    const codes = [byA.body.errCode, byB.body.errCode];
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect([OperatorErrCode.LAST_ADMIN, OperatorErrCode.SIGN_IN_REQUIRED]).toContain(
      codes.find((c) => c !== 0),
    );
    expect(
      t.server.db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM operators WHERE role = 'admin' AND active = 1",
      )?.n,
    ).toBe(1);
  });

  // Issue 39 (decision 0431): every console call asks the session first, so the gate, the sign-in's steps and the
  // staff and audit calls wait on the asynchronous store and hold up nothing else in the process on PostgreSQL.
  it('the sign-in, the console gate, the staff and audit calls and the sign-out ask nothing synchronously', async () => {
    const boss = await signInOperator(t, 'boss@ottkit.test', 'admin');
    const made = await makeOperator(t, 'g@ottkit.test', 'editor');
    const cookie = { cookie: boss.cookie };
    let challenge = '';
    let secret = '';
    expect(
      await synchronousQueries(t.server.db, async () => {
        const s1 = await t.post(O.operatorSignIn.path, { email: made.email, password: made.password });
        ({
          challenge,
          enrol: { secret },
        } = s1.body.data as { challenge: string; enrol: { secret: string } });
        expect((await t.get(O.operatorMe.path, cookie)).body.errCode).toBe(0);
        expect((await t.get(O.staffList.path, cookie)).body.errCode).toBe(0);
        expect((await t.get(`${O.auditList.path}?action=staff.`, cookie)).body.errCode).toBe(0);
        const role = { operatorId: made.operatorId, role: 'support' };
        expect((await t.post(O.staffUpdate.path, role, cookie)).body.errCode).toBe(0);
      }),
    ).toEqual([]);
    const code = totpCode(base32Decode(secret), t.clock.now);
    let signedIn: Awaited<ReturnType<typeof t.post>> | undefined;
    expect(
      await synchronousQueries(t.server.db, async () => {
        signedIn = await t.post(O.operatorTotp.path, { challenge, code });
      }),
    ).toEqual([]);
    expect(signedIn?.body.errCode).toBe(0);
    expect(
      await synchronousQueries(t.server.db, async () => {
        const out = await t.post(O.operatorSignOut.path, {}, { cookie: cookieOf(signedIn as never) });
        expect(out.body.errCode).toBe(0);
      }),
    ).toEqual([]);
  });
});
