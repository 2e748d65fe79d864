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

/** The words of a QR code that cannot be used (also when its approving profile is gone: `beginSession`). */
export const notValid = () =>
  new DomainError(ErrCode.SCAN_CODE_INVALID, 'This QR code is not valid; show a new one');
const used = () => new DomainError(ErrCode.SCAN_CODE_USED, 'This QR code has been used already');

// On the asynchronous store (issue 39, decision 0432): a box polls every 2 s while its code waits.
async function load(db: Db, id: string): Promise<Row> {
  const r = await db.kysely
    .selectFrom('scan_codes')
    .selectAll()
    .where('scan_code_id', '=', id)
    .executeTakeFirst();
  if (!r) throw notValid();
  return r;
}

export async function createScanCode(db: Db, deviceName: string, siteOrigin: string, now: number) {
  const scanCodeId = randomToken(16);
  const pollToken = randomToken(24);
  const expiresAt = now + SCAN_CODE_TTL_MS;
  await db.kysely
    .insertInto('scan_codes')
    .values({
      scan_code_id: scanCodeId,
      poll_token_hash: hashToken(pollToken),
      device_name: deviceName,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return {
    scanCodeId,
    pollToken,
    qrContent: `${siteOrigin}/my/scan?code=${scanCodeId}`,
    expiresAt,
    expiresInSeconds: SCAN_CODE_TTL_MS / 1000,
    pollIntervalSeconds: POLL_INTERVAL_S,
  };
}

export async function scanCodeInfo(db: Db, id: string, now: number) {
  const r = await load(db, id);
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
export async function approveScanCode(db: Db, id: string, accountId: string, profileId: string, now: number) {
  const r = await load(db, id);
  const status = statusOf(r, now);
  if (status === 'expired')
    throw new DomainError(ErrCode.SCAN_CODE_EXPIRED, 'This QR code has expired; show a new one');
  if (status !== 'pending') throw used();
  // The statement is the guard: of two approvals at once, one changes the row.
  const changed = await db.kysely
    .updateTable('scan_codes')
    .set({
      approved_by: accountId,
      approved_profile: profileId,
      approved_at: now,
      expires_at: Math.max(r.expires_at, now + COLLECT_GRACE_MS),
    })
    .where('scan_code_id', '=', id)
    .where('approved_by', 'is', null)
    .executeTakeFirst();
  if (changed.numUpdatedRows !== 1n) throw used();
  return { scanCodeId: id, status: 'approved' as const };
}

/**
 * The box's poll: QR_TOKEN_PENDING (10101149, silenced by clients) until approved, then the approving
 * account and profile once; the pollToken proves the poller is the box that asked for the code.
 */
export async function collectScanCode(
  db: Db,
  id: string,
  pollToken: string,
  now: number,
): Promise<{ accountId: string; profileId: string | null }> {
  const r = await load(db, id);
  if (!sameHash(r.poll_token_hash, hashToken(pollToken))) throw notValid();
  const status = statusOf(r, now);
  if (status === 'pending')
    throw new DomainError(ErrCode.QR_TOKEN_PENDING, 'Waiting for the code to be scanned');
  if (status === 'expired')
    throw new DomainError(ErrCode.SCAN_CODE_EXPIRED, 'This QR code has expired; show a new one');
  if (status === 'consumed') throw used();
  const changed = await db.kysely
    .updateTable('scan_codes')
    .set({ consumed_at: now })
    .where('scan_code_id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (changed.numUpdatedRows !== 1n || !r.approved_by) throw used();
  return { accountId: r.approved_by, profileId: r.approved_profile };
}
