import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FetchLimits, openUpstream, SourceError } from '../upstream/fetch.ts';
import type { UriRole } from '../upstream/hlsPlaylist.ts';
import { relayAnswer } from '../upstream/hlsRelay.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';

/**
 * A title whose video is HLS already, played from its feed's URL (decision 0435): the origin fetches every
 * playlist, key and segment of it under the upstream rule (decision 0359, redirects included) and hands them on
 * under the title's media token, as it hands on its own. Playlists are rewritten so that each URI in them is one
 * of this asset's own names: `<mac><url in base64url>.<ext>`, where the MAC binds the URL to the asset, so the
 * origin fetches only what the asset's playlists named, never a URL a viewer makes up. The player never learns
 * the upstream's address, and the edge caches these answers like the origin's own.
 */

export interface RemoteVideos {
  /** The asset's upstream URL, or undefined when the asset is not a remote one. */
  url(assetId: string): Promise<string | undefined>;
  /** The operator's `upstreams.allow` setting, read at each fetch. */
  allow(): Promise<string>;
}

/** A playlist or a segment in 30 s at most; a segment of 64 MB at most (an HD segment is about 1 MB). */
const LIMITS: FetchLimits = { timeoutMs: 30_000, maxBytes: 64 * 1024 * 1024, maxRedirects: 5 };
const MAC_CHARS = 22;

/** What a name's extension is served as: never the upstream's own content type (its bytes come from elsewhere). */
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  key: 'application/octet-stream',
  ts: 'video/mp2t',
  m4s: 'video/mp4',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  vtt: 'text/vtt; charset=utf-8',
  bin: 'application/octet-stream',
};

const mac = (secret: string, assetId: string, url: string) =>
  createHmac('sha256', secret)
    .update(`ottkit-remote.v1.${assetId}\n${url}`)
    .digest('base64url')
    .slice(0, MAC_CHARS);

/**
 * The extension a URI's name gets: the edge tells playlists (`.m3u8`) and keys (`.key`) from segments by it, so
 * it follows where the URI stood in its playlist; a segment keeps a media extension of its own when it has one.
 */
function extension(url: string, role: UriRole): string {
  if (role === 'playlist') return 'm3u8';
  if (role === 'key') return 'key';
  const own = /\.([a-z0-9]{1,4})$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return own && own in TYPES && own !== 'm3u8' && own !== 'key' ? own : 'bin';
}

/** A URI's name under the asset (relative: every name sits beside the master playlist). */
export function remoteName(secret: string, assetId: string, url: string, role: UriRole): string {
  return `${mac(secret, assetId, url)}${Buffer.from(url).toString('base64url')}.${extension(url, role)}`;
}

/** The upstream URL a name stands for, when its MAC is this asset's; else undefined. */
function nameUrl(secret: string, assetId: string, name: string): { url: string; ext: string } | undefined {
  const m = /^([\w-]{22})([\w-]+)\.([a-z0-9]{1,4})$/.exec(name);
  if (!m) return undefined;
  const [, given, code, ext] = m as unknown as [string, string, string, string];
  const url = Buffer.from(code, 'base64url').toString();
  const want = Buffer.from(mac(secret, assetId, url));
  const got = Buffer.from(given);
  return got.length === want.length && timingSafeEqual(got, want) && ext in TYPES ? { url, ext } : undefined;
}

/**
 * Answers `rest` (`master.m3u8`, or a name) of the remote asset whose upstream is `master`; `query` is what
 * every URI in a playlist carries (the token, or the edge's placeholder). Fails in words without the upstream's
 * address: the viewer's player shows its own words for a status, and the operator's log has the rest.
 */
export async function serveRemote(
  req: IncomingMessage,
  res: ServerResponse,
  o: {
    secret: string;
    assetId: string;
    master: string;
    rest: string[];
    query: string;
    allow: string;
    /** Headers every media answer carries (CORS, nosniff). */
    media: Record<string, string>;
    log?: (line: string) => void;
  },
): Promise<void> {
  const [name] = o.rest;
  const target =
    o.rest.length === 1 && name === 'master.m3u8'
      ? { url: o.master, ext: 'm3u8' }
      : o.rest.length === 1 && name
        ? nameUrl(o.secret, o.assetId, name)
        : undefined;
  const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...o.media };
  if (!target) return void res.writeHead(404, plain).end('not found');
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  const signal = AbortSignal.any([gone.signal, AbortSignal.timeout(LIMITS.timeoutMs)]);
  const range = req.headers.range;
  try {
    const opened = await openUpstream(target.url, { ...LIMITS, allow: o.allow }, signal, {
      'user-agent': 'ottkit-origin',
      'accept-encoding': 'identity',
      ...(range ? { range } : {}),
    });
    const base = {
      ...o.media,
      // Bytes from elsewhere on this origin's address: never a document a browser would run.
      'content-security-policy': "default-src 'none'; sandbox",
    };
    await relayAnswer(
      opened.res,
      opened.url,
      res,
      (url, role) =>
        url === undefined ? 'not-a-url.bin' : `${remoteName(o.secret, o.assetId, url, role)}${o.query}`,
      (kind, up) => {
        if (kind === 'playlist') {
          return {
            ...base,
            'content-type': TYPES.m3u8 as string,
            'cache-control': 'public, max-age=2',
          };
        }
        const length = up.headers['content-length'];
        const range = up.headers['content-range'];
        return {
          ...base,
          'content-type': TYPES[target.ext] ?? 'application/octet-stream',
          // A VOD's segments never change; a key is private to whoever holds the token.
          'cache-control': target.ext === 'key' ? 'private, no-store' : 'public, max-age=86400',
          ...(length ? { 'content-length': length } : {}),
          ...(range ? { 'content-range': range } : {}),
        };
      },
    );
  } catch (e) {
    if (gone.signal.aborted) return void res.destroy();
    const refused = e instanceof SourceError && e.refused;
    o.log?.(`remote video ${o.assetId}: ${maskSecrets(e instanceof Error ? e.message : String(e))}`);
    if (res.headersSent) return void res.destroy();
    res
      .writeHead(refused ? 403 : 502, plain)
      .end(refused ? 'forbidden: the title’s source is not allowed' : 'the title’s source did not answer');
  }
}
