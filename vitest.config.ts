import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/vitest-sequencer.ts';

// One run for every package: unit tests sit beside the code (`src/**/*.test.ts[x]`), server integration
// tests in `packages/server/test`. Browser-only tests opt into jsdom with a `@vitest-environment` comment.
export default defineConfig({
  test: {
    environment: 'node',
    // Dates in tests are judged in UTC whatever the machine's zone; zone tests set TZ themselves. The upstream
    // fixtures listen on loopback, which the server refuses unless allowed (decision 0359).
    env: { TZ: 'UTC', OTTKIT_UPSTREAM_ALLOW: '127.0.0.0/8' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Three files at once on the 2-core machine (Vitest's default there is one): the slow files wait on real time
    // (live ffmpeg, leases, servers starting), not on the CPU (docs/testing.md). OTTKIT_TEST_WORKERS to change.
    maxWorkers: Number(process.env.OTTKIT_TEST_WORKERS ?? 3),
    // The PostgreSQL run's test databases are dropped when their file ends (a no-op otherwise).
    setupFiles: ['packages/server/test/pgTestDatabases.ts'],
    // Every test file in one project (decision 0384): the unit tests beside the code (the kit's, the player's, the
    // client's, the server's, the site's, the benches') and the server's integration tests (`packages/server/test`).
    // Files share their workers (`isolate: false`, decisions 0368, 0374): a fresh worker per file cost about 0.6 s
    // each and re-evaluated the server's modules; each file closes what it started, and the files pass in any order
    // (shuffled runs). As two projects, Vitest ran one after the other, and each pass ended on one long file with
    // the other workers idle; as one, the longest files start first (scripts/vitest-sequencer.ts).
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'site/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
      'packages/server/test/**/*.test.ts',
    ],
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
