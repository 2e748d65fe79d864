import type { IncomingMessage, ServerResponse } from 'node:http';
import { DRM_LICENSE_PATH, PREFETCH_QUERY_PARAM } from '@ottkit/api-client/contract';
import { sendBody, sendText } from '../http/send.ts';
import type { MediaLibrary, RenditionMedia, SourceMedia } from '../media/library.ts';
import { readTitleSource, titlesDir } from '../media/titleAssets.ts';
import { encryptFragment, encryptInit } from '../media/cenc.ts';
import { EDGE_REVOKED_PATH, EDGE_TOKEN, fromEdge, viaEdge } from './edge.ts';
import { createKeyStore, encryptSegment } from './keys.ts';
import { handleLicense } from './license.ts';
import { BLOCK_LIMIT_MS, directivesOf, holds, PART_FILE, tooFar } from './lowLatency.ts';
import { LIVE_WINDOW_SEGMENTS, masterPlaylist, subtitlePlaylist, subtitleSegment } from './playlists.ts';
import { createSegmentStore } from './segments.ts';
import {
  defaultLiveStream,
  type IngestedResolver,
  type LiveStream,
  type LowLatencyStream,
  type Stream,
  streamResolver,
} from './streams.ts';
import { type MediaTokenClaims, verifyMediaToken } from './tokens.ts';
import { timeshiftResource } from './urls.ts';
import { DEFAULT_VOD_ASSETS, type VodAsset } from './vod.ts';
import { type RemoteVideos, serveRemote } from './remoteVideos.ts';

export interface OriginOptions {
  /** Where AES keys are kept (`<dataDir>/keys/`). */
  dataDir: string;
  /** HMAC key of media tokens (the server's secret). */
  secret: string;
  library: MediaLibrary;
  /** Epoch ms; tests pass a fake clock. */
  now?: () => number;
  /** Maps a liveStreamId to a source and protection; `defaultLiveStream` by default. */
  resolveLiveStream?: (liveStreamId: string) => LiveStream | undefined;
  /** On-demand assets by id; DEFAULT_VOD_ASSETS by default. */
  vodAssets?: Record<string, VodAsset>;
  /** Titles' uploaded videos; by default read from `<dataDir>/titles/<assetId>/source.json` (decision 0235). */
  uploadedVod?: (assetId: string) => SourceMedia | undefined;
  /** Segments listed by the live playlist; at least 3 target durations (RFC 8216), 6 by default. */
  liveWindowSegments?: number;
  /** The DVR (time-shift) window, seconds; 4 h by default. */
  dvrWindowSec?: number;
  /** Outer bound of catch-up, days (each URL is also bound to its programme when signed); 30 by default. */
  maxCatchupDays?: number;
  /**
   * True when the session a URL was handed to has ended (logout, revocation): its URLs are refused from then on,
   * even before they expire (decision 0100). Without it, URLs live until they expire.
   */
  sessionEnded?: (sessionId: string, nowMs: number) => Promise<boolean>;
  /**
   * The sessions ended while their media URLs may still be valid, for the nginx edge (decision 0306): served at
   * EDGE_REVOKED_PATH to the edge only. Without it that path is not found.
   */
  endedSessions?: (nowMs: number) => Promise<string[]>;
  /** Channels fed by live sources (issue 17), served before the looped samples; see `live/originStreams.ts`. */
  ingested?: IngestedResolver;
  /** Called when the server closes (stops the live supervisor and its ffmpeg processes). */
  onClose?: () => Promise<void>;
  /**
   * Told of every media request it answers for a play (a token with a `sourceId`), never a neighbour's prefetch:
   * what the dashboard counts as a play when the player's own report never comes (decision 0389). Called often
   * (each playlist and segment): the listener keeps its writes few, and must not throw.
   */
  onServed?: (claims: MediaTokenClaims) => void;
  /** Titles played from a feed's HLS URL (decision 0435), looked for when an asset is none of the origin's own. */
  remoteVideos?: RemoteVideos;
  /** Where a remote video's upstream failures are told (the operator's log). */
  log?: (line: string) => void;
}

export interface Origin {
  /** Answers `/media/{live,dvr,catchup,vod}/…`; returns false for any other path so the caller routes on. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  close?(): Promise<void>;
}

/** Reads a title's video description once and keeps it (a transcode installs a new asset id, never rewrites one). */
function uploadedVodReader(dir: string) {
  const known = new Map<string, SourceMedia>();
  return (assetId: string) => {
    let s = known.get(assetId);
    if (!s) {
      s = readTitleSource(dir, assetId);
      if (s) known.set(assetId, s);
    }
    return s;
  };
}

export const DEFAULT_DVR_WINDOW_SEC = 4 * 3600;
const ENCRYPTED_CACHE_BYTES = 64 * 1024 * 1024;

const PLAYLIST = { 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'public, max-age=1' };
/**
 * A blocking reload's answer holds the part it waited for: the edge may keep it for a few target durations, and
 * every viewer asking for the same part is answered from that one copy (decision 0442).
 */
const BLOCKING_PLAYLIST = {
  'content-type': 'application/vnd.apple.mpegurl',
  'cache-control': 'public, max-age=6',
  // The edge ignores Cache-Control (its own playlists live half a segment); this it honours.
  'x-accel-expires': '6',
};
/** Ended catch-up and VOD playlists never change. */
const FIXED_PLAYLIST = {
  'content-type': 'application/vnd.apple.mpegurl',
  'cache-control': 'public, max-age=3600',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Media answers may be read by players on other origins (CORS), and are never sniffed. */
const MEDIA = { 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' };

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer[] | string,
) {
  sendBody(req.method, res, status, { ...headers, ...MEDIA }, body);
}

function fail(req: IncomingMessage, res: ServerResponse, status: number, reason: string) {
  sendText(req.method, res, status, reason, { 'cache-control': 'no-store', ...MEDIA });
}

/**
 * The origin. Every URL carries `?token=`, signed for its resource and kind (see README "Media"):
 *   /media/live/<liveStreamId>/…                    kind live,    resource live/<liveStreamId>
 *   /media/dvr/<liveStreamId>/…?start=<ms>          kind timeshift, resource timeshift/<liveStreamId>/<ms>
 *   /media/catchup/<liveStreamId>/<start>-<stop>/…  kind catchup, resource catchup/<liveStreamId>/<start>-<stop>
 *   /media/vod/<assetId>/…                          kind vod,     resource vod/<assetId>
 * where … is master.m3u8, <rendition>/index.m3u8, <rendition>/init.mp4, <rendition>/<n>.m4s aes.key or cenc.key;
 *   and POST /drmLicense/drm/adapter/licenseServer/license/v1?token=… (W3C ClearKey licence).
 */
export function createOrigin(options: OriginOptions): Origin {
  const lib = options.library;
  const now = options.now ?? Date.now;
  const seg = lib.segmentSec;
  const store = createSegmentStore(lib);
  const keys = createKeyStore(options.dataDir);
  const encrypted = new Map<string, Buffer>();
  let encryptedBytes = 0;
  const windowSegments = Math.max(options.liveWindowSegments ?? LIVE_WINDOW_SEGMENTS, 4);
  const dvrSegments = Math.floor((options.dvrWindowSec ?? DEFAULT_DVR_WINDOW_SEC) / seg);
  const resolveLive = options.resolveLiveStream ?? ((id: string) => defaultLiveStream(lib, id));
  const vodAssets = options.vodAssets ?? DEFAULT_VOD_ASSETS;
  const resolve = streamResolver({
    lib,
    now,
    resolveLive,
    vodAssets,
    uploadedVod: options.uploadedVod ?? uploadedVodReader(titlesDir(options.dataDir)),
    windowSegments,
    dvrSegments,
    maxCatchupDays: options.maxCatchupDays ?? 30,
    ingested: options.ingested,
    store,
  });

  async function serve(req: IncomingMessage, res: ServerResponse, url: URL, s: Stream, rest: string[]) {
    const token = url.searchParams.get('token');
    const v = verifyMediaToken(options.secret, token, { resource: s.resource, kind: s.kind, nowMs: now() });
    if (!v.ok) return fail(req, res, 403, `forbidden: token ${v.reason}`);
    if (await revoked(v.claims)) return fail(req, res, 403, 'forbidden: session ended');
    const notReady = await s.ready?.(token ?? '');
    if (notReady) return fail(req, res, notReady.status, notReady.reason);
    if (v.claims.sourceId && url.searchParams.get(PREFETCH_QUERY_PARAM) !== '1') options.onServed?.(v.claims);
    // Every child URL carries the token and what it is bound to (the DVR start); behind the edge, the
    // placeholder the edge replaces with each viewer's token (decision 0261).
    const query = `?token=${viaEdge(req) ? EDGE_TOKEN : token}${s.childQuery ?? ''}`;
    const [first, file] = rest;
    if (rest.length === 1 && first === 'master.m3u8') {
      return send(req, res, 200, PLAYLIST, masterPlaylist(s.source.renditions, query, s.source));
    }
    const keyFile = { 'aes.key': 'aes-128', 'cenc.key': 'clearkey' }[first ?? ''];
    if (rest.length === 1 && keyFile && keyFile === s.protection) {
      const headers = { 'content-type': 'application/octet-stream', 'cache-control': 'private, no-store' };
      const key = s.protection === 'aes-128' ? keys.aesKey(s.keyId) : keys.cencKey(s.keyId).key;
      return send(req, res, 200, headers, [key]);
    }
    const sub = s.source.subtitles?.find((x) => x.name === first);
    if (sub && rest.length === 2 && file) return serveSubtitles(req, res, s, sub.name, file, query);
    const r =
      s.source.renditions.find((x) => x.name === first) ??
      s.source.audioTracks?.find((x) => x.name === first);
    if (!r || rest.length !== 2 || !file) return fail(req, res, 404, 'not found');
    if (file === 'index.m3u8') {
      const d = s.lowLatency ? directivesOf(url) : { skip: false };
      if ('error' in d) return fail(req, res, 400, d.error);
      if (s.lowLatency && d.msn !== undefined) {
        const ll = s.lowLatency;
        const waited = await blockUntil(r, ll, { msn: d.msn, part: d.part });
        if (waited !== 'ok') return fail(req, res, waited === 'far' ? 400 : 503, `playlist ${waited}`);
      }
      const body = await s.playlist(r, query, { skip: d.skip });
      if (typeof body !== 'string') return fail(req, res, body.status, body.reason);
      const headers = body.includes('#EXT-X-ENDLIST')
        ? FIXED_PLAYLIST
        : d.msn !== undefined
          ? BLOCKING_PLAYLIST
          : PLAYLIST;
      return send(req, res, 200, headers, body);
    }
    const partOf = PART_FILE.exec(file);
    if (partOf) {
      const ll = s.lowLatency;
      const [n, k] = [Number(partOf[1]), Number(partOf[2])];
      // A part asked for before it is made (the preload hint) is held until it is (§6.2.5.3).
      const waited = ll ? await blockUntil(r, ll, { msn: n, part: k }) : 'gone';
      const bytes = waited === 'ok' && ll ? await ll.readPart(r, n, k) : undefined;
      if (!bytes) return fail(req, res, 404, 'part not available');
      const type = s.source.kind === 'audio' ? 'audio/mp4' : 'video/mp4';
      return send(req, res, 200, { 'content-type': type, 'cache-control': IMMUTABLE }, bytes);
    }
    // Live sources name their inits `init-<id>.mp4` (a new one after a switch to other codec settings).
    const fedInit = /^init(-\d{1,9})?\.mp4$/.test(file) ? s.readInit?.(file, r.name) : undefined;
    if (s.readInit && file.startsWith('init') && !fedInit) return fail(req, res, 404, 'not found');
    if (file === 'init.mp4' || fedInit) {
      const clear = fedInit ? await fedInit : await store.init(s.source, r);
      const init =
        s.protection === 'clearkey'
          ? cached(`init/${s.keyId}/${r.name}/${file}`, () => encryptInit(clear, keys.cencKey(s.keyId).kid))
          : clear;
      return send(req, res, 200, { 'content-type': 'video/mp4', 'cache-control': IMMUTABLE }, [init]);
    }
    const m = /^(\d{1,15})\.m4s$/.exec(file);
    const n = m ? Number(m[1]) : Number.NaN;
    if (!m || !s.allowed(n)) return fail(req, res, 404, 'segment not available');
    const headers = {
      'content-type': s.source.kind === 'audio' ? 'audio/mp4' : 'video/mp4',
      'cache-control': IMMUTABLE,
    };
    const parts = s.readSegment ? await s.readSegment(n, r.name) : await store.segment(s.source, r, n);
    if (!s.protection) return send(req, res, 200, headers, parts);
    const body = cached(`${s.keyId}/${r.name}/${n}`, () =>
      s.protection === 'aes-128'
        ? encryptSegment(parts, keys.aesKey(s.keyId), n)
        : encryptFragment(
            Buffer.concat(parts),
            s.tracksOfSegment?.(n, r.name) ?? r.tracks,
            keys.cencKey(s.keyId).key,
            n,
          ),
    );
    return send(req, res, 200, headers, [body]);
  }

  /** A subtitle language: its playlist follows the stream's (same window, same token); cues are never encrypted. */
  async function serveSubtitles(
    req: IncomingMessage,
    res: ServerResponse,
    s: Stream,
    name: string,
    file: string,
    query: string,
  ) {
    const variant = s.source.renditions[0];
    if (file === 'index.m3u8' && variant) {
      const body = await s.playlist(variant, query);
      if (typeof body !== 'string') return fail(req, res, body.status, body.reason);
      const headers = body.includes('#EXT-X-ENDLIST') ? FIXED_PLAYLIST : PLAYLIST;
      // A looped sample's cues exist for the segment being made: a low-latency playlist lists it whole.
      const ahead = s.lowLatency && !s.readSegment ? seg : undefined;
      return send(req, res, 200, headers, subtitlePlaylist(body, ahead));
    }
    const m = /^(\d{1,15})\.vtt$/.exec(file);
    const n = m ? Number(m[1]) : Number.NaN;
    const making =
      s.lowLatency && variant && !s.readSegment ? (await s.lowLatency.newest(variant)).current : -1;
    if (!m || !(s.allowed(n) || n === making)) return fail(req, res, 404, 'segment not available');
    const loopFile = await store.text(s.source, name, n % s.source.segmentCount);
    const headers = { 'content-type': 'text/vtt; charset=utf-8', 'cache-control': IMMUTABLE };
    return send(req, res, 200, headers, subtitleSegment(loopFile, n, seg));
  }

  /**
   * Holds a blocking request until the stream has segment `msn` (or its part `part`): `far` when that is more
   * than the next segment away, `late` when it did not come within three target durations.
   */
  async function blockUntil(
    r: RenditionMedia,
    ll: LowLatencyStream,
    d: { msn: number; part?: number },
  ): Promise<'ok' | 'far' | 'late'> {
    const deadline = Date.now() + BLOCK_LIMIT_MS;
    for (;;) {
      const newest = await ll.newest(r);
      if (holds(newest, d)) return 'ok';
      if (tooFar(newest, d.msn)) return 'far';
      const left = deadline - Date.now();
      if (left <= 0) return 'late';
      await ll.changed(left, r);
    }
  }

  async function revoked(claims: MediaTokenClaims | undefined): Promise<boolean> {
    return !!claims?.sessionId && !!(await options.sessionEnded?.(claims.sessionId, now()));
  }

  /** Encrypted bytes are the same for every viewer: keep the recent ones (a few segments per channel). */
  function cached(key: string, make: () => Buffer): Buffer {
    let b = encrypted.get(key);
    if (!b) {
      b = make();
      encrypted.set(key, b);
      encryptedBytes += b.length;
      // Oldest first out, bounded in bytes (an HD segment is about 600 kB).
      for (const [k, v] of encrypted) {
        if (encryptedBytes <= ENCRYPTED_CACHE_BYTES) break;
        encrypted.delete(k);
        encryptedBytes -= v.length;
      }
    }
    return b;
  }

  return {
    close: options.onClose,
    async handle(req, res, url) {
      let parts: string[];
      try {
        parts = url.pathname.split('/').slice(1).map(decodeURIComponent);
      } catch {
        return false;
      }
      if (url.pathname === EDGE_REVOKED_PATH) {
        if (!options.endedSessions || !fromEdge(req, options.secret)) fail(req, res, 404, 'not found');
        else {
          const ids = await options.endedSessions(now());
          // Each between newlines (sendText ends the last), so the edge finds one with a substring search.
          sendText(req.method, res, 200, `\n${ids.join('\n')}`, {
            'cache-control': 'no-store',
          });
        }
        return true;
      }
      if (url.pathname === DRM_LICENSE_PATH) {
        await handleLicense(req, res, {
          secret: options.secret,
          nowMs: now(),
          token: url.searchParams.get('token'),
          revoked,
          keyFor: async (resource) => {
            const id = /^(?:live|timeshift|catchup)\/([^/]+)/.exec(resource)?.[1];
            // A channel fed by live sources keeps its protection (issue 17).
            const fed = id === undefined ? undefined : await options.ingested?.('live', id, [], url);
            const protection =
              fed && 'stream' in fed
                ? fed.stream.protection
                : id === undefined
                  ? undefined
                  : resolveLive(id)?.protection;
            return id && protection === 'clearkey' ? keys.cencKey(`live/${id}`) : undefined;
          },
        });
        return true;
      }
      const [root, kind, id, ...rest] = parts;
      if (root !== 'media' || !kind || !['live', 'dvr', 'catchup', 'vod'].includes(kind)) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        fail(req, res, 405, 'method not allowed');
        return true;
      }
      const found = id ? await resolve(kind, id, rest, url) : { status: 404 as const, reason: 'not found' };
      if ('status' in found) {
        // Check the token first, so an unknown id tells an unauthorised caller nothing.
        const expect =
          kind === 'vod'
            ? { kind: 'vod' as const, resource: `vod/${id}` }
            : kind === 'catchup'
              ? { kind: 'catchup' as const, resource: `catchup/${id}/${rest[0]}` }
              : kind === 'dvr'
                ? {
                    kind: 'timeshift' as const,
                    resource: timeshiftResource(id ?? '', Number(url.searchParams.get('start') ?? 0)),
                  }
                : { kind: 'live' as const, resource: `live/${id}` };
        const token = url.searchParams.get('token');
        const v = verifyMediaToken(options.secret, token, { ...expect, nowMs: now() });
        const remote = v.ok && kind === 'vod' && id ? await options.remoteVideos?.url(id) : undefined;
        if (v.ok && remote && id && options.remoteVideos) {
          if (await revoked(v.claims)) fail(req, res, 403, 'forbidden: session ended');
          else {
            if (v.claims.sourceId && url.searchParams.get(PREFETCH_QUERY_PARAM) !== '1')
              options.onServed?.(v.claims);
            await serveRemote(req, res, {
              secret: options.secret,
              assetId: id,
              master: remote,
              rest,
              query: `?token=${viaEdge(req) ? EDGE_TOKEN : token}`,
              allow: await options.remoteVideos.allow(),
              media: MEDIA,
              log: options.log,
            });
          }
          return true;
        }
        fail(req, res, v.ok ? found.status : 403, v.ok ? found.reason : 'forbidden');
        return true;
      }
      await serve(req, res, url, found.stream, found.rest);
      return true;
    },
  };
}
