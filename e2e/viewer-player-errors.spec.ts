import { expect, test } from '@playwright/test';
import { logIn } from './session.ts';
import { shot } from './screens.ts';

// Issue 36: a catch-up whose first playlist answered and whose next one was a 404 showed a full-screen
// "Playback error (levelLoadError)". Every player error is words with an action; the engine's code never shows.

for (const width of [1366, 360]) {
  test(`a catch-up that fails says so in words with Retry, never the engine's code (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 740 });
    await logIn(page);
    // The master playlist answers; every rendition playlist is gone (what a missing recording looked like).
    await page.route(/\/media\/catchup\/.*\.m3u8/, (route) =>
      /master\.m3u8/.test(route.request().url())
        ? route.continue()
        : route.fulfill({ status: 404, body: '' }),
    );
    await page.goto('/liveTv?id=lc-001');
    await expect(page.locator('[data-live-ready="true"]')).toBeVisible({ timeout: 60_000 });
    await page.locator('[data-date]').nth(6).click(); // yesterday
    await page
      .getByRole('list', { name: 'Programme guide' })
      .getByRole('button', { name: /^Playback/ })
      .first()
      .click();
    const dialog = page.locator('section.ottkit-dialog');
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('could not be loaded', { timeout: 30_000 });
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(
      /levelLoadError|manifestLoadError|Playback error|\(HTTP/,
    );
    await shot(page, `viewer-player-error-${width}`);
  });
}
