import { expect, type Page, test } from '@playwright/test';
import { logIn } from './session.ts';
import { hydrated } from './vod.ts';

// Islands hydrate at different times (load, idle, visible) and share stores: an island whose first render
// differs from the server's HTML makes React throw that HTML away (minified errors #418, #421, #423, #425).
// The pages a viewer opens most must hydrate cleanly, for a guest and for a subscriber.
const HYDRATION_ERROR = /#41[89]|#42[1-5]|Hydration failed|did not match/i;

async function hydrationErrors(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  const onError = (e: Error) => {
    if (HYDRATION_ERROR.test(e.message)) errors.push(`${path}: ${e.message.slice(0, 200)}`);
  };
  page.on('pageerror', onError);
  await page.goto(path);
  // Every island that hydrates on load or when idle has (Astro drops its `ssr` mark then); a mismatch is thrown
  // while it hydrates, so by then it has been heard. A fixed 2.5 s wait stood here.
  await hydrated(page);
  page.off('pageerror', onError);
  return errors;
}

const PAGES = [
  '/home',
  '/liveTv?id=lc-001',
  '/liveTv?id=lc-037',
  '/vod/type/movie',
  '/vod/detail/m-001',
  '/search',
];

// A busy phone: idle islands (client:idle) hydrate late and in any order, so one hydrates after the others
// have filled the shared stores (the session, the guide). Here the first to ask hydrates last, 2 s late: a late
// island's first render must still match the server's HTML.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    let asked = 0;
    window.requestIdleCallback = (callback) => {
      const delay = Math.max(200, 2_000 - 300 * asked++);
      return window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), delay);
    };
  });
});

test('pages hydrate without a mismatch for a subscriber', async ({ page }) => {
  await logIn(page);
  const found: string[] = [];
  for (const path of PAGES) found.push(...(await hydrationErrors(page, path)));
  expect(found).toEqual([]);
});

test('pages hydrate without a mismatch for a guest', async ({ page }) => {
  const found: string[] = [];
  for (const path of PAGES) found.push(...(await hydrationErrors(page, path)));
  expect(found).toEqual([]);
});
