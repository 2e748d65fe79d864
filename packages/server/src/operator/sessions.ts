import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type CallDescriptor, OperatorErrCode, roleMayCall } from '@ottkit/api-client/contract';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import type { OperatorRow } from './accounts.ts';

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
export async function createOperatorSession(
  db: Db,
  operatorId: string,
  ip: string,
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + OPERATOR_SESSION_MS;
  await db.kysely
    .insertInto('operator_sessions')
    .values({
      token_hash: sha256(token),
      session_id: randomUUID(),
      operator_id: operatorId,
      client_ip: ip,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The live session `token` names, with its active operator; null otherwise. Every console call asks it first: one
 * query on the asynchronous store (decision 0431).
 */
export async function operatorSessionFor(
  db: Db,
  token: string,
  now: number,
): Promise<OperatorSession | null> {
  const row = await db.kysely
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.operator_id', 's.operator_id')
    .selectAll('o')
    .select(['s.session_id', 's.expires_at'])
    .where('s.token_hash', '=', sha256(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('o.active', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  const { session_id, expires_at, ...operator } = row;
  return { sessionId: session_id, operator, expiresAt: expires_at };
}

export async function revokeOperatorSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db.kysely
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of an operator: a statement of the transaction that changes the operator. */
export const revokeOperatorSessionsStatement = (db: Db, operatorId: string, now: number) =>
  db.kysely
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .compile();

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
