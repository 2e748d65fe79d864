import { ErrCode } from '@ottkit/api-client';
import { OperatorErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode, TOTP_STEP_MS } from '../../src/operator/totp.ts';
import { listOutbox } from '../../src/store/outbox.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { type SignedIn, signInOperator } from '../operatorHelpers.ts';

// Issue 35: console sign-in had no per-account cap across addresses (45 wrong passwords from 9 addresses, then
// the right one accepted), and anyone knowing an operator's password could keep them out through wrong codes.
// The operator's own addresses (where it signed in before: here the test's loopback) stay open.
let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startServer({ config: { trustProxy: true } });
  admin = await signInOperator(t, 'lock-admin@ottkit.test', 'admin');
});
afterAll(() => t.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const password = (email: string, pw: string, ip?: string) =>
  t.post('/admin/api/signIn', { email, password: pw }, ip ? from(ip) : {});
const code = (challenge: string, c: string, ip?: string) =>
  t.post('/admin/api/totp', { challenge, code: c }, ip ? from(ip) : {});
const challengeOf = (a: { body: { data?: unknown } }) => (a.body.data as { challenge: string }).challenge;

/** Signs in fully from the operator's own (loopback) address, with the code of a step not used yet. */
async function fullSignIn(op: SignedIn) {
  t.advance(TOTP_STEP_MS);
  const s1 = await password(op.email, op.password);
  expect(s1.body.errCode, s1.body.errMsg).toBe(0);
  return code(challengeOf(s1), totpCode(op.secret, t.clock.now));
}

describe('console sign-in limits per account', () => {
  it('refuses the right password after wrong ones from many addresses, and tells the operator and admins', async () => {
    const op = await signInOperator(t, 'spread@ottkit.test', 'editor');
    for (let a = 1; a <= 9; a++) {
      for (let i = 0; i < 4; i++) {
        const r = await password(op.email, `wrong-${a}-${i}`, `198.51.${a}.7`);
        expect([OperatorErrCode.WRONG_CREDENTIALS, ErrCode.TOO_MANY_ATTEMPTS]).toContain(r.body.errCode);
      }
    }
    const right = await password(op.email, op.password, '203.0.113.50');
    expect(right.body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    expect(right.body.errMsg).toMatch(/Too many attempts; try again in \d+ s/);

    const notices = listOutbox(t.server.db).filter((m) => m.subject === 'Console sign-ins locked');
    expect(notices.map((m) => m.recipient).sort()).toEqual([admin.email, op.email].sort());
    expect(notices[0]?.body).toMatch(/10 failed console sign-ins for spread@ottkit\.test/);
    expect(notices[0]?.body).not.toContain('wrong-');
    const audit = t.server.db.all<{ action: string; target: string }>(
      "SELECT action, target FROM operator_audit WHERE action = 'operator.signInLocked'",
    );
    expect(audit).toEqual([{ action: 'operator.signInLocked', target: op.operatorId }]);

    // The operator's own address still signs in, and that lifts the lock for every address.
    expect((await fullSignIn(op)).body.errCode).toBe(0);
    expect((await password(op.email, op.password, '203.0.113.50')).body.errCode).toBe(0);
  });

  it('an unknown email locks the same way (the lock does not tell operators apart)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await password('nobody@ottkit.test', 'nope', `192.0.2.${i + 1}`)).body.errCode);
    expect(answers.at(-1)).toBe(ErrCode.TOO_MANY_ATTEMPTS);
  });

  it('someone who knows only the password cannot keep the operator out with wrong codes', async () => {
    const op = await signInOperator(t, 'victim@ottkit.test', 'support');
    // From one address: five wrong codes lock that address, its password step included.
    const first = await password(op.email, op.password, '203.0.113.9');
    for (let i = 0; i < 5; i++) await code(challengeOf(first), '000000', '203.0.113.9');
    expect((await code(challengeOf(first), '000000', '203.0.113.9')).body.errCode).toBe(
      ErrCode.TOO_MANY_ATTEMPTS,
    );
    expect((await password(op.email, op.password, '203.0.113.9')).body.errCode).toBe(
      ErrCode.TOO_MANY_ATTEMPTS,
    );
    // Moving on: the account's lock soon holds every address the operator has not signed in from.
    for (let a = 10; a < 14; a++) {
      const s = await password(op.email, op.password, `203.0.113.${a}`);
      if (s.body.errCode !== 0) break;
      for (let i = 0; i < 5; i++) await code(challengeOf(s), '000000', `203.0.113.${a}`);
    }
    expect((await password(op.email, op.password, '203.0.113.99')).body.errCode).toBe(
      ErrCode.TOO_MANY_ATTEMPTS,
    );
    // The operator, from its own address, signs in all the same.
    const mine = await fullSignIn(op);
    expect(mine.body.errCode, mine.body.errMsg).toBe(0);
  });
});
