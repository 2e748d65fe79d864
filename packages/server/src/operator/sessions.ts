import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type CallDescriptor, OperatorErrCode, roleMayCall } from '@ottkit/api-client/contract';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { getOperatorRow, type OperatorRow } from './accounts.ts';

/**
 * The console's sessions as rows and rules. The cookie that carries the token and the cross-site check are the
 * HTTP layer's (`http/operatorSession.ts`): operator/ knows no request, response or cookie (decision 0369).
 */

/** Operator sessions are short (8 hours; a subscriber's lasts days) and end when revoked or the operator is disabled. */
export const OPERATOR_SESSION_MS = 8 * 60 * 60 * 1000;

export interface OperatorSession {
  sessionId: string;
  operator: OperatorRow;
  expiresAt: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

/**
 * Starts a session: only the token's hash is stored; the token is answered for the browser's cookie, which
 * `http/operatorSession.ts` sets.
 */
export function createOperatorSession(
  db: Db,
  operatorId: string,
  ip: string,
  now: number,
): { token: string; expiresAt: number } {
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
  return { token, expiresAt };
}

/** The live session `token` names, with its active operator; null otherwise. */
export function operatorSessionFor(db: Db, token: string, now: number): OperatorSession | null {
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
 * The operator's part of the gate of every `access: 'operator'` call: a live operator session (a subscriber's token
 * opens nothing here), then the call's roles. Refusals are DomainErrors, which `http/api.ts` answers as envelopes.
 */
export function admitOperator(
  session: OperatorSession | null,
  d: Pick<CallDescriptor, 'access' | 'roles'>,
): OperatorSession {
  if (!session) {
    throw new DomainError(OperatorErrCode.SIGN_IN_REQUIRED, 'Sign in to the console at /admin/login', 401);
  }
  if (!roleMayCall(session.operator.role, d)) {
    throw new DomainError(
      OperatorErrCode.ROLE_REFUSED,
      `The ${session.operator.role} role may not do this; ask an admin`,
      403,
    );
  }
  return session;
}
