import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a media token grants: live (the sliding window only), time-shift (the DVR window from a programme's
 * start), catch-up (a programme's window) or on-demand. A live token never opens the DVR window (decision 0100).
 */
export type MediaKind = 'live' | 'timeshift' | 'catchup' | 'vod';
export const MEDIA_KINDS: readonly MediaKind[] = ['live', 'timeshift', 'catchup', 'vod'];

export interface MediaTokenClaims {
  /** The account the URL was handed to ('' for a guest). */
  accountId: string;
  /**
   * What may be fetched: `live/<liveStreamId>`, `timeshift/<liveStreamId>/<startMs>`,
   * `catchup/<liveStreamId>/<startMs>-<stopMs>` or `vod/<assetId>`.
   * Every playlist, segment, init and key URL below that resource accepts the token.
   */
  resource: string;
  kind: MediaKind;
  /** Expiry, epoch seconds. */
  exp: number;
  /**
   * The session the URL was handed to (spec §3 user info already shows it; it is no credential): a URL issued
   * before that session ended (logout) is refused after it. Absent for URLs handed out without a session.
   */
  sessionId?: string;
  /**
   * The channel or title the URL was handed out to play (a logicalChannelId or a metaId: the `sourceId` the
   * players report telemetry with). The origin records that it served this play (decision 0389), so the
   * dashboard counts plays whose players never report. Absent for URLs that are no play (trailers).
   */
  sourceId?: string;
}

export type TokenFailure = 'malformed' | 'signature' | 'expired' | 'resource' | 'kind';

export type VerifyResult = { ok: true; claims: MediaTokenClaims } | { ok: false; reason: TokenFailure };

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * A base64url signature against the expected bytes, in constant time. A signature has one spelling: the decoder
 * ignores a last character's spare bits, so without the re-encoding check one valid token would have several
 * strings (several cache keys at the edge, several rows where a token is remembered).
 */
export function sameSignature(signature: string, want: Buffer): boolean {
  const given = Buffer.from(signature, 'base64url');
  return given.length === want.length && b64(given) === signature && timingSafeEqual(given, want);
}

function mac(secret: string, payload: string): Buffer {
  // Domain-separated so a media token can never be replayed as any other token signed with the same secret.
  return createHmac('sha256', secret).update(`ottkit-media.v1.${payload}`).digest();
}

/** `<base64url(JSON claims)>.<base64url(HMAC-SHA256)>`: URL-safe, self-contained, checked without storage. */
export function signMediaToken(secret: string, claims: MediaTokenClaims): string {
  const { accountId: a, resource: r, kind: k, exp: e, sessionId: s, sourceId: p } = claims;
  const payload = b64(JSON.stringify({ a, r, k, e, ...(s ? { s } : {}), ...(p ? { p } : {}) }));
  return `${payload}.${b64(mac(secret, payload))}`;
}

/** Signature and expiry only, for the licence endpoint, which learns the resource from the token itself. */
export function readMediaToken(
  secret: string,
  token: string | null | undefined,
  nowMs: number,
): MediaTokenClaims | undefined {
  const dot = token?.indexOf('.') ?? -1;
  if (!token || dot < 1) return undefined;
  try {
    const raw = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8')) as {
      r?: unknown;
      k?: unknown;
    };
    if (typeof raw.r !== 'string' || !MEDIA_KINDS.includes(raw.k as MediaKind)) return undefined;
    const v = verifyMediaToken(secret, token, { resource: raw.r, kind: raw.k as MediaKind, nowMs });
    return v.ok ? v.claims : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks signature (constant time), expiry and that the token was issued for this resource and kind.
 * The resource must match exactly: a token for `live/ch1` opens nothing of `live/ch2`.
 */
export function verifyMediaToken(
  secret: string,
  token: string | null | undefined,
  expect: { resource: string; kind: MediaKind; nowMs: number },
): VerifyResult {
  if (!token || token.length > 2048) return { ok: false, reason: 'malformed' };
  const dot = token.indexOf('.');
  if (dot < 1 || dot !== token.lastIndexOf('.')) return { ok: false, reason: 'malformed' };
  const payload = token.slice(0, dot);
  if (!sameSignature(token.slice(dot + 1), mac(secret, payload))) return { ok: false, reason: 'signature' };
  let raw: { a?: unknown; r?: unknown; k?: unknown; e?: unknown; s?: unknown; p?: unknown };
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { a, r, k, e, s, p } = raw;
  if (
    typeof a !== 'string' ||
    (s !== undefined && typeof s !== 'string') ||
    (p !== undefined && typeof p !== 'string') ||
    typeof r !== 'string' ||
    typeof e !== 'number' ||
    !MEDIA_KINDS.includes(k as MediaKind)
  )
    return { ok: false, reason: 'malformed' };
  if (e * 1000 <= expect.nowMs) return { ok: false, reason: 'expired' };
  if (k !== expect.kind) return { ok: false, reason: 'kind' };
  if (r !== expect.resource) return { ok: false, reason: 'resource' };
  const claims: MediaTokenClaims = { accountId: a, resource: r, kind: k as MediaKind, exp: e };
  if (typeof s === 'string') claims.sessionId = s;
  if (typeof p === 'string') claims.sourceId = p;
  return { ok: true, claims };
}
