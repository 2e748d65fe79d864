import type { ServerResponse } from 'node:http';
import { type Envelope, fail } from '@ottkit/api-client/contract';
import { stringifyAnswer } from './jsonFragment.ts';
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
