import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { pickEncoding } from './static.ts';

/**
 * Compresses the site's server-rendered HTML on the fly (brotli or gzip, as the browser accepts). Pages carry
 * the catalogue's markup and the islands' props (tens of KB), which matters most on slow mobile links.
 * Wraps `res` before the SSR handler writes to it; anything that is not a 200 text/html answer passes
 * through untouched. Output is flushed after each burst of writes, so streamed rendering still streams.
 */
/** Compressed copies of shared pages by encoding and ETag (a few pages, each some 15 KB compressed). */
const sharedCopies = new Map<string, Buffer>();
const MAX_SHARED_COPIES = 32;
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/** The compressed copy of a shared page's bytes, made once per encoding and ETag. */
function sharedCopy(key: string, encoding: 'br' | 'gzip', body: Buffer): Buffer {
  let copy = sharedCopies.get(key);
  if (!copy) {
    copy =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : gzipSync(body, { level: GZIP_LEVEL });
    sharedCopies.set(key, copy);
    if (sharedCopies.size > MAX_SHARED_COPIES)
      sharedCopies.delete(sharedCopies.keys().next().value as string);
  }
  return copy;
}

export function compressPages(req: IncomingMessage, res: ServerResponse): void {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding || req.method === 'HEAD') return;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let zip: ReturnType<typeof createGzip> | null = null;
  let flushQueued = false;
  /**
   * A page with an ETag is one the site shares between viewers (its /home cache, decision 0131): the same
   * bytes again and again. It is compressed once and the copy reused, instead of per request.
   */
  let shared: { key: string; chunks: Buffer[] } | null = null;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headersAt = rest.findIndex((r) => typeof r === 'object' && r !== null);
    const given = (headersAt >= 0 ? rest[headersAt] : undefined) as OutgoingHttpHeaders | undefined;
    const header = (name: string) => given?.[name] ?? res.getHeader(name);
    const html = /^text\/html\b/i.test(String(header('content-type') ?? ''));
    const etag = header('etag');
    if (status === 200 && html && !header('content-encoding') && !Array.isArray(given)) {
      if (typeof etag === 'string' && etag) shared = { key: `${encoding} ${etag}`, chunks: [] };
      else
        zip =
          encoding === 'br'
            ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
            : createGzip({ level: GZIP_LEVEL });
      if (zip) {
        zip.on('data', (chunk: Buffer) => write(chunk));
        zip.on('end', () => end());
        zip.on('error', (err) => res.destroy(err));
        // A viewer who leaves mid-page: stop compressing for nobody.
        const z = zip;
        res.once('close', () => {
          if (!z.writableFinished) z.destroy();
        });
      }
      const headers: OutgoingHttpHeaders = {
        ...given,
        'content-encoding': encoding,
        vary: 'accept-encoding',
      };
      delete headers['content-length'];
      res.removeHeader('content-length');
      if (headersAt >= 0) rest[headersAt] = headers;
      else rest.push(headers);
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (shared) {
      shared.chunks.push(Buffer.from(chunk as Buffer | string));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }
    if (!zip) return write(chunk, ...rest);
    const z = zip;
    z.write(chunk as Buffer);
    if (!flushQueued) {
      flushQueued = true;
      setImmediate(() => {
        flushQueued = false;
        z.flush();
      });
    }
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (shared) {
      const done = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined;
      if (chunk !== undefined && typeof chunk !== 'function')
        shared.chunks.push(Buffer.from(chunk as Buffer | string));
      const body = sharedCopy(shared.key, encoding, Buffer.concat(shared.chunks));
      shared = null;
      return end(body, done);
    }
    if (!zip) return end(chunk, ...rest);
    const done = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined;
    if (done) res.once('finish', done);
    if (chunk !== undefined && typeof chunk !== 'function') zip.end(chunk as Buffer);
    else zip.end();
    return res;
  }) as ServerResponse['end'];
}
