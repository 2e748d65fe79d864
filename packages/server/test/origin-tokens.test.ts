import { describe, expect, it } from 'vitest';
import { signMediaToken, verifyMediaToken } from '../src/origin/tokens.ts';
import { respelled, tampered } from './tokenTamper.ts';
import { SECRET } from './origin-fixture.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const claims = { accountId: 'acc-1', resource: 'live/ch1', kind: 'live' as const, exp: NOW / 1000 + 60 };
const expect1 = { resource: 'live/ch1', kind: 'live' as const, nowMs: NOW };

describe('media tokens', () => {
  const token = signMediaToken(SECRET, claims);

  it('verifies what it signed and returns the claims', () => {
    expect(verifyMediaToken(SECRET, token, expect1)).toEqual({ ok: true, claims });
  });

  it('rejects a tampered payload (another account or resource) with the old signature', () => {
    const [, sig] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ a: 'acc-2', r: 'live/ch1', k: 'live', e: claims.exp }),
    ).toString('base64url');
    expect(verifyMediaToken(SECRET, `${forged}.${sig}`, expect1)).toEqual({ ok: false, reason: 'signature' });
  });

  it('rejects a tampered signature and a token signed with another secret', () => {
    expect(verifyMediaToken(SECRET, tampered(token), expect1).ok).toBe(false);
    const other = signMediaToken(`${SECRET}x`, claims);
    expect(verifyMediaToken(SECRET, other, expect1)).toEqual({ ok: false, reason: 'signature' });
  });

  it("accepts one spelling of a signature: the same bytes with the last character's spare bit set are refused", () => {
    const signature = (t: string) => t.split('.')[1] ?? '';
    expect(signature(respelled(token))).not.toBe(signature(token));
    expect(Buffer.from(signature(respelled(token)), 'base64url')).toEqual(
      Buffer.from(signature(token), 'base64url'),
    );
    expect(verifyMediaToken(SECRET, respelled(token), expect1)).toEqual({ ok: false, reason: 'signature' });
  });

  it('rejects an expired token, and accepts it up to the second before', () => {
    expect(verifyMediaToken(SECRET, token, { ...expect1, nowMs: NOW + 59_999 }).ok).toBe(true);
    expect(verifyMediaToken(SECRET, token, { ...expect1, nowMs: NOW + 60_000 })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('rejects the wrong kind and the wrong resource', () => {
    expect(verifyMediaToken(SECRET, token, { ...expect1, kind: 'catchup' })).toEqual({
      ok: false,
      reason: 'kind',
    });
    expect(verifyMediaToken(SECRET, token, { ...expect1, resource: 'live/ch2' })).toEqual({
      ok: false,
      reason: 'resource',
    });
  });

  it('rejects missing and malformed tokens', () => {
    for (const t of [null, '', 'abc', 'a.b.c', '.sig', 'x'.repeat(3000)]) {
      expect(verifyMediaToken(SECRET, t, expect1).ok).toBe(false);
    }
  });
});
