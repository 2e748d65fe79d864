import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashStats } from '../src/domain/passwords.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { startServer, type TestServer } from './helpers.ts';

// Issues #21.3 and #21.10: attempts are counted before the password is hashed, and the lock falls on the
// attacker's address, not on the account's owner. Callers' addresses come from X-Forwarded-For (trustProxy).
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ config: { trustProxy: true } });
});
afterAll(() => t.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (email: string, password: string, ip: string) =>
  t.post(contract.account.login.path, { loginInfo: { email, password } }, from(ip));

async function checksDuring(work: () => Promise<unknown>): Promise<number> {
  const before = hashStats.checks;
  await work();
  return hashStats.checks - before;
}

describe('a burst of wrong logins', () => {
  it('hashes at most the per-address limit (20) of 100 parallel wrong logins across accounts', async () => {
    let answers: number[] = [];
    const checks = await checksDuring(async () => {
      const all = await Promise.all(
        Array.from({ length: 100 }, (_, i) => login(`burst-${i}@example.com`, 'wrong-pass', '198.51.100.7')),
      );
      answers = all.map((a) => a.body.errCode);
    });
    expect(checks).toBeLessThanOrEqual(20);
    expect(answers.filter((c) => c === ErrCode.WRONG_CREDENTIALS).length).toBe(checks);
    expect(answers.filter((c) => c === ErrCode.TOO_MANY_ATTEMPTS).length).toBe(100 - checks);
  });

  it('hashes at most the per-offender limit (5) of 100 parallel wrong logins on one account', async () => {
    const checks = await checksDuring(() =>
      Promise.all(
        Array.from({ length: 100 }, () => login(DEMO_SUBSCRIBED.email, 'wrong-pass', '198.51.100.8')),
      ),
    );
    expect(checks).toBeLessThanOrEqual(5);
  });
});

// Decision 0415: on PostgreSQL, sign-ins that give their attempt back while others take theirs lock the same
// counters; a transaction PostgreSQL picks as a deadlock's victim is run again, never answered as a server error.
describe('a burst of right logins', () => {
  it('answers each of 200 parallel sign-ins of one account from one address with a session or the limit', async () => {
    t.advance(24 * 3600_000);
    const all = await Promise.all(
      Array.from({ length: 200 }, () => login(DEMO_SUBSCRIBED.email, DEMO_PASSWORD, '198.51.100.9')),
    );
    const codes = all.map((a) => a.body.errCode);
    expect(codes.filter((c) => c !== 0 && c !== ErrCode.TOO_MANY_ATTEMPTS)).toEqual([]);
    expect(codes).toContain(0);
  });
});

describe('the lock falls on the attacker, not the owner', () => {
  it('after wrong passwords from one address, the owner still logs in from another; the attacker waits', async () => {
    t.advance(2 * 3600_000);
    for (let i = 0; i < 5; i++) {
      expect((await login(DEMO_SUBSCRIBED.email, 'wrong-pass', '203.0.113.9')).body.errCode).toBe(
        ErrCode.WRONG_CREDENTIALS,
      );
    }
    const attacker = await login(DEMO_SUBSCRIBED.email, DEMO_PASSWORD, '203.0.113.9');
    expect(attacker.body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    expect(attacker.body.errMsg).toMatch(/try again in 30 s/);
    expect((await login(DEMO_SUBSCRIBED.email, DEMO_PASSWORD, '192.0.2.44')).body.errCode).toBe(0);
    // The attacker's lock keeps growing (to an hour), the owner's logins keep working.
    t.advance(30_000);
    expect((await login(DEMO_SUBSCRIBED.email, 'wrong-pass', '203.0.113.9')).body.errCode).toBe(
      ErrCode.WRONG_CREDENTIALS,
    );
    expect((await login(DEMO_SUBSCRIBED.email, 'wrong-pass', '203.0.113.9')).body.errMsg).toMatch(
      /try again in 60 s/,
    );
    expect((await login(DEMO_SUBSCRIBED.email, DEMO_PASSWORD, '192.0.2.45')).body.errCode).toBe(0);
  });

  it('caps wrong passwords on one account from many addresses only slowly (50, then 30 an hour)', async () => {
    t.advance(24 * 3600_000);
    for (let i = 0; i < 50; i++) {
      expect((await login(DEMO_SUBSCRIBED.email, 'wrong-pass', `100.64.${i}.1`)).body.errCode).toBe(
        ErrCode.WRONG_CREDENTIALS,
      );
    }
    expect((await login(DEMO_SUBSCRIBED.email, 'wrong-pass', '100.65.0.1')).body.errCode).toBe(
      ErrCode.TOO_MANY_ATTEMPTS,
    );
    t.advance(2 * 60_000);
    expect((await login(DEMO_SUBSCRIBED.email, DEMO_PASSWORD, '100.65.0.2')).body.errCode).toBe(0);
  });
});

describe('verification sends behind a shared address', () => {
  it('keep flowing at the refill rate through a busy hour, with no quiet hour needed', async () => {
    t.advance(24 * 3600_000);
    const send = (i: number, ip: string) =>
      t.post(
        contract.account.verification.path,
        { email: `nat-${ip}-${i}@example.com`, purpose: 'register' },
        from(ip),
      );
    for (let i = 0; i < 20; i++) expect((await send(i, '198.51.100.20')).body.errCode).toBe(0);
    expect((await send(20, '198.51.100.20')).body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    // Two hours of steady sign-ups from the carrier's address, one every 30 s: every one goes out.
    for (let i = 21; i < 261; i++) {
      t.advance(30_000);
      expect((await send(i, '198.51.100.20')).body.errCode).toBe(0);
    }
    // Another address of another network was never held back.
    expect((await send(0, '192.0.2.99')).body.errCode).toBe(0);
  });
});
