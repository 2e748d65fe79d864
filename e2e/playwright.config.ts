import { execSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

// The journeys drive Debian's Chromium (installed by `npm test` when missing), never a downloaded browser,
// through the real product: the server, its SQLite store, real segments prepared with ffmpeg (tiny profile)
// and the built site, on a port of their own so a running `npm start` does not get in the way.
const port = Number(process.env.OTTKIT_E2E_PORT ?? 4400);
// The journeys' upstream fixtures (line-ups, logos, live HLS) listen on loopback, which the server refuses unless
// allowed (decision 0359); set here so the product and every command the journeys run allow it.
process.env.OTTKIT_UPSTREAM_ALLOW ??= '127.0.0.0/8';
/** The e2e product's data folder, relative to the repository root. */
export const E2E_DATA_DIR = '.data/e2e';
const baseURL = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? execSync('command -v chromium', { encoding: 'utf8' }).trim();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.data/reports/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // A fresh data folder each run (tests use the operator CLI on it, e.g. to seal a zero-trust manifest);
    // the site re-reads the app configuration on every request by default, so such changes show at once. The sandbox
    // member site is on only here, for testing (decision 0160).
    command: `sh -c 'rm -rf ${E2E_DATA_DIR} && OTTKIT_DATA_DIR=${E2E_DATA_DIR} OTTKIT_MEMBER_SITE_SANDBOX=on OTTKIT_MEDIA_PROFILE=tiny OTTKIT_UPSTREAM_ALLOW=127.0.0.0/8 PORT=${port} node packages/server/src/cli.ts serve --site site/dist/server/entry.mjs'`,
    cwd: '..',
    url: `${baseURL}/home`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
