import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type CallDescriptor,
  OPERATOR_COOKIE_BASE,
  OPERATOR_COOKIE_PATH,
  OperatorErrCode,
} from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import {
  admitOperator,
  createOperatorSession,
  OPERATOR_SESSION_MS,
  type OperatorSession,
  operatorSessionFor,
} from '../operator/sessions.ts';
import type { Db } from '../store/db.ts';
import { HttpError } from './route.ts';
import { cookie, cookieName, fromAnotherSite, readCookie } from './session.ts';

/**
 * The console session's cookie and the cross-site refusal: the HTTP side of `operator/sessions.ts`, kept here so
 * the operator domain reads no request and writes no header (decision 0369).
 */

const name = (config: ServerConfig) => cookieName(config, OPERATOR_COOKIE_BASE, OPERATOR_COOKIE_PATH);
/** HttpOnly, SameSite=Strict, Path=/admin (the console's pages and calls only), Secure over HTTPS. */
const operatorCookie = (config: ServerConfig, value: string, maxAgeMs: number) =>
  cookie(OPERATOR_COOKIE_BASE, value, OPERATOR_COOKIE_PATH, maxAgeMs, config, 'Strict');

/** Starts a session and gives the browser its token in the cookie; answers when the session ends. */
export async function startOperatorSession(
  db: Db,
  config: ServerConfig,
  res: ServerResponse,
  operatorId: string,
  ip: string,
  now: number,
): Promise<number> {
  const { token, expiresAt } = await createOperatorSession(db, operatorId, ip, now);
  res.appendHeader('set-cookie', operatorCookie(config, token, OPERATOR_SESSION_MS));
  return expiresAt;
}

export function clearOperatorCookie(res: ServerResponse, config: ServerConfig): void {
  res.appendHeader('set-cookie', operatorCookie(config, '', 0));
}

/** The live session the request's cookie names, with its active operator; null otherwise. */
async function operatorSessionOf(db: Db, config: ServerConfig, req: IncomingMessage, now: number) {
  const token = readCookie(req, name(config));
  return token ? await operatorSessionFor(db, token, now) : null;
}

/**
 * The gate of every `access: 'operator'` call, before its request is even read: a state-changing call another
 * site sent is refused whatever credential it carries (the cookie is SameSite=Strict besides); then a live
 * operator session and the call's roles (`admitOperator`).
 */
export async function operatorGate(
  db: Db,
  config: ServerConfig,
  req: IncomingMessage,
  d: Pick<CallDescriptor, 'access' | 'roles' | 'method'>,
  now: number,
): Promise<OperatorSession> {
  if (d.method !== 'GET' && fromAnotherSite(req)) {
    throw new HttpError(
      OperatorErrCode.SIGN_IN_REQUIRED,
      'Refused: console calls come from the console',
      403,
    );
  }
  return admitOperator(await operatorSessionOf(db, config, req, now), d);
}
