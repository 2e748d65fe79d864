import { type MediaKind, signMediaToken } from './tokens.ts';

/** Default validity of a handed-out media URL (spec §9 leaves it open): long enough for an evening's viewing. */
export const DEFAULT_TTL_SEC = 6 * 3600;

/** The stream shown to viewers without authority (spec §4: the fallback clip), itself a live loop. */
export const FALLBACK_STREAM_ID = 'fallback';

export interface UrlOptions {
  accountId: string;
  /** Validity in seconds from now; DEFAULT_TTL_SEC when absent. */
  ttlSec?: number;
}

function signed(
  secret: string,
  nowMs: number,
  path: string,
  resource: string,
  kind: MediaKind,
  o: UrlOptions,
) {
  const exp = Math.floor(nowMs / 1000) + (o.ttlSec ?? DEFAULT_TTL_SEC);
  const token = signMediaToken(secret, { accountId: o.accountId, resource, kind, exp });
  return `${path}?token=${token}`;
}

const seg = (s: string) => encodeURIComponent(s);

/** `/media/live/<liveStreamId>/master.m3u8?token=…`: the live multivariant playlist of a stream. */
export function liveUrl(
  secret: string,
  o: UrlOptions & { liveStreamId: string },
  nowMs: number = Date.now(),
): string {
  const id = seg(o.liveStreamId);
  return signed(secret, nowMs, `/media/live/${id}/master.m3u8`, `live/${o.liveStreamId}`, 'live', o);
}

export interface MediaUrls {
  /** Live playlist of a stream (physicalChannelList liveStreamId). */
  live(o: UrlOptions & { liveStreamId: string }): string;
  /** The fallback clip for a viewer without authority: a live loop anyone may get a token for. */
  fallback(o: UrlOptions): string;
}

/** URL factory bound to the secret and clock, for the HTTP layer to hand out playable URLs. */
export function createMediaUrls(secret: string, now: () => number = Date.now): MediaUrls {
  return {
    live: (o) => liveUrl(secret, o, now()),
    fallback: (o) => liveUrl(secret, { ...o, liveStreamId: FALLBACK_STREAM_ID }, now()),
  };
}
