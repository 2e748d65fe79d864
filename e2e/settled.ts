import type { Page } from '@playwright/test';

/**
 * Waits until a page has settled: loaded, and no request but live media's finished for `quietMs` (at most
 * `timeoutMs`, then it goes on). A page playing a live channel in low-latency mode always has a blocking playlist
 * reload in flight (LL-HLS, decision 0442), so Playwright's `networkidle` would never come there.
 */
export async function settled(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const count = () =>
    page
      .evaluate(() => {
        // Room for every entry from now on (the default 250 fill up with a live player's parts).
        performance.setResourceTimingBufferSize(100_000);
        return performance
          .getEntriesByType('resource')
          .filter((e) => !new URL(e.name, location.href).pathname.startsWith('/media/')).length;
      })
      .catch(() => -1);
  const end = Date.now() + timeoutMs;
  let last = await count();
  let since = Date.now();
  while (Date.now() < end) {
    await page.waitForTimeout(100);
    const now = await count();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}
