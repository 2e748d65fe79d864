import { join } from 'node:path';
import { loadConfig, type ServerConfig } from './config.ts';
import { seedIfEmpty, seedKey } from './seed/index.ts';
import { type Db, openDb } from './store/db.ts';
import { migrate } from './store/migrations.ts';

/**
 * Opens a data folder's database for an operator command or a bench seed, migrated and seeded like `serve`, so a
 * command run before the first start finds the same store. The caller closes `db`.
 */
export function openDataStore(
  dataDir: string | undefined,
  overrides: Partial<ServerConfig> = {},
): { config: ServerConfig; db: Db } {
  const config = loadConfig({ ...overrides, ...(dataDir ? { dataDir } : {}) });
  const db = openDb(join(config.dataDir, 'ottkit.db'));
  // PostgreSQL test runs: a clone of the run's migrated and seeded template when the seed would be the same.
  db.adoptSeeded?.(seedKey(config));
  migrate(db);
  seedIfEmpty(db, config);
  return { config, db };
}
