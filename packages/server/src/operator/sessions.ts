import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type CallDescriptor,
  OPERATOR_COOKIE_BASE,
  OPERATOR_COOKIE_PATH,
  OperatorErrCode,
  roleMayCall,
} from '@ottkit/api-client/contract';
import type { ServerConfig } from '../config.ts';
import { HttpError } from '../http/route.ts';
import { cookie, cookieName, fromAnotherSite, readCookie } from '../http/session.ts';
import type { Db } from '../store/db.ts';
import { getOperatorRow, type OperatorRow } from './accounts.ts';

/** Operator sessions are short (8 hours; a subscriber's lasts days) and end when revoked or the operator is disabled. */
export const OPERATOR_SESSION_MS = 8 * 60 * 60 * 1000;

export interface OperatorSession {
  sessionId: string;
  operator: OperatorRow;
  expiresAt: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

const name = (config: ServerConfig) => cookieName(config, OPERATOR_COOKIE_BASE, OPERATOR_COOKIE_PATH);
/** HttpOnly, SameSite=Strict, Path=/admin (the console's pages and calls only), Secure over HTTPS. */
const operatorCookie = (config: ServerConfig, value: string, maxAgeMs: number) =>
  cookie(OPERATOR_COOKIE_BASE, value, OPERATOR_COOKIE_PATH, maxAgeMs, config, 'Strict');

/** Starts a session: only the token's hash is stored; the token goes to the browser in the cookie. */
export function startOperatorSession(
  db: Db,
  config: ServerConfig,
  res: ServerResponse,
  operatorId: string,
  ip: string,
  now: number,
): number {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + OPERATOR_SESSION_MS;
  db.run(
    `INSERT INTO operator_sessions (token_hash, session_id, operator_id, client_ip, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    sha256(token),
    randomUUID(),
    operatorId,
    ip,
    now,
    expiresAt,
  );
  res.appendHeader('set-cookie', operatorCookie(config, token, OPERATOR_SESSION_MS));
  return expiresAt;
}

export function clearOperatorCookie(res: ServerResponse, config: ServerConfig): void {
  res.appendHeader('set-cookie', operatorCookie(config, '', 0));
}

/** The live session the request's cookie names, with its active operator; null otherwise. */
export function operatorSessionOf(
  db: Db,
  config: ServerConfig,
  req: IncomingMessage,
  now: number,
): OperatorSession | null {
  const token = readCookie(req, name(config));
  if (!token) return null;
  const s = db.get<{ session_id: string; operator_id: string; expires_at: number }>(
    `SELECT session_id, operator_id, expires_at FROM operator_sessions
     WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?`,
    sha256(token),
    now,
  );
  const operator = s && getOperatorRow(db, s.operator_id);
  if (!s || !operator || operator.active !== 1) return null;
  return { sessionId: s.session_id, operator, expiresAt: s.expires_at };
}

export function revokeOperatorSession(db: Db, sessionId: string, now: number): void {
  db.run(
    'UPDATE operator_sessions SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL',
    now,
    sessionId,
  );
}

export function revokeOperatorSessions(db: Db, operatorId: string, now: number): void {
  db.run(
    'UPDATE operator_sessions SET revoked_at = ? WHERE operator_id = ? AND revoked_at IS NULL',
    now,
    operatorId,
  );
}

/**
 * The gate of every `access: 'operator'` call, before its request is even read: a state-changing call another
 * site sent is refused whatever credential it carries (the cookie is SameSite=Strict besides); then a live
 * operator session (a subscriber's token opens nothing here), then the call's roles.
 */
export function operatorGate(
  db: Db,
  config: ServerConfig,
  req: IncomingMessage,
  d: Pick<CallDescriptor, 'access' | 'roles' | 'method'>,
  now: number,
): OperatorSession {
  if (d.method !== 'GET' && fromAnotherSite(req)) {
    throw new HttpError(
      OperatorErrCode.SIGN_IN_REQUIRED,
      'Refused: console calls come from the console',
      403,
    );
  }
  const session = operatorSessionOf(db, config, req, now);
  if (!session) {
    throw new HttpError(OperatorErrCode.SIGN_IN_REQUIRED, 'Sign in to the console at /admin/login', 401);
  }
  if (!roleMayCall(session.operator.role, d)) {
    throw new HttpError(
      OperatorErrCode.ROLE_REFUSED,
      `The ${session.operator.role} role may not do this; ask an admin`,
      403,
    );
  }
  return session;
}
