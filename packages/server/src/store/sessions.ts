import type { CompiledQuery, Kysely } from 'kysely';
import type { Db } from './db.ts';
import type { Database } from './kysely/schema.generated.ts';

/** How the session was begun (its login method), on the asynchronous store; undefined for an unknown session. */
export async function loginMethodOf(db: Db, sessionId: string): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('sessions')
    .select('login_method')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row?.login_method;
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: number): Promise<void> {
  await db.kysely
    .updateTable('sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes every live session of an account, except `keep` (the caller's own, on a password change), as a statement
 * of the transaction that makes the change.
 */
export function revokeAccountSessionsStatement(
  db: Db,
  accountId: string,
  reason: string,
  now: number,
  keep = '',
): CompiledQuery {
  return db.kysely
    .updateTable('sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('account_id', '=', accountId)
    .where('session_id', '<>', keep)
    .where('revoked_at', 'is', null)
    .compile();
}

/**
 * The live session an access token belongs to (none when unknown, expired or revoked), with its account's kind,
 * virtual code and email (what the access rules match, decision 0410). Every signed-in call asks it first, so it
 * goes through the asynchronous store (decision 0407): on PostgreSQL it waits without holding up the process.
 */
export function sessionByAccessToken(k: Kysely<Database>, tokenHash: string, now: number) {
  return k
    .selectFrom('access_tokens as t')
    .innerJoin('sessions as s', 's.session_id', 't.session_id')
    .innerJoin('accounts as a', 'a.account_id', 's.account_id')
    .select([
      's.session_id',
      's.account_id',
      'a.kind',
      'a.virtual_code',
      'a.email',
      't.expires_at as token_expires_at',
      's.expires_at as session_expires_at',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.expires_at', '>', now)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
}
