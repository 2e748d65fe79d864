import { ErrCode } from '@ottkit/api-client';
import type { Tokens } from '@ottkit/api-client/contract';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { lockRows, query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import { keptByKey } from '../store/versions.ts';
import { sessionByAccessToken } from '../store/sessions.ts';
import { hashToken, randomToken, signScopedToken, TOKEN_TTL } from './tokens.ts';

/** What the server knows of the caller, from the Authorization header (or the query for the VOD API). */
export interface Session {
  accountId: string;
  status: 'user' | 'guest';
  sessionId: string;
  /** The account's virtual code and email: with its id, what the access rules match (decision 0410). */
  virtualCode: string;
  email: string | null;
}

export interface NewSessionInput {
  accountId: string;
  loginMethod: number;
  deviceId?: string | null;
  clientIp: string;
}

/**
 * Access token, refresh token (generation n of the session's family) and the signed service tokens, with the rows
 * that store the first two (their hashes only).
 */
function newTokens(secret: string, sessionId: string, accountId: string, generation: number, now: number) {
  const token = randomToken();
  const refreshToken = randomToken();
  const tokenExpiresAt = now + TOKEN_TTL.access;
  const refreshTokenExpiresAt = now + TOKEN_TTL.refresh;
  const signed = (scope: Parameters<typeof signScopedToken>[1]['scope'], ttl: number) =>
    signScopedToken(secret, { sub: accountId, sid: sessionId, scope, exp: now + ttl });
  const tokens: Tokens = {
    token,
    tokenExpiresAt,
    refreshToken,
    refreshTokenExpiresAt,
    catchupToken: signed('catchup', TOKEN_TTL.catchup),
    memberSiteToken: signed('member-site', TOKEN_TTL.memberSite),
    renewCodeToken: signed('renew-code', TOKEN_TTL.renewCode),
    streamMediaTrackerToken: signed('stream-media-tracker', TOKEN_TTL.streamMediaTracker),
  };
  return {
    tokens,
    access: { token_hash: hashToken(token), session_id: sessionId, expires_at: tokenExpiresAt },
    refresh: {
      token_hash: hashToken(refreshToken),
      session_id: sessionId,
      generation,
      expires_at: refreshTokenExpiresAt,
    },
  };
}

/** The rows of a new access and refresh token, in a `transactionally` body (a sign-in, a rotation). */
function* storeTokens(db: Db, access: NewTokens['access'], refresh: NewTokens['refresh']): Statements<void> {
  yield* query(db.kysely.insertInto('access_tokens').values(access).compile());
  yield* query(db.kysely.insertInto('refresh_tokens').values(refresh).compile());
}

type NewTokens = ReturnType<typeof newTokens>;

const newSessionRow = (sessionId: string, input: NewSessionInput, now: number) => ({
  session_id: sessionId,
  account_id: input.accountId,
  login_method: input.loginMethod,
  device_id: input.deviceId ?? null,
  client_ip: input.clientIp,
  created_at: now,
  expires_at: now + TOKEN_TTL.refresh,
});

/**
 * A new session and its tokens, on the asynchronous store (issue 39, decision 0411): every sign-in, sign-up, guest
 * visit and box's QR login. Inserts of new rows in one transaction: they conflict with no other writer, so nothing
 * waits but this call. A session begun on a profile (the box, on the profile that approved it) checks the profile
 * is still the account's in the same transaction, else throws the caller's `gone`: one deleted since could not be
 * replaced by a wider one.
 */
export async function beginSession(
  db: Db,
  secret: string,
  input: NewSessionInput & { profile?: { id: string; gone: () => Error } },
  now: number,
): Promise<{ sessionId: string; tokens: Tokens }> {
  const sessionId = randomToken(16);
  const { tokens, access, refresh } = newTokens(secret, sessionId, input.accountId, 1, now);
  const k = db.kysely;
  const { profile } = input;
  await transactionally(db, function* () {
    yield* query(
      k
        .insertInto('sessions')
        .values(newSessionRow(sessionId, input, now))
        .compile(),
    );
    yield* storeTokens(db, access, refresh);
    if (!profile) return;
    const found = yield* query(
      k
        .selectFrom('profiles')
        .select('profile_id')
        .where('profile_id', '=', profile.id)
        .where('account_id', '=', input.accountId)
        .compile(),
    );
    if (found.rows.length === 0) throw profile.gone();
    yield* query(
      k
        .insertInto('session_profiles')
        .values({ session_id: sessionId, profile_id: profile.id, chosen_at: now })
        .compile(),
    );
  });
  return { sessionId, tokens };
}

const invalid = () => new DomainError(ErrCode.SESSION_INVALID, 'Session invalid or expired; log in again');

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued. A spent token presented
 * again means it was copied: the whole session (family) is revoked and both holders must log in again.
 * On the asynchronous store (issue 39, decision 0411): the token's and the session's rows are locked for the
 * transaction, so of two requests with one token exactly one is answered, and the other revokes the family.
 */
export async function rotateRefreshToken(
  db: Db,
  secret: string,
  presented: string,
  now: number,
): Promise<{ sessionId: string; accountId: string; tokens: Tokens }> {
  const hash = hashToken(presented);
  const k = db.kysely;
  const outcome = await transactionally(db, function* () {
    const tokenRow = k.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash);
    const row = (yield* query(lockRows(db, tokenRow).compile())).rows[0];
    if (!row) return { error: 'unknown' as const };
    const sessionRow = k
      .selectFrom('sessions')
      .select(['session_id', 'account_id', 'expires_at', 'revoked_at'])
      .where('session_id', '=', row.session_id);
    const session = (yield* query(lockRows(db, sessionRow).compile())).rows[0];
    if (!session || session.revoked_at !== null) return { error: 'revoked' as const };
    const spent = yield* query(
      k
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .compile(),
    );
    if (row.used_at !== null || Number(spent.numAffectedRows ?? 0) !== 1) {
      yield* query(
        k
          .updateTable('sessions')
          .set({ revoked_at: now, revoke_reason: 'refresh-token-reuse' })
          .where('session_id', '=', session.session_id)
          .where('revoked_at', 'is', null)
          .compile(),
      );
      return { error: 'reuse' as const };
    }
    if (row.expires_at <= now || session.expires_at <= now) return { error: 'expired' as const };
    const { tokens, access, refresh } = newTokens(
      secret,
      session.session_id,
      session.account_id,
      row.generation + 1,
      now,
    );
    yield* storeTokens(db, access, refresh);
    yield* query(
      k
        .updateTable('sessions')
        .set({ expires_at: refresh.expires_at })
        .where('session_id', '=', session.session_id)
        .compile(),
    );
    return { sessionId: session.session_id, accountId: session.account_id, tokens };
  });
  if ('error' in outcome) throw invalid();
  return outcome;
}

/**
 * The sessions a process has read, by token hash, with the earlier of the token's and the session's expiry: kept
 * while the sessions' version stays (decision 0411), which every logout, revocation, token removal and change of
 * what a session answers moves, in any process. An unknown token is not kept, so a flood of made-up tokens asks
 * the store each time and fills no memory.
 */
const keptSessions = keptByKey<string, { session: Session; until: number }>('sessions', 50_000);

/** The session behind an access token, or null when it is unknown, expired or revoked. */
export async function sessionForAccessToken(db: Db, token: string, now: number): Promise<Session | null> {
  if (token.length < 16 || token.length > 256) return null;
  const hash = hashToken(token);
  const kept = await keptSessions(db);
  const known = kept.get(hash);
  if (known && known.until > now) return known.session;
  const row = await sessionByAccessToken(db.kysely, hash, now);
  if (!row) return null;
  const session: Session = {
    accountId: row.account_id,
    sessionId: row.session_id,
    status: row.kind,
    virtualCode: row.virtual_code,
    email: row.email,
  };
  kept.set(hash, {
    session: Object.freeze(session),
    until: Math.min(Number(row.token_expires_at), Number(row.session_expires_at)),
  });
  return session;
}

export { revokeSession } from '../store/sessions.ts';
