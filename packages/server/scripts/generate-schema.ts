// Writes src/store/kysely/schema.generated.ts from the migrations (decision 0407): node scripts/generate-schema.ts
import { writeFileSync } from 'node:fs';
import { openSqliteDb } from '../src/store/db.ts';
import { migrate } from '../src/store/migrations.ts';
import { SCHEMA_FILE, schemaSource } from '../src/store/kysely/schemaTypes.ts';

const db = openSqliteDb(':memory:');
migrate(db);
writeFileSync(SCHEMA_FILE, schemaSource(db));
db.close();
console.log(`wrote ${SCHEMA_FILE}`);
