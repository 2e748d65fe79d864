import { describe, expect, it } from 'vitest';
import { hashToken, keyedHash, randomToken, sameHash, signScopedToken, verifyScopedToken } from './tokens.ts';
import { respelled, tampered } from '../../test/tokenTamper.ts';

const SECRET = 'unit-secret-0123456789abcdef0123456789';
const payload = { sub: 'acc-1', sid: 'sess-1', scope: 'catchup' as const, exp: 2_000 };

describe('random tokens', () => {
  it('carry 256 bits and never repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => randomToken()));
    expect(seen.size).toBe(1000);
    expect(Buffer.from(randomToken(), 'base64url')).toHaveLength(32);
  });

  it('are stored as hashes that compare in constant time', () => {
    const t = randomToken();
    expect(sameHash(hashToken(t), hashToken(t))).toBe(true);
    expect(sameHash(hashToken(t), hashToken(`${t}x`))).toBe(false);
    expect(sameHash('', '')).toBe(false);
    expect(keyedHash(SECRET, '1234')).not.toBe(keyedHash(`${SECRET}x`, '1234'));
  });
});

describe('signed scoped tokens', () => {
  it('verify with the right secret, scope and time', () => {
    const token = signScopedToken(SECRET, payload);
    expect(verifyScopedToken(SECRET, token, 'catchup', 1_999)).toEqual(payload);
  });

  it('fail when expired, for another scope, with another secret or when tampered', () => {
    const token = signScopedToken(SECRET, payload);
    expect(verifyScopedToken(SECRET, token, 'catchup', 2_000)).toBeNull();
    expect(verifyScopedToken(SECRET, token, 'member-site', 1_000)).toBeNull();
    expect(verifyScopedToken(`${SECRET}x`, token, 'catchup', 1_000)).toBeNull();
    const [body, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: 'acc-2' })).toString('base64url');
    expect(verifyScopedToken(SECRET, `${forged}.${sig}`, 'catchup', 1_000)).toBeNull();
    expect(verifyScopedToken(SECRET, `${body}.${sig}.x`, 'catchup', 1_000)).toBeNull();
    expect(verifyScopedToken(SECRET, 'garbage', 'catchup', 1_000)).toBeNull();
    expect(verifyScopedToken(SECRET, tampered(token), 'catchup', 1_000)).toBeNull();
    expect(verifyScopedToken(SECRET, respelled(token), 'catchup', 1_000)).toBeNull();
  });
});
