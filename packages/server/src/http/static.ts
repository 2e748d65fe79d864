import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { byteRange, etagOf, noneMatch } from './conditional.ts';
import { sendBody, sendFile, sendText } from './send.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.webmanifest',
]);
/** Compressed copies of the built files, made once: they never change while the server runs. */
const compressedCache = new Map<string, { br: Buffer; gzip: Buffer }>();

function compressed(file: string, mtimeMs: number, body: Buffer) {
  const key = `${file}@${mtimeMs}`;
  let entry = compressedCache.get(key);
  if (!entry) {
    entry = {
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(body, { level: 9 }),
    };
    compressedCache.set(key, entry);
  }
  return entry;
}

/**
 * The best encoding the client accepts among ours (brotli, then gzip), or null. Reads the q-values of
 * Accept-Encoding (RFC 9110 §12.5.3): `br;q=0` refuses brotli, `*` stands for codings not named.
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((x) => x.trim());
    if (!name) continue;
    const qParam = params.find((p) => /^q\s*=/.test(p));
    const value = qParam === undefined ? 1 : Number(qParam.replace(/^q\s*=\s*/, ''));
    q.set(name, Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
  }
  const weight = (coding: string) => q.get(coding) ?? q.get('*') ?? 0;
  const [br, gzip] = [weight('br'), weight('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/**
 * Serves the built site's client files (`site/dist/client`). Astro's middleware mode leaves static files to
 * the host server. Hashed bundles under `/_astro/` never change, so they are cached for a year.
 * Returns false when no such file exists, so the request goes on to the site's SSR handler.
 */
export function createStaticHandler(root: string) {
  const base = normalize(root + sep);
  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    if (decoded.includes('\0')) return false;
    const file = normalize(join(base, decoded));
    if (!file.startsWith(base)) return false; // path traversal
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return false;
    const encoding = COMPRESSIBLE.has(extname(file)) ? pickEncoding(req.headers['accept-encoding']) : null;
    const etag = etagOf(info.size, info.mtimeMs, encoding);
    const headers: Record<string, string | number> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': decoded.startsWith('/_astro/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
      etag,
    };
    if (noneMatch(req.headers['if-none-match'], etag)) {
      // The browser has this version: revalidated without a body.
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    if (encoding) {
      // Scripts and styles are most of what a page downloads: send them compressed (about a quarter the bytes).
      const body = compressed(file, info.mtimeMs, await readFile(file))[encoding];
      sendBody(req.method, res, 200, { ...headers, 'content-encoding': encoding }, body);
      return true;
    }
    headers['accept-ranges'] = 'bytes';
    const range = byteRange(req.headers.range, info.size, header(req, 'if-range'), etag);
    if (range === 'unsatisfiable') {
      sendText(req.method, res, 416, 'Range not satisfiable', { 'content-range': `bytes */${info.size}` });
      return true;
    }
    if (range) {
      res.writeHead(206, {
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${info.size}`,
        'content-length': range.end - range.start + 1,
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file, range).pipe(res);
      return true;
    }
    sendFile(req.method, res, headers, file, info.size);
    return true;
  };
}

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};
