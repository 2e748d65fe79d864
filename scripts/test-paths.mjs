// Where the test run keeps its reports (relative to the repository root): one place for the scripts that write
// and read them (scripts/test-run.mjs, postgres-pass.mjs).
export const REPORTS = '.data/reports';
/** The SQLite pass's note of the test files that opened a store (store/db.ts); the PostgreSQL pass reads it. */
export const STORE_USE_LOG = `${REPORTS}/store-use.txt`;
