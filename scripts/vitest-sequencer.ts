// The order Vitest starts the test files in (decision 0384): the files that take longest first, so that the run
// does not end with one long file on one worker while the others idle. Vitest sorts by the durations it cached in
// an earlier run, and without one (a fresh clone: CI) by file size, which puts a 45 s live test after hundreds of
// bigger files that take a second. A long file says its usual seconds in its head, on each engine where they
// differ:
//
//   // Test run: about 45 s
//   // Test run: about 5 s on SQLite, 63 s on PostgreSQL
//
// Those go first, longest first; the rest keep Vitest's order.
import { closeSync, openSync, readSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const MARK = /^\/\/ Test run: about (\d+) s(?: on SQLite, (\d+) s on PostgreSQL)?/m;

/** The seconds a file's head gives for this run's engine (PostgreSQL when OTTKIT_DATABASE_URL is set), else 0. */
export function usualSeconds(head: string, postgres: boolean): number {
  const m = MARK.exec(head);
  if (!m) return 0;
  return Number((postgres && m[2]) || m[1]);
}

function headOf(file: string): string {
  const buf = Buffer.alloc(2048);
  const fd = openSync(file, 'r');
  try {
    return buf.toString('utf8', 0, readSync(fd, buf, 0, buf.length, 0));
  } finally {
    closeSync(fd);
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const postgres = !!process.env.OTTKIT_DATABASE_URL;
    const rank = base.map((spec, i) => ({ spec, i, s: usualSeconds(headOf(spec.moduleId), postgres) }));
    // One project (vitest.config.ts), so no project order to keep: the marked first, then Vitest's order.
    return rank.sort((a, b) => b.s - a.s || a.i - b.i).map((r) => r.spec);
  }
}
