// Run by scripts/with-postgres.mjs before the server suite's PostgreSQL run (decision 0275): migrates one
// database (OTTKIT_DATABASE_TEMPLATE) that every test database migrating the full list then starts as a clone of.
import { openPgDb } from '../src/store/pg/syncPg.ts';
import { migrate } from '../src/store/migrations.ts';

const url = process.env.OTTKIT_DATABASE_URL;
const TEMPLATE = process.env.OTTKIT_DATABASE_TEMPLATE;
if (!url || !TEMPLATE)
  throw new Error('pgTemplate: OTTKIT_DATABASE_URL or OTTKIT_DATABASE_TEMPLATE is missing');
const admin = openPgDb(url, 'admin', false);
admin.exec(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
admin.exec(`CREATE DATABASE ${TEMPLATE}`);
admin.close();
const u = new URL(url);
u.pathname = `/${TEMPLATE}`;
const db = openPgDb(u.toString(), 'template', false);
const started = Date.now();
const applied = migrate(db);
db.close();
console.log(
  `with-postgres: migrated the template (${applied.length} migrations) in ${Date.now() - started} ms`,
);
