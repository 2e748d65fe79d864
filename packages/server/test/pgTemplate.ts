// Run by scripts/with-postgres.mjs before the server suite's PostgreSQL run (decision 0275): migrates one
// database (OTTKIT_DATABASE_TEMPLATE) that every test database migrating the full list then starts as a clone
// of, and a seeded copy of it that test servers with the default test secrets start as.
import { seedIfEmpty, seedKey } from '../src/seed/index.ts';
import { migrate } from '../src/store/migrations.ts';
import { openPgDb } from '../src/store/pg/syncPg.ts';
import { TEST_SECRETS } from './testSecrets.ts';

const url = process.env.OTTKIT_DATABASE_URL;
const TEMPLATE = process.env.OTTKIT_DATABASE_TEMPLATE;
if (!url || !TEMPLATE)
  throw new Error('pgTemplate: OTTKIT_DATABASE_URL or OTTKIT_DATABASE_TEMPLATE is missing');
const SEEDED = `${TEMPLATE}_seeded`;
const urlOf = (name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const admin = openPgDb(url, 'admin', false);
admin.exec(`DROP DATABASE IF EXISTS ${SEEDED}`);
admin.exec(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
admin.exec(`CREATE DATABASE ${TEMPLATE}`);
let started = Date.now();
const db = openPgDb(urlOf(TEMPLATE), 'template', false);
const applied = migrate(db);
db.close();
console.error(
  `with-postgres: migrated the template (${applied.length} migrations) in ${Date.now() - started} ms`,
);

started = Date.now();
admin.exec(`CREATE DATABASE ${SEEDED} TEMPLATE ${TEMPLATE}`);
admin.close();
const seeded = openPgDb(urlOf(SEEDED), 'template', false);
seedIfEmpty(seeded, TEST_SECRETS);
seeded.close();
console.error(`with-postgres: seeded a copy of it in ${Date.now() - started} ms`);
// The one line scripts/with-postgres.mjs reads (OTTKIT_DATABASE_SEEDED): the seeded copy and its seed key.
console.log(`${SEEDED}:${seedKey(TEST_SECRETS)}`);
