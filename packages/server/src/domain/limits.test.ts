import { describe, expect, it } from 'vitest';
import { openDb } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import {
  addressRange,
  assertNotLocked,
  type Attempt,
  type Bucket,
  clearAttempts,
  type Lockout,
  refundAttempt,
  takeAttempt,
} from './limits.ts';

const lockout: Lockout = { kind: 'lockout', free: 3, baseMs: 1_000, maxMs: 5_000, forgetMs: 60_000 };
const bucket: Bucket = { kind: 'bucket', burst: 3, intervalMs: 10_000 };

function db() {
  const d = openDb(':memory:');
  migrate(d);
  return d;
}

/** Takes one attempt; the wait it was refused with in seconds, or 0. */
async function take(d: ReturnType<typeof db>, attempts: Attempt[], now: number): Promise<number> {
  try {
    await takeAttempt(d, attempts, now);
    return 0;
  } catch (e) {
    return Number(/in (\d+) s/.exec((e as Error).message)?.[1]);
  }
}

describe('lockout (one offender)', () => {
  const k = [{ key: 'k', rule: lockout }];
  it('locks after the free attempts, doubling up to the cap', async () => {
    const d = db();
    let now = 10_000;
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      await take(d, k, now);
      waits.push(
        Math.ceil(
          (d.get<{ locked_until: number }>("SELECT locked_until FROM attempt_limits WHERE limit_key = 'k'")!
            .locked_until -
            now) /
            1000,
        ),
      );
      now = d.get<{ locked_until: number }>(
        "SELECT locked_until FROM attempt_limits WHERE limit_key = 'k'",
      )!.locked_until;
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 5, 5]);
  });

  it('refuses while locked without counting, forgets old attempts and clears on success', async () => {
    const d = db();
    for (let i = 0; i < 3; i++) await take(d, k, i);
    expect(await take(d, k, 500)).toBe(1);
    await expect(assertNotLocked(d, k, 1_002)).resolves.toBeUndefined();
    await take(d, k, 1_002);
    expect(await take(d, k, 1_003)).toBe(2);
    expect(await take(d, k, 1_003 + 60_000)).toBe(0);
    await refundAttempt(d, k, 61_004);
    expect(d.get("SELECT * FROM attempt_limits WHERE limit_key = 'k'")).toBeUndefined();
  });
});

describe('bucket (shared budget, sliding)', () => {
  const k = [{ key: 'b', rule: bucket }];
  it('allows the burst, then one per interval, without waiting for a quiet window', async () => {
    const d = db();
    const first = [];
    for (const i of [0, 1, 2]) first.push(await take(d, k, i));
    expect(first).toEqual([0, 0, 0]);
    expect(await take(d, k, 3)).toBe(10);
    // A steady stream of one attempt per interval keeps getting through, forever.
    for (let i = 1; i <= 20; i++) expect(await take(d, k, i * 10_000)).toBe(0);
    expect(await take(d, k, 200_001)).toBeGreaterThan(0);
  });

  it('gives back what a success took', async () => {
    const d = db();
    for (let i = 0; i < 3; i++) await take(d, k, 0);
    await refundAttempt(d, k, 0);
    expect(await take(d, k, 0)).toBe(0);
    expect(await take(d, k, 0)).toBe(10);
  });

  it('gives each budget back its own interval, in one refund', async () => {
    const d = db();
    const slow = { kind: 'bucket' as const, burst: 3, intervalMs: 60_000 };
    const two = [...k, { key: 'slow', rule: slow }];
    for (let i = 0; i < 2; i++) await take(d, two, 0);
    const until = () =>
      Object.fromEntries(
        d
          .all<{ limit_key: string; locked_until: number }>(
            'SELECT limit_key, locked_until FROM attempt_limits',
          )
          .map((r) => [r.limit_key, Number(r.locked_until)]),
      );
    const before = until();
    await refundAttempt(d, two, 0);
    const after = until();
    const moved = (key: string) => (before[key] ?? 0) - (after[key] ?? 0);
    expect([moved('b'), moved('slow')]).toEqual([bucket.intervalMs, slow.intervalMs]);
  });

  it('checks every counter before counting any', async () => {
    const d = db();
    const both = [...k, { key: 'other', rule: bucket }];
    for (let i = 0; i < 3; i++) await take(d, k, 0);
    expect(await take(d, both, 0)).toBe(10);
    expect(d.get("SELECT * FROM attempt_limits WHERE limit_key = 'other'")).toBeUndefined();
  });
});

describe('attempts at once', () => {
  it('accept exactly the budget left, and the refused ones leave no count behind', async () => {
    const d = db();
    // One attempt left on y, three on x: the attempts that x accepts and y refuses give x's back.
    for (let i = 0; i < 2; i++) await take(d, [{ key: 'y', rule: bucket }], 0);
    const all = [
      { key: 'x', rule: bucket },
      { key: 'y', rule: bucket },
      { key: 'pair', rule: lockout },
    ];
    const waits = await Promise.all(Array.from({ length: 12 }, () => take(d, all, 0)));
    expect(waits.filter((w) => w === 0)).toHaveLength(1);
    const counts = d.all<{ limit_key: string; failures: number }>(
      'SELECT limit_key, failures FROM attempt_limits ORDER BY limit_key',
    );
    expect(counts.map((r) => [r.limit_key, Number(r.failures)])).toEqual([
      ['pair', 1],
      ['x', 1],
      ['y', 3],
    ]);
  });
});

describe('addressRange', () => {
  it('groups IPv4 by /24 and IPv6 by /64', async () => {
    expect(addressRange('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressRange('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressRange('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressRange('::1')).toBe('0:0:0:0::/64');
    expect(addressRange('unknown')).toBe('unknown');
  });
});

describe('clearAttempts', () => {
  it('removes the keys and the prefixed ones, nothing else', async () => {
    const d = db();
    for (const key of ['login:acct:a_b@x.io', 'login:pair:a_b@x.io|1.2.3.4', 'login:pair:axb@x.io|1.2.3.4']) {
      await take(d, [{ key, rule: bucket }], 0);
    }
    await clearAttempts(d, ['login:acct:a_b@x.io'], ['login:pair:a_b@x.io|']);
    expect(
      d.all<{ limit_key: string }>('SELECT limit_key FROM attempt_limits').map((r) => r.limit_key),
    ).toEqual(['login:pair:axb@x.io|1.2.3.4']);
  });
});
