import { defineConfig } from 'vitest/config';

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
    projects: [
      // Unit tests beside the code (the kit's, the player's, the client's, the server's, the site's, the benches')
      // share their workers (decision 0368): a fresh worker per file cost about 0.6 s each, 177 times, and these
      // files keep no state between them (they pass in any order: three shuffled runs).
      {
        extends: true,
        test: {
          name: 'units',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'site/src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
          isolate: false,
        },
      },
      // The server's integration tests share their workers too (decision 0374). Each file starts its own servers,
      // stores and upstreams and closes them; a fresh worker per file re-evaluated the server's modules each time:
      // measured on the 2-core machine, 365 CPU s and 220 s for the 110 files, against 193 CPU s and 137 s shared,
      // with the same 813 tests passing (and in shuffled orders).
      {
        extends: true,
        test: { name: 'server', include: ['packages/server/test/**/*.test.ts'], isolate: false },
      },
    ],
  },
});
