import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';

/** Where the journeys' screenshots go, for a person to look at. */
export const SCREENS = fileURLToPath(new URL('../.data/screens', import.meta.url));

/**
 * Screenshots are taken when a person asks for them (`OTTKIT_SCREENS=1`, which `npm run test:e2e:screens` sets),
 * not in every run: a capture proves nothing by itself (no journey compares one), and the run's 150-odd cost about
 * 100 CPU-seconds on the 2-core machine (decision 0394). What a journey asserts at each width stays asserted.
 */
export const screensWanted = process.env.OTTKIT_SCREENS === '1';

/** The page (or one part of it) as it is now, in `.data/screens/<name>.png`, when screenshots are wanted. */
export async function shot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!screensWanted) return;
  await target.screenshot({ path: join(SCREENS, `${name}.png`), ...options });
}
