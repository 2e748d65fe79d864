import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Envelope, fail } from '@ottkit/api-client/contract';
import { noneMatch } from './conditional.ts';
import { answerTag, stringifyAnswer } from './jsonFragment.ts';
import { sendBody } from './send.ts';

/** Headers on every API answer: JSON that is never cached, never sniffed, never framed, never a document. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

export function sendEnvelope(
  res: ServerResponse,
  status: number,
  envelope: Envelope<unknown>,
  extraHeaders: Record<string, string | string[]> = {},
): void {
  sendBody(undefined, res, status, { ...API_HEADERS, ...extraHeaders }, stringifyAnswer(envelope));
}

export function sendError(res: ServerResponse, status: number, errCode: number, errMsg: string): void {
  sendEnvelope(res, status, fail(errCode, errMsg));
}

/**
 * The answer of a `revalidate` call (decision 0296): its ETag names exactly the bytes this caller would be sent
 * (`answerTag`), so an If-None-Match naming it gets 304 and no body (the client answers from the text it kept).
 * A 304 builds no body: an answer whose large parts are fragments with a known digest (the channel list,
 * decision 0351) is tagged without its text.
 */
export function sendRevalidated(
  req: IncomingMessage,
  res: ServerResponse,
  envelope: Envelope<unknown>,
): void {
  const etag = `"${answerTag(envelope)}"`;
  if (noneMatch(req.headers['if-none-match'], etag)) {
    const { 'content-type': _type, ...headers } = API_HEADERS;
    res.writeHead(304, { ...headers, etag });
    res.end();
    return;
  }
  sendBody(undefined, res, 200, { ...API_HEADERS, etag }, stringifyAnswer(envelope));
}
