import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';

// Browser checks of the built player on the local fixture origin (e2e/fixture-origin.ts, tiny profile):
// `npx -y pnpm@10.34.8 --filter @ottkit/player run build && npx -y pnpm@10.34.8 exec playwright test -c packages/player/playwright.config.ts`
const port = Number(process.env.OTTKIT_PLAYER_E2E_PORT ?? 4557);

export default defineConfig({
  testDir: './e2e',
  // Each browser suite its own results folder: the test run runs them at once, and each clears its own.
  outputDir: '../../.data/test-results/player-e2e',
  // Generous: these run beside builds on small CI machines; nothing here asserts a timing.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  workers: 1,
  // As the journeys: CI retries a failed test once, and the run's closing summary names every test that passed only
  // on its retry (scripts/test-summary.mjs), so a flaky one is seen and fixed, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../../.data/reports/player-e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions(['--headless', '--autoplay-policy=no-user-gesture-required']),
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node e2e/fixture-origin.ts ${port}`,
    env: { OTTKIT_PLAYER_FIXTURE: 'tests' },
    url: `http://127.0.0.1:${port}/live.m3u8`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
