import { routes } from '../packages/api-client/src/routes.generated.ts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, logIn, NO_RIGHTS } from './session.ts';
import { expectPlaying, homeMovie, hydrated, playMovie, seriesWithNextEpisode, time } from './vod.ts';
import { shot } from './screens.ts';

// The VOD player as a person meets it (issue #14.4, #14.5, #14.7, #14): no authority for a premium title,
// where resume starts after skipping ahead and closing, every control reachable on a phone, focus back on Play.

/** What the server stored as the viewer's position in a title (the detail's history), seconds. */
async function storedPosition(page: Page, metaId: string): Promise<number | null> {
  const detail = await api<{ history: { playedTime: number } | null }>(page, routes.vod.detail.path, {
    metaId,
  });
  return detail.history?.playedTime ?? null;
}

/** Skips ahead the way a viewer does, with the progress slider, and waits until the video is there. */
async function skipTo(dialog: Locator, seconds: number) {
  await dialog.getByRole('slider', { name: 'Progress' }).fill(String(seconds));
  await expect.poll(() => time(dialog.locator('video')), { timeout: 10_000 }).toBeGreaterThanOrEqual(seconds);
}

const firstMovie = (page: Page, locked = false) => homeMovie(page.request, { locked });

test('a premium title without a VOD plan: the no-authority dialog offers the purchase', async ({ page }) => {
  await logIn(page, NO_RIGHTS);
  const movie = await firstMovie(page, true);
  await page.goto(`/vod/detail/${movie.metaId}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'No permission' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your plan does not include this content');
  await expect(page.getByText('Unavailable source')).toHaveCount(0);
  await shot(page, 'no-authority-1280');
  await dialog.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByRole('dialog', { name: 'Purchase' })).toBeVisible();
});

test('skip ahead and close within 5 s: the server keeps the new position and resume offers it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await logIn(page);
  const movie = await firstMovie(page);
  const { dialog } = await playMovie(page, movie);
  await skipTo(dialog, 92);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => storedPosition(page, movie.metaId), { timeout: 15_000 }).toBeGreaterThanOrEqual(90);
  expect(await storedPosition(page, movie.metaId)).toBeLessThan(100);
  // Reopened from the server's history alone, resume offers about 1:32.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('button', { name: /^Resume from 1:(3\d)$/ })).toBeVisible();
});

test('closing the tab right after skipping ahead stores the new position', async ({ page, context }) => {
  test.setTimeout(150_000);
  await logIn(page);
  const movie = await firstMovie(page);
  const { dialog } = await playMovie(page, movie);
  await skipTo(dialog, 92);
  await page.close({ runBeforeUnload: true });
  const other = await context.newPage();
  await expect
    .poll(() => storedPosition(other, movie.metaId), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(90);
  expect(await storedPosition(other, movie.metaId)).toBeLessThan(100);
});

test('closing the player puts focus back on the Play button that opened it', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const movie = await firstMovie(page);
  const { dialog } = await playMovie(page, movie);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  // The same button, now offering to resume where the viewer stopped.
  const primary = page.getByRole('button', { name: /^(Play|Resume from \d+:\d\d)$/ });
  await expect(primary).toBeFocused();
  // And with Esc.
  await primary.click();
  await expectPlaying(page.getByRole('dialog').locator('video'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(primary).toBeFocused();
});

for (const width of [360, 390, 1280]) {
  test(`at ${width} px every control of the VOD player is on screen and clickable`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 780 });
    await logIn(page);
    await (await seriesWithNextEpisode(page)).first().click();
    const dialog = page.getByRole('dialog');
    await expectPlaying(dialog.locator('video'));
    // A series episode with a next one: Episodes and Play next are there besides the common controls.
    await expect(dialog.getByRole('combobox', { name: 'Episodes' })).toBeAttached();
    await expect(dialog.getByRole('button', { name: 'Play next' })).toBeAttached();
    await shot(page, `vod-player-${width}`);
    const controls = dialog.locator('button, select, input');
    const count = await controls.count();
    expect(count).toBeGreaterThanOrEqual(8);
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i);
      const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '';
      names.push(name);
      const box = await control.boundingBox();
      expect(box, `${name} has a box`).not.toBeNull();
      if (!box) continue;
      expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(width + 0.5);
      expect(box.y, `${name} top on screen`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${name} bottom on screen`).toBeLessThanOrEqual(780 + 0.5);
      // Nothing covers it: a click would land on the control itself.
      await control.click({ trial: true, timeout: 5_000 });
    }
    expect(names).toEqual(expect.arrayContaining(['Episodes', 'Full screen', 'Back']));
  });
}
