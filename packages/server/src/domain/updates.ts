import { createHash } from 'node:crypto';
import type { LiveDataType } from '@ottkit/api-client';
import type { Db } from '../store/db.ts';
import { hash32 } from '../prng.ts';

/** The longest wait the update check asks for before refetching (spreads a line-up change over clients). */
export const MAX_UPDATE_DELAY_MS = 30_000;

export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
}

/**
 * When the data of one kind, as one caller sees it, last changed. The caller's current data is fingerprinted;
 * a fingerprint different from the remembered one moves the change time to now. This catches every cause at
 * once: operator edits, a subscription bought or expired, the broadcast channel opening, a rule added.
 */
export function changedAt(
  db: Db,
  scope: string,
  dataType: LiveDataType,
  current: unknown,
  now: number,
): number {
  const fp = fingerprint(current);
  const row = db.get<{ fingerprint: string; changed_at: number }>(
    'SELECT fingerprint, changed_at FROM live_change_marks WHERE scope = ? AND data_type = ?',
    scope,
    dataType,
  );
  if (row?.fingerprint === fp) return row.changed_at;
  db.run(
    `INSERT INTO live_change_marks (scope, data_type, fingerprint, changed_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (scope, data_type) DO UPDATE SET fingerprint = excluded.fingerprint, changed_at = excluded.changed_at`,
    scope,
    dataType,
    fp,
    now,
  );
  return now;
}

export interface DataState {
  dataType: LiveDataType;
  updateStatus: 0 | 1;
  updateDelay: number;
  timestamp: number;
}

/**
 * Spec §7 update check: modified (1) when the data changed after the client's timestamp. The delay is a
 * stable per-caller spread in [0, 30 s) so that clients do not all refetch in the same second.
 */
export function dataState(
  scope: string,
  dataType: LiveDataType,
  clientTs: number,
  changed: number,
): DataState {
  const modified = clientTs < changed;
  return {
    dataType,
    updateStatus: modified ? 1 : 0,
    updateDelay: modified ? hash32(`${scope}|${dataType}|${changed}`) % MAX_UPDATE_DELAY_MS : 0,
    timestamp: changed,
  };
}
