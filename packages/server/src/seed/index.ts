import { createHash } from 'node:crypto';
import type { Db } from '../store/db.ts';
import { type SeedSecrets, seedAccounts } from './accounts.ts';
import { seedLineup } from './lineup.ts';
import { seedNamesIfEmpty } from './names.ts';
import { seedVodIfEmpty } from './vod/index.ts';

/**
 * Fills an empty database with the deterministic sample data. Each part seeds only when its table is empty,
 * so a second start (or a later migration adding a new part) never duplicates or overwrites operator data.
 */
export function seedIfEmpty(db: Db, secrets: SeedSecrets): void {
  db.transaction(() => {
    const hasChannels = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM channels')?.n ?? 0;
    if (hasChannels === 0) seedLineup(db);
    const hasPlans = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM plans')?.n ?? 0;
    if (hasPlans === 0) seedAccounts(db, secrets);
    seedVodIfEmpty(db);
    seedNamesIfEmpty(db);
  });
}

/**
 * What the sample data depends on, as a key: a PostgreSQL test database may start as a clone of a template
 * seeded with the same secrets (decision 0275) instead of seeding again.
 */
export const seedKey = (secrets: SeedSecrets): string =>
  createHash('sha256').update(`${secrets.secret}\n${secrets.passwordHashLog2N}`).digest('hex').slice(0, 16);
