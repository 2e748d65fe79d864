import { type MediaKind, signMediaToken } from './tokens.ts';

/**
 * Validity of a URL signed without an explicit life (spec §9 leaves it open); the HTTP layer always passes
 * the operator's `media.liveTokenTtlSec` instead (decision 0100).
 */
export const DEFAULT_TTL_SEC = 6 * 3600;
/**
 * Default validity of every handed-out media URL (live, time-shift, catch-up, VOD, trailer): short, because
 * the players renew it while they play (decision 0100); operators change it with `media.liveTokenTtlSec`.
 */
export const LIVE_TTL_SEC = 10 * 60;

/** The stream shown to viewers without authority (spec §4: the fallback clip), itself a live loop. */
export const FALLBACK_STREAM_ID = 'fallback';

export interface UrlOptions {
  accountId: string;
  /** Validity in seconds from now; DEFAULT_TTL_SEC when absent. */
  ttlSec?: number;
  /** The session the URL is handed to: ending it (logout) revokes the URL. */
  sessionId?: string;
  /** The channel or title this URL plays, as the players report it (`MediaTokenClaims.sourceId`). */
  sourceId?: string;
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
  const token = signMediaToken(secret, {
    accountId: o.accountId,
    resource,
    kind,
    exp,
    ...(o.sessionId ? { sessionId: o.sessionId } : {}),
    ...(o.sourceId ? { sourceId: o.sourceId } : {}),
  });
  return `${path}?token=${token}`;
}

const enc = encodeURIComponent;

/** `/media/live/<liveStreamId>/master.m3u8?token=…`: the live multivariant playlist of a stream. */
export function liveUrl(
  secret: string,
  o: UrlOptions & { liveStreamId: string },
  nowMs: number = Date.now(),
): string {
  const id = o.liveStreamId;
  return signed(secret, nowMs, `/media/live/${enc(id)}/master.m3u8`, `live/${id}`, 'live', o);
}

/** The resource a time-shift token opens: the DVR window of a stream from `start` (whole window without). */
export function timeshiftResource(liveStreamId: string, startMs: number | undefined): string {
  return startMs ? `timeshift/${liveStreamId}/${Math.floor(startMs)}` : `timeshift/${liveStreamId}`;
}

/**
 * `/media/dvr/<liveStreamId>/master.m3u8?token=…&start=<ms>`: the time-shift playlist, from `startMs` (the
 * current programme's start) up to live, within the DVR window. Its own token kind (`timeshift`), bound to
 * that start: a live URL opens no DVR segment, and this one nothing before the programme.
 */
export function dvrUrl(
  secret: string,
  o: UrlOptions & { liveStreamId: string; startMs?: number },
  nowMs: number = Date.now(),
): string {
  const id = o.liveStreamId;
  const resource = timeshiftResource(id, o.startMs);
  const url = signed(secret, nowMs, `/media/dvr/${enc(id)}/master.m3u8`, resource, 'timeshift', o);
  return o.startMs ? `${url}&start=${Math.floor(o.startMs)}` : url;
}

/** `/media/catchup/<liveStreamId>/<start>-<stop>/master.m3u8?token=…`: one programme, token bound to its window. */
export function catchupUrl(
  secret: string,
  o: UrlOptions & { liveStreamId: string; start: number; stop: number },
  nowMs: number = Date.now(),
): string {
  const id = o.liveStreamId;
  const window = `${Math.floor(o.start)}-${Math.floor(o.stop)}`;
  return signed(
    secret,
    nowMs,
    `/media/catchup/${enc(id)}/${window}/master.m3u8`,
    `catchup/${id}/${window}`,
    'catchup',
    o,
  );
}

/** `/media/vod/<assetId>/master.m3u8?token=…`: an on-demand asset. */
export function vodUrl(
  secret: string,
  o: UrlOptions & { assetId: string },
  nowMs: number = Date.now(),
): string {
  return signed(secret, nowMs, `/media/vod/${enc(o.assetId)}/master.m3u8`, `vod/${o.assetId}`, 'vod', o);
}

export interface MediaUrls {
  /** Live playlist of a stream (physicalChannelList liveStreamId). */
  live(o: UrlOptions & { liveStreamId: string }): string;
  /** Time-shift playlist (physicalChannelList dvrStreamId), from the programme start when given. */
  dvr(o: UrlOptions & { liveStreamId: string; startMs?: number }): string;
  /** Catch-up of one programme [start, stop] (epoch ms). Check the window with `cutCatchup` before. */
  catchup(o: UrlOptions & { liveStreamId: string; start: number; stop: number }): string;
  vod(o: UrlOptions & { assetId: string }): string;
  /** The fallback clip for a viewer without authority: a live loop anyone may get a token for. */
  fallback(o: UrlOptions): string;
}

/** URL factory bound to the secret and clock, for the HTTP layer to hand out playable URLs. */
export function createMediaUrls(secret: string, now: () => number = Date.now): MediaUrls {
  return {
    live: (o) => liveUrl(secret, o, now()),
    dvr: (o) => dvrUrl(secret, o, now()),
    catchup: (o) => catchupUrl(secret, o, now()),
    vod: (o) => vodUrl(secret, o, now()),
    fallback: (o) => liveUrl(secret, { ...o, liveStreamId: FALLBACK_STREAM_ID }, now()),
  };
}
