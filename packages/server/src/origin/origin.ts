import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MediaLibrary, RenditionMedia, SourceMedia } from '../media/library.ts';
import { LIVE_WINDOW_SEGMENTS, liveEdge, liveWindow, masterPlaylist, mediaPlaylist } from './playlists.ts';
import { createSegmentStore, type SegmentBytes } from './segments.ts';
import { type MediaKind, verifyMediaToken } from './tokens.ts';

export interface OriginOptions {
  dataDir: string;
  /** HMAC key of media tokens (the server's secret). */
  secret: string;
  library: MediaLibrary;
  /** Epoch ms; tests pass a fake clock. */
  now?: () => number;
  /** Maps a liveStreamId to a prepared source; by default the id is the source name (`ch1`, `audio1`…). */
  resolveLiveStream?: (liveStreamId: string) => string | undefined;
  /** Segments listed by the live playlist; at least 3 target durations (RFC 8216), 6 by default. */
  liveWindowSegments?: number;
  /** How far back live segments stay fetchable (the DVR window), seconds; 4 h by default. */
  dvrWindowSec?: number;
}

export interface Origin {
  /** Answers `/media/{live}/…`; returns false for any other path so the caller can go on routing. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export const DEFAULT_DVR_WINDOW_SEC = 4 * 3600;

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
/** Live playlists change every segment: about half a segment of caching (spec: "about half a segment"). */
const PLAYLIST_CACHE = 'public, max-age=1';
/** A segment's URL names its bytes for ever (number on the wall clock, rendition, token). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function send(
  res: ServerResponse,
  req: IncomingMessage,
  status: number,
  headers: Record<string, string>,
  body: SegmentBytes | string,
) {
  const parts = typeof body === 'string' ? [Buffer.from(body)] : body;
  const length = parts.reduce((n, p) => n + p.length, 0);
  res.writeHead(status, {
    ...headers,
    'content-length': String(length),
    'access-control-allow-origin': '*',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') return void res.end();
  for (const p of parts.slice(0, -1)) res.write(p);
  res.end(parts.at(-1));
}

function deny(req: IncomingMessage, res: ServerResponse, status: 403 | 404 | 405, reason: string) {
  send(
    res,
    req,
    status,
    { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    `${reason}\n`,
  );
}

/**
 * The live origin. URL scheme (every URL carries `?token=`, signed for its resource and kind):
 *   /media/live/<liveStreamId>/master.m3u8
 *   /media/live/<liveStreamId>/<rendition>/index.m3u8
 *   /media/live/<liveStreamId>/<rendition>/init.mp4
 *   /media/live/<liveStreamId>/<rendition>/<n>.m4s      n = floor(epochMs / 2000)
 */
export function createOrigin(options: OriginOptions): Origin {
  const lib = options.library;
  const now = options.now ?? Date.now;
  const store = createSegmentStore(lib);
  const windowSegments = Math.max(options.liveWindowSegments ?? LIVE_WINDOW_SEGMENTS, 4);
  const dvrSegments = Math.floor((options.dvrWindowSec ?? DEFAULT_DVR_WINDOW_SEC) / lib.segmentSec);
  const resolve = options.resolveLiveStream ?? ((id: string) => (lib.sources[id] ? id : undefined));

  function authorize(req: IncomingMessage, res: ServerResponse, url: URL, resource: string, kind: MediaKind) {
    const v = verifyMediaToken(options.secret, url.searchParams.get('token'), {
      resource,
      kind,
      nowMs: now(),
    });
    if (!v.ok) deny(req, res, 403, `forbidden: token ${v.reason}`);
    return v.ok;
  }

  async function serveLoop(
    req: IncomingMessage,
    res: ServerResponse,
    source: SourceMedia,
    rest: string[],
    query: string,
    playlist: (r: RenditionMedia) => string,
    allowed: (n: number) => boolean,
  ) {
    if (rest.length === 1 && rest[0] === 'master.m3u8') {
      const body = masterPlaylist(source.renditions, query);
      return send(res, req, 200, { 'content-type': PLAYLIST_TYPE, 'cache-control': PLAYLIST_CACHE }, body);
    }
    const rendition = source.renditions.find((r) => r.name === rest[0]);
    if (!rendition || rest.length !== 2) return deny(req, res, 404, 'not found');
    const file = rest[1] as string;
    if (file === 'index.m3u8') {
      return send(
        res,
        req,
        200,
        { 'content-type': PLAYLIST_TYPE, 'cache-control': PLAYLIST_CACHE },
        playlist(rendition),
      );
    }
    if (file === 'init.mp4') {
      const init = await store.init(source, rendition);
      return send(res, req, 200, { 'content-type': 'video/mp4', 'cache-control': IMMUTABLE }, [init]);
    }
    const m = /^(\d{1,15})\.m4s$/.exec(file);
    const n = m ? Number(m[1]) : Number.NaN;
    if (!m || !allowed(n)) return deny(req, res, 404, 'segment not available');
    const type = source.kind === 'audio' ? 'audio/mp4' : 'video/mp4';
    return send(
      res,
      req,
      200,
      { 'content-type': type, 'cache-control': IMMUTABLE },
      await store.segment(source, rendition, n),
    );
  }

  async function live(req: IncomingMessage, res: ServerResponse, url: URL, parts: string[]) {
    const [id, ...rest] = parts;
    if (!id) return deny(req, res, 404, 'not found');
    if (!authorize(req, res, url, `live/${id}`, 'live')) return;
    const sourceName = resolve(id);
    const source = sourceName ? lib.sources[sourceName] : undefined;
    if (!source) return deny(req, res, 404, 'unknown stream');
    const query = `?token=${url.searchParams.get('token')}`;
    const segMs = lib.segmentSec * 1000;
    const playlist = () =>
      mediaPlaylist({
        range: liveWindow(now(), lib.segmentSec, windowSegments),
        segmentSec: lib.segmentSec,
        query,
        programDateTime: (n) => n * segMs,
      });
    // Any complete segment of the DVR window may be fetched; later ones do not exist yet.
    const allowed = (n: number) => {
      const edge = liveEdge(now(), lib.segmentSec);
      return n <= edge && n > edge - dvrSegments;
    };
    return serveLoop(req, res, source, rest, query, playlist, allowed);
  }

  return {
    async handle(req, res, url) {
      let parts: string[];
      try {
        parts = url.pathname.split('/').slice(1).map(decodeURIComponent);
      } catch {
        return false;
      }
      if (parts[0] !== 'media' || parts[1] !== 'live') return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        deny(req, res, 405, 'method not allowed');
        return true;
      }
      await live(req, res, url, parts.slice(2));
      return true;
    },
  };
}
