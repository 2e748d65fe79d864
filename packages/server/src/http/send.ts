import { createReadStream } from 'node:fs';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Sends a whole answer: its length from the body, and no body to a HEAD request (the same headers as GET).
 * When the headers went out already (a failure after the answer started), it only ends the response.
 */
export function sendBody(
  method: string | undefined,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string | Buffer | readonly Buffer[] = '',
): void {
  if (res.headersSent) return void res.end();
  const parts = typeof body === 'string' ? [Buffer.from(body)] : Buffer.isBuffer(body) ? [body] : body;
  res.writeHead(status, { ...headers, 'content-length': parts.reduce((n, p) => n + p.length, 0) });
  if (method === 'HEAD') return void res.end();
  for (const p of parts.slice(0, -1)) res.write(p);
  res.end(parts.at(-1));
}

/** A short plain-text answer (a media route's 404, the product's 405 or 500): one line, never sniffed. */
export function sendText(
  method: string | undefined,
  res: ServerResponse,
  status: number,
  text: string,
  headers: OutgoingHttpHeaders = {},
): void {
  const plain = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };
  sendBody(method, res, status, { ...plain, ...headers }, `${text}\n`);
}

/** Streams a file of a known size; headers only to HEAD. */
export function sendFile(
  method: string | undefined,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
  file: string,
  size: number,
): void {
  res.writeHead(200, { ...headers, 'content-length': size });
  if (method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/** The policy of the SVGs the server draws (logos, artwork): inline styles only, nothing else loads or runs. */
export const DRAWN_SVG_POLICY = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

/** An SVG the server draws (a logo, artwork), cached `maxAgeSec`; without one, 404 saying what is `missing`. */
export function sendDrawnSvg(
  method: string | undefined,
  res: ServerResponse,
  svg: string | undefined,
  maxAgeSec: number,
  missing: string,
): void {
  if (svg === undefined) {
    sendText(method, res, 404, `No such ${missing}`, DRAWN_SVG_POLICY);
    return;
  }
  const headers = {
    'content-type': 'image/svg+xml; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': `public, max-age=${maxAgeSec}`,
    ...DRAWN_SVG_POLICY,
  };
  sendBody(method, res, 200, headers, svg);
}
