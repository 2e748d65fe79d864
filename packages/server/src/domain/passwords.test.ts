import { describe, expect, it } from 'vitest';
import { hashPassword, hashPasswordSync, OWASP_SCRYPT_LOG2N, verifyPassword } from './passwords.ts';

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
});
