import type { Db } from '../store/db.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer be used: expired access tokens, sessions over a week past expiry or revocation
 * (with their refresh tokens), spent or expired verification codes and QR codes, and old attempt counters.
 * A revoked session is kept a week so a reused refresh token still meets its family and gets SESSION_INVALID.
 */
export function purgeExpired(db: Db, now: number): Record<string, number> {
  return db.transaction(() => ({
    accessTokens: db.run('DELETE FROM access_tokens WHERE expires_at <= ?', now).changes,
    sessions: db.run(
      'DELETE FROM sessions WHERE expires_at <= ? OR (revoked_at IS NOT NULL AND revoked_at <= ?)',
      now - 7 * DAY,
      now - 7 * DAY,
    ).changes,
    verificationCodes: db.run('DELETE FROM verification_codes WHERE expires_at <= ?', now - DAY).changes,
    scanCodes: db.run('DELETE FROM scan_codes WHERE expires_at <= ?', now - DAY).changes,
    attemptLimits: db.run(
      'DELETE FROM attempt_limits WHERE locked_until <= ? AND last_failure_at <= ?',
      now,
      now - DAY,
    ).changes,
  }));
}
