import type { Db } from '../store/db.ts';
import { atomically } from '../store/kysely/atomically.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer be used: expired access tokens, sessions over a week past expiry or revocation
 * (with their refresh tokens), spent or expired verification codes and QR codes, and old attempt counters.
 * A revoked session is kept a week so a reused refresh token still meets its family and gets SESSION_INVALID.
 */
export async function purgeExpired(db: Db, now: number): Promise<Record<string, number>> {
  const k = db.kysely;
  // On the asynchronous store (issue 39, decision 0434): the hourly purge of a large sessions table no longer stops
  // the process on PostgreSQL.
  const [accessTokens, sessions, verificationCodes, scanCodes, attemptLimits] = await atomically(db, [
    k.deleteFrom('access_tokens').where('expires_at', '<=', now).compile(),
    k
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now - 7 * DAY),
          eb.and([eb('revoked_at', 'is not', null), eb('revoked_at', '<=', now - 7 * DAY)]),
        ]),
      )
      .compile(),
    k
      .deleteFrom('verification_codes')
      .where('expires_at', '<=', now - DAY)
      .compile(),
    k
      .deleteFrom('scan_codes')
      .where('expires_at', '<=', now - DAY)
      .compile(),
    k
      .deleteFrom('attempt_limits')
      .where('locked_until', '<=', now)
      .where('last_failure_at', '<=', now - DAY)
      .compile(),
  ]);
  return {
    accessTokens: accessTokens ?? 0,
    sessions: sessions ?? 0,
    verificationCodes: verificationCodes ?? 0,
    scanCodes: scanCodes ?? 0,
    attemptLimits: attemptLimits ?? 0,
  };
}
