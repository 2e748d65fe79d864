import type { CompiledQuery } from 'kysely';
import type { Db } from './db.ts';
import { keptNowPerVersion } from './versions.ts';

/** Operator-changeable app settings, one string value per key (the CLI `config set` writes here). */
/** The synchronous write, for the command line's `config set` (decision 0447: no request writes through it). */
export function setSetting(db: Db, key: string, value: string): void {
  db.run(
    'INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    key,
    value,
  );
}

/** One setting written, as a statement of the asynchronous store (alone, or one of a transaction's). */
export function setSettingStatement(db: Db, key: string, value: string): CompiledQuery {
  return db.kysely
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .compile();
}

export function allSettings(db: Db): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of db.all<{ key: string; value: string }>(
    'SELECT key, value FROM app_settings ORDER BY key',
  )) {
    out[r.key] = r.value;
  }
  return out;
}

/**
 * Every setting, kept per version of the settings (decisions 0410, 0434): the calls every viewer makes read them
 * here, with one number asked on the asynchronous store, and a new version read there too.
 */
export const settingsNow: (db: Db) => Promise<ReadonlyMap<string, string>> = keptNowPerVersion(
  'settings',
  async (db) => {
    const rows = await db.kysely.selectFrom('app_settings').select(['key', 'value']).execute();
    return new Map(rows.map((r) => [r.key, r.value]));
  },
);
