import { contract, ErrCode } from '@ottkit/api-client';
import { operatorContract as oc } from '@ottkit/api-client/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditStatement, CLI_ACTOR } from '../src/operator/audit.ts';
import { postgresUrl } from '../src/store/db.ts';
import { query, transactionally } from '../src/store/kysely/transactionally.ts';
import { enqueueStatement } from '../src/store/outbox.ts';
import { consumeCode, MAX_WRONG_TRIES } from '../src/domain/verification.ts';
import type { DomainError } from '../src/domain/errors.ts';
import { bearer, latestCode, loginAs, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue 39, decision 0432: a sign-up, a guest, a password reset and change, and the console's reset and sign-out
// of a subscriber on the asynchronous store, on both engines.
const A = contract.account;
const O = oc.operator;
let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startServer({ config: { visitorMode: true } });
  admin = await signInOperator(t, 'boss@ottkit.test', 'admin');
});
afterAll(() => t.close());

const keyOf = (answer: { body: { data?: unknown } }) =>
  (answer.body.data as { authenticationKey: string }).authenticationKey;

/** `latestCode`, read on the asynchronous store: the spy below counts only what the server asks. */
async function codeFor(email: string): Promise<string> {
  const row = await t.server.db.kysely
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{4})\b/.exec(row.body)?.[1] ?? 'none';
}

async function signUp(email: string, password: string) {
  const sent = await t.post(A.verification.path, { email, purpose: 'register' });
  expect(sent.body.errCode).toBe(0);
  const registerInfo = { email, password, verificationCode: await codeFor(email) };
  const done = await t.post(A.register.path, { registerInfo, authenticationKey: keyOf(sent) });
  expect(done.body.errCode).toBe(0);
}

describe("a viewer's identity on the asynchronous store", () => {
  it('a sign-up, a guest, a password reset and change, and the console’s reset and sign-out ask nothing synchronously once warm', async () => {
    // Warm: what the process keeps (settings, sessions) read once.
    await signUp('warm@example.com', 'secret123');
    await t.post(A.visitorLogin.path, { deviceId: 'device-warm-01' });
    t.advance(61_000);
    const asked = await synchronousQueries(t.server.db, async () => {
      await signUp('quiet@example.com', 'secret123');
      const guest = await t.post(A.visitorLogin.path, { deviceId: 'device-quiet-01' });
      expect(guest.body.errCode).toBe(0);
      const again = await t.post(
        A.visitorLogin.path,
        { deviceId: 'device-quiet-01' },
        {
          cookie:
            (guest.headers.getSetCookie().find((c) => c.startsWith('ottkit_guest=')) ?? '').split(';')[0] ??
            '',
        },
      );
      expect(A.visitorLogin.response.parse(again.body.data).userInfo.accountId).toBe(
        A.visitorLogin.response.parse(guest.body.data).userInfo.accountId,
      );
      const forgot = await t.post(A.verification.path, {
        email: 'quiet@example.com',
        purpose: 'resetPassword',
      });
      const reset = await t.post(A.resetPassword.path, {
        email: 'quiet@example.com',
        verificationCode: await codeFor('quiet@example.com'),
        authenticationKey: keyOf(forgot),
        newPassword: 'second-pass1',
      });
      expect(reset.body.errCode).toBe(0);
      const viewer = await loginAs(t, 'quiet@example.com', 'second-pass1');
      const other = await loginAs(t, 'quiet@example.com', 'second-pass1');
      const changed = await t.post(
        A.modifyPassword.path,
        { oldPassword: 'second-pass1', newPassword: 'third-pass1' },
        bearer(viewer.token),
      );
      expect(changed.body.errCode).toBe(0);
      // The other session ended with the change; this one stays.
      const infoOf = async (token: string) => (await t.post(A.userInfo.path, {}, bearer(token))).body.errCode;
      expect(await infoOf(other.token)).toBe(ErrCode.SESSION_INVALID);
      expect(await infoOf(viewer.token)).toBe(0);
      // One code a minute per address: the console's reset comes after the viewer's own.
      t.advance(61_000);
      const console = { cookie: admin.cookie, origin: t.url };
      const byConsole = await t.post(
        O.subscriberResetPassword.path,
        { accountId: viewer.accountId },
        console,
      );
      expect(byConsole.body).toMatchObject({ errCode: 0, data: { sentTo: 'quiet@example.com' } });
      expect(await infoOf(viewer.token)).toBe(ErrCode.SESSION_INVALID);
      const signedOut = await t.post(
        O.subscriberRevokeSessions.path,
        { accountId: viewer.accountId },
        console,
      );
      expect(signedOut.body.errCode).toBe(0);
    });
    expect(asked).toEqual([]);
    // What the console did is in the audit, each entry once.
    const audited = t.server.db.all<{ action: string }>(
      "SELECT action FROM operator_audit WHERE target = (SELECT account_id FROM accounts WHERE email = 'quiet@example.com') ORDER BY seq",
    );
    expect(audited.map((a) => a.action)).toEqual(['subscriber.resetPassword', 'subscriber.revokeSessions']);
  });

  it('compares at most five codes, however many arrive at once, and the right one after them is refused', async () => {
    t.advance(61_000);
    const sent = await t.post(A.verification.path, { email: 'guessed@example.com', purpose: 'register' });
    const right = latestCode(t, 'guessed@example.com');
    const wrong = Array.from({ length: 12 }, (_, i) =>
      String((Number(right) + 1 + i) % 10_000).padStart(4, '0'),
    );
    // Straight to the rule, all at once on the store's connections: over HTTP the guesses arrive one by one.
    const address = { key: 'guessed@example.com', channel: 'email' as const };
    const secret = t.server.config.secret;
    const tries = await Promise.allSettled(
      wrong.map((c) => consumeCode(t.server.db, secret, address, 'register', keyOf(sent), c, t.clock.now)),
    );
    expect(tries.map((r) => r.status === 'rejected' && (r.reason as DomainError).errCode)).toEqual(
      wrong.map(() => ErrCode.WRONG_VERIFICATION_CODE),
    );
    const row = t.server.db.get<{ failed_attempts: number; used_at: number | null }>(
      "SELECT failed_attempts, used_at FROM verification_codes WHERE address = 'guessed@example.com'",
    );
    expect(row?.failed_attempts).toBe(MAX_WRONG_TRIES);
    expect(row?.used_at).not.toBeNull();
    const late = await t.post(A.register.path, {
      registerInfo: { email: 'guessed@example.com', password: 'secret123', verificationCode: right },
      authenticationKey: keyOf(sent),
    });
    expect(late.body.errCode).toBe(ErrCode.WRONG_VERIFICATION_CODE);
  });
});

// Two transactions that insert into a sequence-numbered table at once (decision 0432): on PostgreSQL both read the
// same "max + 1" from the old trigger, and the second failed on the key once the first committed.
describe.runIf(postgresUrl())('audit entries and queued messages written at once', () => {
  it('each gets a number of its own, and both transactions commit', async () => {
    const db = t.server.db;
    const write = (n: number) =>
      transactionally(db, function* () {
        yield* query(auditStatement(db, CLI_ACTOR, 'test.atOnce', `target-${n}`, {}, t.clock.now));
        const message = {
          channel: 'email' as const,
          recipient: `at-once-${n}@example.com`,
          subject: 'S',
          body: 'B',
        };
        yield* query(enqueueStatement(db, message, t.clock.now));
        // Both transactions hold their rows uncommitted at the same time.
        yield* query(sql`SELECT pg_sleep(0.3)`.compile(db.kysely));
        return n;
      });
    const settled = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)))).toEqual([1, 2, 3]);
    const seqs = db.all<{ seq: number }>("SELECT seq FROM operator_audit WHERE action = 'test.atOnce'");
    expect(new Set(seqs.map((r) => r.seq)).size).toBe(3);
  });
});
