import { describe, expect, it } from 'vitest';
import {
  HASH_LIMITS,
  hashPassword,
  hashPasswordSync,
  hashStats,
  OWASP_SCRYPT_LOG2N,
  verifyPassword,
} from './passwords.ts';

describe('passwords', () => {
  it('uses the OWASP scrypt cost by default', () => {
    expect(OWASP_SCRYPT_LOG2N).toBe(17);
  });

  it('hashes with a fresh salt and verifies only the right password', async () => {
    const a = await hashPassword('demo1234', 10);
    const b = hashPasswordSync('demo1234', 10);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo1234', b)).toBe(true);
    expect(await verifyPassword('demo12345', a)).toBe(false);
    expect(await verifyPassword('demo1234', 'plain-text')).toBe(false);
  });

  it('hashes one at a time behind a short queue, and refuses at once past it (issue #21.3)', async () => {
    const stored = hashPasswordSync('demo1234', 12);
    hashStats.peakRunning = 0;
    const refusedBefore = hashStats.refusedBusy;
    const outcomes = await Promise.allSettled(
      Array.from({ length: HASH_LIMITS.running + HASH_LIMITS.queued + 3 }, () =>
        verifyPassword('nope', stored),
      ),
    );
    expect(hashStats.peakRunning).toBe(HASH_LIMITS.running);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(
      HASH_LIMITS.running + HASH_LIMITS.queued,
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(3);
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toMatch(/server is busy/);
    expect(hashStats.refusedBusy - refusedBefore).toBe(3);
    // The queue drained: the next check runs.
    expect(await verifyPassword('demo1234', stored)).toBe(true);
  });
});
