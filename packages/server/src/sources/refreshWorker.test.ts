import { describe, expect, it } from 'vitest';
import { IMPORT_STATEMENT_TIMEOUT_MS, importEnv } from './refreshWorker.ts';

// Decision 0445: an import's statements run on a store of the worker's own, whose PostgreSQL statement time-out is
// the import's (a set-based statement over 1 M programmes outlasts a request's 15 s on a server answering meanwhile).
describe("the import worker's environment", () => {
  it("raises the requests' statement time-out to the import's, keeps a longer one and the rest", () => {
    const env = { OTTKIT_DATABASE_URL: 'postgres://db/ottkit', OTTKIT_DATABASE_TIMEOUT_MS: '15000' };
    expect(importEnv(env)).toEqual({
      OTTKIT_DATABASE_URL: 'postgres://db/ottkit',
      OTTKIT_DATABASE_TIMEOUT_MS: String(IMPORT_STATEMENT_TIMEOUT_MS),
    });
    expect(importEnv({}).OTTKIT_DATABASE_TIMEOUT_MS).toBe(String(IMPORT_STATEMENT_TIMEOUT_MS));
    const longer = String(IMPORT_STATEMENT_TIMEOUT_MS * 2);
    expect(importEnv({ OTTKIT_DATABASE_TIMEOUT_MS: longer }).OTTKIT_DATABASE_TIMEOUT_MS).toBe(longer);
  });
});
