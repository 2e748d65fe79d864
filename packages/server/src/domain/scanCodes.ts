import type { Selectable } from 'kysely';
import type { ScanCodesTable } from '../store/kysely/schema.generated.ts';
import { ErrCode } from '@ottkit/api-client';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { hashToken, randomToken, sameHash } from './tokens.ts';

/** A QR code lives 2 minutes; the box asks for a new one after that (its "refresh"). */
export const SCAN_CODE_TTL_MS = 120_000;
/** Once approved, the box has at least this long to collect its session. */
export const COLLECT_GRACE_MS = 60_000;
export const POLL_INTERVAL_S = 2;

type Row = Selectable<ScanCodesTable>;

export type ScanStatus = 'pending' | 'approved' | 'consumed' | 'expired';

function statusOf(r: Row, now: number): ScanStatus {
  if (r.consumed_at !== null) return 'consumed';
  if (r.expires_at <= now) return 'expired';
  return r.approved_by ? 'approved' : 'pending';
}

function load(db: Db, id: string): Row {
  const r = db.get<Row>('SELECT * FROM scan_codes WHERE scan_code_id = ?', id);
  if (!r) throw new DomainError(ErrCode.SCAN_CODE_INVALID, 'This QR code is not valid; show a new one');
  return r;
}

export function createScanCode(db: Db, deviceName: string, siteOrigin: string, now: number) {
  const scanCodeId = randomToken(16);
  const pollToken = randomToken(24);
  const expiresAt = now + SCAN_CODE_TTL_MS;
  db.run(
    `INSERT INTO scan_codes (scan_code_id, poll_token_hash, device_name, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
    scanCodeId,
    hashToken(pollToken),
    deviceName,
    now,
    expiresAt,
  );
  return {
    scanCodeId,
    pollToken,
    qrContent: `${siteOrigin}/my/scan?code=${scanCodeId}`,
    expiresAt,
    expiresInSeconds: SCAN_CODE_TTL_MS / 1000,
    pollIntervalSeconds: POLL_INTERVAL_S,
  };
}

export function scanCodeInfo(db: Db, id: string, now: number) {
  const r = load(db, id);
  return {
    scanCodeId: r.scan_code_id,
    status: statusOf(r, now),
    deviceName: r.device_name,
    expiresAt: r.expires_at,
  };
}

/**
 * A logged-in person approves the code for their account, from the profile their session is on: the box's
 * session starts on that profile (issue 35), so approving from a kids profile cannot open an adult one.
 */
export function approveScanCode(db: Db, id: string, accountId: string, profileId: string, now: number) {
  const r = load(db, id);
  const status = statusOf(r, now);
  if (status === 'expired')
    throw new DomainError(ErrCode.SCAN_CODE_EXPIRED, 'This QR code has expired; show a new one');
  if (status !== 'pending')
    throw new DomainError(ErrCode.SCAN_CODE_USED, 'This QR code has been used already');
  const changed = db.run(
    `UPDATE scan_codes SET approved_by = ?, approved_profile = ?, approved_at = ?, expires_at = ?
     WHERE scan_code_id = ? AND approved_by IS NULL`,
    accountId,
    profileId,
    now,
    Math.max(r.expires_at, now + COLLECT_GRACE_MS),
    id,
  ).changes;
  if (changed !== 1) throw new DomainError(ErrCode.SCAN_CODE_USED, 'This QR code has been used already');
  return { scanCodeId: id, status: 'approved' as const };
}

/**
 * The box's poll: QR_TOKEN_PENDING (10101149, silenced by clients) until approved, then the approving
 * account and profile once; the pollToken proves the poller is the box that asked for the code.
 */
export function collectScanCode(
  db: Db,
  id: string,
  pollToken: string,
  now: number,
): { accountId: string; profileId: string | null } {
  const r = load(db, id);
  if (!sameHash(r.poll_token_hash, hashToken(pollToken))) {
    throw new DomainError(ErrCode.SCAN_CODE_INVALID, 'This QR code is not valid; show a new one');
  }
  const status = statusOf(r, now);
  if (status === 'pending')
    throw new DomainError(ErrCode.QR_TOKEN_PENDING, 'Waiting for the code to be scanned');
  if (status === 'expired')
    throw new DomainError(ErrCode.SCAN_CODE_EXPIRED, 'This QR code has expired; show a new one');
  if (status === 'consumed')
    throw new DomainError(ErrCode.SCAN_CODE_USED, 'This QR code has been used already');
  const changed = db.run(
    'UPDATE scan_codes SET consumed_at = ? WHERE scan_code_id = ? AND consumed_at IS NULL',
    now,
    id,
  ).changes;
  if (changed !== 1 || !r.approved_by)
    throw new DomainError(ErrCode.SCAN_CODE_USED, 'This QR code has been used already');
  return { accountId: r.approved_by, profileId: r.approved_profile };
}
