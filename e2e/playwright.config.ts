import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';
import { MAILBOX_SMTP_OFFSET } from './mailbox.ts';

// The journeys drive Debian's Chromium (installed by `npm test` when missing), never a downloaded browser,
// through the real product: the server, its SQLite store, real segments prepared with ffmpeg (tiny profile)
// and the built site, on a port of their own so a running `npm start` does not get in the way.
//
// Each worker has a product of its own (decision 0361): worker i's server listens on the base port + 1000·i
// (a journey's own upstreams and helpers sit at +280…+290 of it) over its own data folder and its own copy of
// the built site (the PWA journeys write a new build's service worker into it), so journeys that change the
// instance's settings, line-up or build never meet another worker's. Playwright loads this file again in every
// worker after setting TEST_PARALLEL_INDEX, so E2E_PORT, E2E_DATA_DIR and E2E_SITE_DIR below are that worker's.
const basePort = Number(process.env.OTTKIT_E2E_PORT ?? 4400);
// Two by default (decisions 0366, 0375): on the 2-core machine two workers ran the journeys in 1,252 s against
// about 1,480 s for one. Three were no faster in a whole run (the journeys 928 s against 860 s on two, the machine
// 2,588 CPU s against 2,395): a journey slowed by a third beside it plays and animates for longer. A machine with
// fewer cores sets OTTKIT_E2E_WORKERS=1, one with more may set more.
const workers = Number(process.env.OTTKIT_E2E_WORKERS ?? 2);
// A run on another base port (two people's runs on one machine) keeps its folders apart too.
const apart = process.env.OTTKIT_E2E_PORT ? `-p${basePort}` : '';
const product = (i: number) => ({
  port: basePort + 1000 * i,
  dataDir: i === 0 && !apart ? '.data/e2e' : `.data/e2e${apart}-${i}`,
  // Inside site/ so the copy's server code finds the site's node_modules as the build itself does.
  siteDir: `site/.data/e2e${apart}-${i}`,
});
const mine = product(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** This worker's product port. */
export const E2E_PORT = mine.port;
/** This worker's product data folder, relative to the repository root. */
export const E2E_DATA_DIR = mine.dataDir;
/** This worker's copy of site/dist (`client/`, `server/`), relative to the repository root. */
export const E2E_SITE_DIR = mine.siteDir;
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
// The journeys' upstream fixtures (line-ups, logos, live HLS) listen on loopback, which the server refuses unless
// allowed (decision 0359); set here so the products and every command the journeys run allow it.
process.env.OTTKIT_UPSTREAM_ALLOW ??= '127.0.0.0/8';
// Every sign-up, sign-in and operator made hashes a password: at the production cost (2^17, ~128 MB and a good
// part of a second each) those hashes were minutes of the run's CPU. New hashes here cost 2^12 (decision 0361).
process.env.OTTKIT_PASSWORD_HASH_LOG2N ??= '12';

/** Each worker's mailbox (e2e/mailbox.ts): the SMTP server its product sends to. */
const mailboxes = Array.from({ length: workers }, (_, i) => {
  const smtp = product(i).port + MAILBOX_SMTP_OFFSET;
  return {
    command: `node e2e/mailbox.ts ${smtp}`,
    cwd: '..',
    url: `http://127.0.0.1:${smtp + 1}/messages`,
    reuseExistingServer: false,
    timeout: 60_000,
  };
});

/** Each worker's product: its own port, data folder and copy of the built site, mail to its mailbox. */
const products = Array.from({ length: workers }, (_, i) => {
  const { port, dataDir, siteDir } = product(i);
  const fresh = `rm -rf ${dataDir} ${siteDir} && mkdir -p ${siteDir} && cp -r site/dist/. ${siteDir}`;
  const smtp = `smtp://127.0.0.1:${port + MAILBOX_SMTP_OFFSET}`;
  const env = `OTTKIT_DATA_DIR=${dataDir} OTTKIT_MEMBER_SITE_SANDBOX=on OTTKIT_MEDIA_PROFILE=tiny OTTKIT_UPSTREAM_ALLOW=127.0.0.0/8 OTTKIT_PASSWORD_HASH_LOG2N=12 OTTKIT_SMTP_URL=${smtp} PORT=${port}`;
  return {
    command: `sh -c '${fresh} && ${env} node packages/server/src/cli.ts serve --site ${siteDir}/server/entry.mjs'`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/home`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
});

export default defineConfig({
  testDir: '.',
  // Each browser suite its own results folder: the test run runs them at once, and each clears its own.
  outputDir: '../.data/test-results/e2e',
  testMatch: '**/*.spec.ts',
  // Bounds for a journey that is stuck, not timings: two workers, their products and the checks beside them keep
  // both cores busy, and a page's first hydration can wait its turn for a while (decision 0361).
  timeout: 90_000,
  expect: { timeout: 30_000 },
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.data/reports/playwright.json' }]],
  use: {
    baseURL,
    // A trace records every frame and DOM snapshot of a journey: kept for every journey, failed or not, it was a
    // good part of the browsers' CPU on two cores. Recorded on the retry of a failed journey (CI retries once).
    trace: 'on-first-retry',
    // The installable app's worker is off in the journeys that are not about it (decision 0375): every new context
    // installed it again and sent each page's bundles through it, about a sixth of a page load's CPU. The PWA
    // journeys and the two walks over every page (security-headers, i18n-walk) turn it on.
    serviceWorkers: 'block',
    // The journeys ask for reduced motion, as many viewers do (decision 0376): the live list's programme lines
    // scroll forever otherwise, and every frame of them is drawn (about a sixth of a playing live page's CPU).
    // The journey that proves a line scrolls, or stands still, asks for motion (profiles-live).
    reducedMotion: 'reduce',
    launchOptions: chromiumLaunchOptions([
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ]),
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // A fresh data folder each run (tests use the operator CLI on it, e.g. to seal a zero-trust manifest); the
  // site re-reads the app configuration on every request by default, so such changes show at once. The sandbox
  // member site is on only here, for testing (decision 0160). Each product sends its mail by SMTP to its worker's
  // mailbox, started first.
  webServer: [...mailboxes, ...products],
});
