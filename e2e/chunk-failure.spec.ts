import { expect, type Page, test } from '@playwright/test';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { api, logIn } from './session.ts';
import { expectPlaying, homeMovie, hydrated } from './vod.ts';
import { shot } from './screens.ts';

// Spec §8: a script chunk that fails to load is a ChunkLoadError, not a product message. The site loads the page
// once more by itself (a fresh load fetches the chunks again); when it fails again within a minute, a plain bar
// offers a reload instead of looping (scripts/chunkErrors.ts, lib/chunks.ts). Here the VOD player's chunk, loaded
// lazily on the first Play, is refused by the network.
/** The lazily loaded player chunk of the VOD detail page (VodPlayerHost imports it on the first Play). */
const PLAYER_CHUNK = /\/_astro\/VodPlayerMount\.[^/]*\.js(\?.*)?$/;

// Requests a service worker makes are not seen by page.route; the chunk must come from the network here. A failed
// journey's retry is traced, as everywhere (playwright.config.ts): tracing every journey of this file and pwa.spec.ts
// cost about 50 CPU s a run, more than the two files' journeys themselves (decision 0391).
test.use({ serviceWorkers: 'block' });

/** A movie on home, its history cleared so its detail page offers Play (not Resume). */
async function freshMovie(page: Page) {
  const movie = await homeMovie(page.request);
  await api(page, routes.vod.historyBatchDelete.path, { metaIds: [movie.metaId] });
  return movie;
}

/** Marks the current document, so a fresh load of the page (a new document) can be told from the same one. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { ottkitOldDocument: true }));
const freshDocument = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => 'ottkitOldDocument' in window).catch(() => true), { timeout: 20_000 })
    .toBe(false);

for (const width of [1280, 360]) {
  test(`at ${width} px: a lazy chunk that fails loads the page once more, then the bar offers Reload, which brings the page back`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width > 400 ? 720 : 740 });
    await logIn(page);
    const movie = await freshMovie(page);
    const refused: string[] = [];
    await page.route(PLAYER_CHUNK, (route) => {
      refused.push(route.request().url());
      return route.abort('failed');
    });
    await page.goto(`/vod/detail/${movie.metaId}`);
    await hydrated(page);
    await page.evaluate(() => sessionStorage.removeItem('ottkit.chunkRetryAt'));
    const play = page.getByRole('button', { name: 'Play', exact: true });
    const bar = page.locator('#ottkit-chunk-error');

    // The first failure: no bar, the page loads again by itself.
    await mark(page);
    await play.click();
    await freshDocument(page);
    expect(refused.length).toBe(1);
    await hydrated(page);
    await expect(bar).toHaveCount(0);

    // Failing again within the minute: the bar, in the catalogue's words, and no player.
    await play.click();
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('role', 'alert');
    await expect(bar).toContainText('Part of this page could not be loaded.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(refused.length).toBe(2);
    await shot(page, `chunk-failure-bar-${width}`);

    // The network is back: Reload loads the page, and Play now opens the player.
    await page.unroute(PLAYER_CHUNK);
    await mark(page);
    await bar.getByRole('button', { name: 'Reload' }).click();
    await freshDocument(page);
    await hydrated(page);
    await expect(bar).toHaveCount(0);
    await play.click();
    await expectPlaying(page.getByRole('dialog').locator('video'), 1);
  });
}

test('the bar speaks the page’s language', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await context.addCookies([{ name: 'ottkit_lang', value: 'es', url: baseURL as string }]);
  await logIn(page);
  const movie = await freshMovie(page);
  await page.route(PLAYER_CHUNK, (route) => route.abort('failed'));
  await page.goto(`/vod/detail/${movie.metaId}`);
  await hydrated(page);
  // A retry already made within the minute: the first failure offers the reload at once.
  await page.evaluate(() => sessionStorage.setItem('ottkit.chunkRetryAt', String(Date.now())));
  await page.getByRole('button', { name: 'Reproducir', exact: true }).click();
  const bar = page.locator('#ottkit-chunk-error');
  await expect(bar).toContainText('No se pudo cargar una parte de esta página.');
  await expect(bar.getByRole('button')).toHaveText('Recargar');
});

// The worker is blocked in this file as a browser that keeps none does (a private window, storage turned off):
// the site registers it on load, and a refusal, or no answer, must raise no error on the page.
test('without the installable app’s worker, a page loads and plays with no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await logIn(page);
  const movie = await freshMovie(page);
  await page.goto(`/vod/detail/${movie.metaId}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page.getByRole('dialog').locator('video'), 1);
  expect(errors).toEqual([]);
});
