import type { IncomingMessage } from 'node:http';
import { ErrCode } from '@ottkit/api-client';
import { parseCompressedForm } from './compressedForm.ts';
import { HttpError } from './route.ts';

/** Past this many times the cap a body is no longer read before answering: the refusal goes out at once. */
const DRAIN_FACTOR = 16;
/** What is still read (and dropped) of such a body after the refusal, so the client reads the answer... */
const DISCARD_BYTES = 64 * 1024 * 1024;
/** ...and for how long, before the connection is closed after all. */
const DISCARD_MS = 10_000;

/**
 * Drops the rest of a body already refused. Closing the connection straight away would reset it while the
 * client is still sending, and the client would never read the 413 (issue 35); reading on, bounded in bytes
 * and time, lets the answer arrive. The read goes on in the background; nothing of it is kept.
 */
function discardRest(req: IncomingMessage): void {
  let left = DISCARD_BYTES;
  const close = () => req.socket?.destroy();
  const timer = setTimeout(close, DISCARD_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) close();
  });
  req.once('end', done);
  req.once('close', done);
  req.resume();
}

/**
 * Reads the whole request body up to `limit` bytes; undefined when it is larger. A larger body is drained (so
 * the client can read the answer); an absurdly large one is answered before it has arrived and its rest
 * dropped (discardRest). Every body reader uses it (the API here, the DRM licence endpoint of the origin).
 */
export function readBodyUpTo(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit * DRAIN_FACTOR) {
    discardRest(req);
    return Promise.resolve(undefined);
  }
  // Listeners on a stream that has already ended would wait for ever: say so instead.
  if (req.readableEnded || req.destroyed)
    return Promise.reject(new Error('the request body was already read'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > limit;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (size > limit * DRAIN_FACTOR) {
        stop();
        discardRest(req);
        resolve(undefined);
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(tooLarge ? undefined : Buffer.concat(chunks));
    };
    const onError = (e: Error) => {
      stop();
      reject(e);
    };
    // The client went away before the end: nothing to answer, as a failed read.
    const onClose = () => onError(new Error('aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Reads the whole request body up to `limit` bytes; a larger one is refused with BODY_TOO_LARGE (413). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const body = await readBodyUpTo(req, limit);
  if (body) return body;
  throw new HttpError(ErrCode.BODY_TOO_LARGE, `Request body is larger than the limit of ${limit} bytes`, 413);
}

const JSON_TYPES = ['application/json', 'text/plain'];

/** Parses a JSON body; an empty body is `{}` so bodiless calls work with curl. */
export function parseJsonBody(req: IncomingMessage, raw: Buffer, acceptCompressedForm = false): unknown {
  if (raw.length === 0) return {};
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  // Only a call whose descriptor names the compressed form body takes it (spec §7 metrics, sendBeacon);
  // everywhere else a form is refused, so no other call can be reached by a plain cross-site HTML form.
  if (acceptCompressedForm && type === 'application/x-www-form-urlencoded') return parseCompressedForm(raw);
  if (type && !JSON_TYPES.includes(type) && !type.endsWith('+json')) {
    throw new HttpError(
      ErrCode.UNSUPPORTED_MEDIA_TYPE,
      `Content-Type must be application/json, got '${type}'`,
      415,
    );
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (e) {
    throw new HttpError(ErrCode.BAD_JSON, `Malformed JSON body: ${(e as Error).message}`, 400);
  }
}

/** Query parameters as an object; a repeated key becomes an array. The VOD token is not part of the request. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    if (key === 'token') continue;
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}
