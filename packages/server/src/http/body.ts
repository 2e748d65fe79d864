import type { IncomingMessage } from 'node:http';
import { ErrCode } from '@ottkit/api-client';
import { parseCompressedForm } from './compressedForm.ts';
import { HttpError } from './route.ts';

/** Bodies beyond this many times the cap are cut off by closing the connection instead of being drained. */
const DRAIN_FACTOR = 16;

/**
 * Reads the whole request body up to `limit` bytes; undefined when it is larger. A larger body is drained (so
 * the client can read the answer); an absurdly large one closes the connection. Every body reader uses it (the
 * API here, the DRM licence endpoint of the origin).
 */
export async function readBodyUpTo(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = Number.isFinite(declared) && declared > limit;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) tooLarge = true;
    if (size > limit * DRAIN_FACTOR) {
      req.socket.destroy();
      break;
    }
    if (!tooLarge) chunks.push(chunk);
  }
  return tooLarge ? undefined : Buffer.concat(chunks);
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
