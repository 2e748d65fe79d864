// How every browser test of the run starts Chromium: Debian's, found on PATH (never a downloaded browser), with
// the switches they share. One place for the e2e journeys, the player's e2e, the packed consumers and the benches.
import { execSync } from 'node:child_process';
import { readFileSync, statfsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Debian's Chromium: CHROMIUM_PATH, or `command -v chromium` (installed by `npm test` when missing). */
export const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH || execSync('command -v chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim();

/**
 * Chromium's features the browser tests turn off besides Playwright's own. Headless Chromium is the whole browser
 * without a screen: every window Playwright opens (one a test) also loads the address bar's suggestion popups,
 * two WebUI pages in a renderer of their own. Measured on the 2-core machine (decision 0366): a new context, its page
 * and the home page took 1.73 s and 1.06 s of CPU with them, 1.13 s and 0.80 s without; no test uses the address bar.
 * And Chromium keeps a spare renderer process started for the next page; each test's new context takes it and
 * Chromium starts another. Without it a new context, its page and /search took 0.54 CPU-s against 0.67-0.79
 * (decision 0418); a page still gets a renderer of its own, started when it is needed.
 */
const OFF = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'SpareRendererForSitePerProcess',
];

/**
 * Playwright passes its own `--disable-features=…` list, and Chromium keeps only the last such switch: so the
 * switch Playwright would pass is dropped and one with both lists is passed instead. Playwright's list is read from
 * the Playwright installed (it changes with its versions); a Playwright where it is not found fails here, in words.
 */
function playwrightDisabledFeatures(): string[] {
  // The playwright-core that @playwright/test itself loads (through playwright; pnpm links neither at the root).
  const from = (module: string, base: string) => createRequire(base).resolve(module);
  const core = from(
    'playwright-core/lib/coreBundle',
    from('playwright', from('@playwright/test', import.meta.url)),
  );
  const bundle = readFileSync(core, 'utf8');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const names = list ? [...list.matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((m) => m[1] ?? '') : [];
  if (names.length === 0)
    throw new Error(
      "e2e/chromium.ts: Playwright's list of disabled Chromium features was not found; see its comment",
    );
  return names;
}

/**
 * Playwright always passes `--disable-dev-shm-usage`, for containers whose /dev/shm is 64 MB: Chromium then keeps
 * the memory its processes share (every frame, every IPC buffer) in files under /tmp, which here is the disk.
 * Measured on the 2-core machine (decision 0390): a quarter of the journeys' CPU went to the kernel, and the
 * browser process was the busiest of all. Where /dev/shm has room (a gigabyte free: it is half the memory on a
 * Debian machine) the switch is dropped and Chromium shares memory as it does on a desktop.
 */
function devShmRoomy(): boolean {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}

/** Launch options for Playwright's `use.launchOptions`; `args` adds switches of a suite's own. */
export function chromiumLaunchOptions(args: string[] = []) {
  const playwrights = playwrightDisabledFeatures();
  return {
    executablePath: chromiumPath(),
    ignoreDefaultArgs: [
      `--disable-features=${playwrights.join(',')}`,
      ...(devShmRoomy() ? ['--disable-dev-shm-usage'] : []),
    ],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      `--disable-features=${[...playwrights, ...OFF].join(',')}`,
      ...args,
    ],
  };
}
