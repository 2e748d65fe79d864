import { describe, expect, it } from 'vitest';
import { IMPORT_STATEMENT_TIMEOUT_MS, importEnv, importStopped } from './refreshWorker.ts';

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

// A worker that died without answering (out of its bounded heap, decision 0250): the job fails in words the operator
// can act on, with none of the engine's own text, which is kept as the cause for the log.
describe('an import whose worker died', () => {
  it('says it changed nothing and what to do, with the engine’s error only as the cause', () => {
    const oom = Object.assign(
      new Error('Worker terminated due to reaching memory limit: JS heap out of memory'),
      {
        code: 'ERR_WORKER_OUT_OF_MEMORY',
      },
    );
    const e = importStopped(oom, 1);
    expect(e.message).toBe(
      'The import stopped before it finished and changed nothing: it needed more than the 96 MB an import may use; import fewer groups of the source',
    );
    expect(e.cause).toBe(oom);
    const other = importStopped(undefined, 7);
    expect(other.message).toBe('The import stopped before it finished and changed nothing: try again');
    expect(String((other.cause as Error).message)).toBe('exit code 7');
    for (const m of [e.message, other.message]) expect(m).not.toMatch(/ERR_|heap|Worker|exit code/);
  });
});
