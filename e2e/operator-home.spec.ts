import { expect, test } from '@playwright/test';
import { homeBannerRemove } from '../packages/api-client/src/contract/index.ts';
import { seriousViolations } from './axe.ts';
import { confirmInConsole, consoleReady, createOperator, signInOperator } from './console.ts';
import { shot } from './screens.ts';

// Issue 18 §4: an editor adds a home row, moves it to the top and removes a banner; the home page shows the
// row first (after the site's home cache of 30 s, decision 0131); support sees the lists and is refused.

test('an editor orders, adds and removes home rows and banners; the home page follows', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInOperator(page, createOperator('editor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Home page' }).click();
  await consoleReady(page);

  await page.getByRole('button', { name: 'Add row' }).click();
  await expect(page.getByText('Give the row a name of at most 80 characters')).toBeVisible();
  const name = `Fresh in ${Date.now()}`;
  await page.getByLabel('Row name').fill(name);
  await page.getByLabel('What it shows').selectOption('newest');
  await page.getByRole('button', { name: 'Add row' }).click();
  const rows = page.getByTestId('home-rows').getByRole('listitem');
  await expect(rows.last()).toContainText(name);
  // Up until it is first, with the keyboard-reachable buttons.
  for (let i = 0; i < 20 && !(await rows.first().textContent())?.includes(name); i++) {
    await page.getByRole('button', { name: `Move ${name} up` }).click();
    await expect(page.getByText('Saved; the home page shows it within a minute.')).toBeVisible();
  }
  await expect(rows.first()).toContainText(name);

  const banners = page.getByTestId('home-banners').getByRole('listitem');
  const count = await banners.count();
  const first = ((await banners.first().locator('span').textContent()) ?? '').trim();
  await page
    .getByRole('button', { name: `Remove ${first}` })
    .first()
    .click();
  expect(await confirmInConsole(page, `Remove ${first}`)).toContain('the titles stay in the catalogue');
  await expect(banners).toHaveCount(count - 1);

  await page.reload();
  await consoleReady(page);
  await expect(page.getByTestId('home-rows').getByRole('listitem').first()).toContainText(name);
  await shot(page, 'homepage-1280', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, 'homepage-360', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(page, '/admin/homepage')).toEqual([]);

  // A viewer's home page: the new row comes first once the home cache has turned over.
  const viewer = await browser.newPage();
  await expect
    .poll(
      async () => {
        await viewer.goto('/home');
        return viewer.locator('.vod-row h2:not(#row-live)').first().textContent();
      },
      { timeout: 60_000, intervals: [5_000] },
    )
    .toContain(name);
  await viewer.close();

  // The shared product's home as the other journeys know it: the row goes again.
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await confirmInConsole(page);
  await expect(page.getByTestId('home-rows')).not.toContainText(name);
});

test('support sees the home layout but cannot change it', async ({ page }) => {
  await signInOperator(page, createOperator('support'), '/admin/homepage');
  await consoleReady(page);
  await expect(page.getByTestId('home-banners').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add row' })).toHaveCount(0);
  const res = await page.request.post(homeBannerRemove.path, { data: { bannerItemId: 'b-home-1' } });
  expect(res.status()).toBe(403);
});
