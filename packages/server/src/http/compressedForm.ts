import { gunzipSync } from 'node:zlib';
import { ErrCode } from '@ottkit/api-client';
import { HttpError } from './route.ts';

/** Decompressed bodies may not grow past this, so a small gzip bomb cannot exhaust memory. */
export const MAX_INFLATED_BYTES = 1024 * 1024;

/**
 * The "compressed form body" of spec §7 (metrics): `data=<base64 of gzip(JSON)>` as
 * application/x-www-form-urlencoded, the one shape `navigator.sendBeacon` can send without a CORS preflight.
 */
export function parseCompressedForm(raw: Buffer): unknown {
  const data = new URLSearchParams(raw.toString('latin1')).get('data');
  if (!data)
    throw new HttpError(ErrCode.BAD_JSON, "Form body must carry the compressed JSON in a 'data' field", 400);
  let json: string;
  try {
    json = gunzipSync(Buffer.from(data, 'base64'), { maxOutputLength: MAX_INFLATED_BYTES }).toString('utf8');
  } catch {
    throw new HttpError(ErrCode.BAD_JSON, "The 'data' field is not base64 of gzip-compressed JSON", 400);
  }
  try {
    return JSON.parse(json);
  } catch (e) {
    throw new HttpError(
      ErrCode.BAD_JSON,
      `Malformed JSON in the compressed body: ${(e as Error).message}`,
      400,
    );
  }
}
