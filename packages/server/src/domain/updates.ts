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
export async function changedAt(
  db: Db,
  scope: string,
  dataType: LiveDataType,
  current: unknown,
  now: number,
): Promise<number> {
  const fp = fingerprint(current);
  const k = db.kysely;
  const row = await k
    .selectFrom('live_change_marks')
    .select(['fingerprint', 'changed_at'])
    .where('scope', '=', scope)
    .where('data_type', '=', dataType)
    .executeTakeFirst();
  if (row?.fingerprint === fp) return row.changed_at;
  // Two processes that see the same change at once both write it: the later time stands, a few ms apart.
  await k
    .insertInto('live_change_marks')
    .values({ scope, data_type: dataType, fingerprint: fp, changed_at: now })
    .onConflict((c) =>
      c.columns(['scope', 'data_type']).doUpdateSet((eb) => ({
        fingerprint: eb.ref('excluded.fingerprint'),
        changed_at: eb.ref('excluded.changed_at'),
      })),
    )
    .execute();
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
