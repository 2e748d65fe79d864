import { expect, test } from '@playwright/test';
import { openLiveTv } from './livePlayer.ts';
import { logIn } from './session.ts';
import { shot } from './screens.ts';

// Issue 36: after a reload of a channel page the category bar shows which category is selected. lc-020's
// category (Documentary) is the last of the bar: on a phone it sat past the strip's right edge.

for (const width of [360, 1366]) {
  test(`at ${width} px, a reloaded channel page shows its selected category in the bar`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await logIn(page);
    await openLiveTv(page, '/liveTv?id=lc-020');
    await page.reload();
    await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
    const selected = page.getByRole('tablist', { name: 'Categories' }).getByRole('tab', { selected: true });
    await expect(selected).toHaveText('Documentary');
    await expect(selected).toBeInViewport({ ratio: 1 });
    // Only the strip moved: the page is still at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await shot(page, `live-category-reload-${width}`);
  });
}
