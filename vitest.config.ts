import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/vitest-sequencer.ts';

/** The kit's, the player's and the site's tests: React's development build, jsdom. */
const REACT_TESTS = [
  'packages/ui/src/**/*.test.{ts,tsx}',
  'packages/player/src/**/*.test.{ts,tsx}',
  'site/src/**/*.test.{ts,tsx}',
];
/**
 * Those that mock a module (`vi.mock`): in a shared worker the modules an earlier file loaded may be the ones the
 * mocked store finds (the session store's tests failed so in about one run in two), so each gets a fresh worker.
 */
const MOCKING_TESTS = globSync(REACT_TESTS).filter((f) =>
  /\bvi\.(do)?[mM]ock\(/.test(readFileSync(f, 'utf8')),
);

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
    // Four files at once on the 2-core machine (Vitest's default there is one): the slow files wait on real time
    // (live ffmpeg, leases, servers starting), not on the CPU (docs/testing.md). The SQLite pass alone took 169 s on
    // three, 150 s on four and 160 s on five (decision 0392). OTTKIT_TEST_WORKERS to change.
    maxWorkers: Number(process.env.OTTKIT_TEST_WORKERS ?? 4),
    // The PostgreSQL run's test databases are dropped when their file ends (a no-op otherwise).
    setupFiles: ['packages/server/test/pgTestDatabases.ts'],
    // Files share their workers (`isolate: false`, decisions 0368, 0374): a fresh worker per file cost about 0.6 s
    // each and re-evaluated the server's modules; each file closes what it started, and the files pass in any order
    // (shuffled runs). The longest files start first (scripts/vitest-sequencer.ts, decision 0384).
    isolate: false,
    // Two projects, by the React a file loads (decision 0384): Node keeps one React a process, and the server's tests
    // that load the built site load React's production build (decision 0350), which the kit's, the player's and
    // the site's tests (React's development build, jsdom's act) must never meet in a shared worker. Everything else
    // (the server's unit and integration tests, the client's, the benches', the scripts') is one project, so its
    // long files start first together.
    projects: [
      {
        extends: true,
        test: {
          name: 'react',
          include: REACT_TESTS,
          exclude: MOCKING_TESTS,
          setupFiles: ['scripts/vitest-fresh-dom.ts'],
        },
      },
      { extends: true, test: { name: 'react-mocks', include: MOCKING_TESTS, isolate: true } },
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/api-client/src/**/*.test.{ts,tsx}',
            'packages/server/src/**/*.test.{ts,tsx}',
            'packages/server/test/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
    ],
    sequence: { sequencer: LongestFirst },
  },
});
