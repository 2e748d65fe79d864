import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sameSignature } from '../origin/tokens.ts';

/** Lifetimes (ms); docs/tokens.md explains each token. */
export const TOKEN_TTL = {
  /** The access token (`token`): short, so a leaked one is worth little; revocable through its session. */
  access: 60 * 60 * 1000,
  /** The refresh token: rotates on every use; the session (its family) lives this long after the last refresh. */
  refresh: 30 * 24 * 60 * 60 * 1000,
  /** Signed, stateless tokens for other services (origin, member site, tracker, renew page). */
  catchup: 60 * 60 * 1000,
  memberSite: 15 * 60 * 1000,
  renewCode: 30 * 60 * 1000,
  streamMediaTracker: 60 * 60 * 1000,
} as const;

export type TokenScope = 'catchup' | 'member-site' | 'renew-code' | 'stream-media-tracker';

export interface ScopedTokenPayload {
  /** accountId */
  sub: string;
  /** sessionId, so a verifier with the database can also check revocation. */
  sid: string;
  scope: TokenScope;
  /** Expiry, epoch ms. */
  exp: number;
}

/** 256 bits from the OS CSPRNG, base64url: access tokens, refresh tokens, ids that must not be guessed. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as hashes: a copy of the database does not let anyone log in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Keyed hash for short secrets (4-digit codes, 16-digit recharge codes) that a plain hash would not protect. */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`ottkit.v1.${body}`).digest();
}

/** `<payload>.<HMAC-SHA256>` in base64url: a token any holder of the secret can verify without the database. */
export function signScopedToken(secret: string, payload: ScopedTokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** Verifies signature (constant time), scope and expiry; null when any fails. */
export function verifyScopedToken(
  secret: string,
  token: string,
  scope: TokenScope,
  now: number,
): ScopedTokenPayload | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  if (!sameSignature(sig, mac(secret, body))) return null;
  let payload: ScopedTokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ScopedTokenPayload;
  } catch {
    return null;
  }
  if (payload.scope !== scope || typeof payload.exp !== 'number' || payload.exp <= now) return null;
  return payload;
}
