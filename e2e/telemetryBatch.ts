import { gunzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';

/** The telemetry events a metrics batch post carried (the compressed form body, or plain JSON). */
export function batchEventsOf<T = { type: string }>(req: Request): T[] {
  const data = new URLSearchParams(req.postData() ?? '').get('data');
  const body = data
    ? JSON.parse(gunzipSync(Buffer.from(data, 'base64')).toString('utf8'))
    : JSON.parse(req.postData() ?? '{}');
  return body.events as T[];
}
