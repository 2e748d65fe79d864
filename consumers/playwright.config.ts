import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';

// The published packages as a partner gets them (decision 0197): `pnpm pack` tarballs checked with publint and
// arethetypeswrong, then installed with npm from the registry into throwaway consumers in the OS temp folder
// (outside the workspace): a Vite + React app, a plain HTML page, a Node script. Two loopback servers: the
// player's stream fixture (port) and the reference server for the Node script (port + 1), both stopped at the end.
//   npx -y pnpm@10.34.8 run build && npx -y pnpm@10.34.8 exec playwright test -c consumers/playwright.config.ts
const port = Number(process.env.OTTKIT_CONSUMERS_PORT ?? 4590);
export const STREAM_ORIGIN = `http://127.0.0.1:${port}`;
export const SERVER_ORIGIN = `http://127.0.0.1:${port + 1}`;
/** The reference server's data folder (kept between runs: its media are prepared once). */
const SERVER_DATA_DIR = '.data/consumers/server';

export default defineConfig({
  testDir: '.',
  // Each browser suite its own results folder: the test run runs them at once, and each clears its own.
  outputDir: '../.data/test-results/consumers',
  testMatch: '*.spec.ts',
  globalSetup: './pack.ts',
  // Installs from the registry (or npm's cache under .data/) and a Vite build run in the hooks. A bound for a
  // stuck install, not a timing: the run gives this stage the lowest CPU priority (scripts/test-run.mjs), and an
  // install that took 30 s alone once took over 240 s there (decision 0412).
  timeout: 600_000,
  expect: { timeout: 30_000 },
  workers: 1,
  // As the journeys: CI retries a failed test once, and the run's closing summary names every test that passed only
  // on its retry (scripts/test-summary.mjs), so a flaky one is seen and fixed, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.data/reports/consumers.json' }]],
  use: {
    launchOptions: chromiumLaunchOptions(['--headless', '--autoplay-policy=no-user-gesture-required']),
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `node packages/player/e2e/fixture-origin.ts ${port}`,
      cwd: '..',
      env: { OTTKIT_PLAYER_FIXTURE: 'tests' },
      url: `${STREAM_ORIGIN}/live.m3u8`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      command: `node packages/server/src/cli.ts serve --host 127.0.0.1 --port ${port + 1} --data ${SERVER_DATA_DIR}`,
      cwd: '..',
      env: { OTTKIT_MEDIA_PROFILE: 'tiny' },
      url: `${SERVER_ORIGIN}/api/openapi.json`,
      reuseExistingServer: false,
      timeout: 300_000,
    },
  ],
});
