import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openSqliteDb } from '../db.ts';
import { migrate } from '../migrations.ts';
import { SCHEMA_FILE, schemaSource } from './schemaTypes.ts';

describe('the typed schema Kysely checks queries against (decision 0407)', () => {
  it('is what the migrations make (node packages/server/scripts/generate-schema.ts after adding one)', () => {
    const db = openSqliteDb(':memory:');
    migrate(db);
    const made = schemaSource(db);
    db.close();
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(made);
  });

  it('makes a query that names a column no migration made fail the type check', async () => {
    const db = openSqliteDb(':memory:');
    migrate(db);
    const query = () =>
      db.kysely
        .selectFrom('vod_history')
        // @ts-expect-error: vod_history has no column `position` (tsc fails on this file if it ever had one)
        .select(['meta_id', 'position'])
        .execute();
    await expect(query()).rejects.toThrow(/position/);
    db.close();
  });
});
