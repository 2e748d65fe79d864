import { expect, type Page, test } from '@playwright/test';
import { consoleReady, createOperator, signInOperator } from './console.ts';
import { shot } from './screens.ts';

// Issue 37 (navigation): the console's sixteen links took two rows at 1366 px and half the screen at 390 px. The
// menu is a side column grouped by area (Live, Library, Subscribers, Service) with the current screen marked, and
// folds into one line on a phone.

const shoot = (page: Page, name: string) => shot(page, name, { fullPage: true });

test('the console menu groups its screens by area beside the page, and folds into one line on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInOperator(page, createOperator('admin'), '/admin/plans');
  await consoleReady(page);
  const nav = page.getByRole('navigation', { name: 'Console' });
  const main = page.locator('main');
  const areas = nav.locator('.console-nav-area > p');
  await expect(areas).toHaveText(['Live', 'Library', 'Subscribers', 'Service']);
  await expect(nav.getByRole('list', { name: 'Subscribers' }).getByRole('link')).toHaveText([
    'Subscribers',
    'Notices',
    'Plans and codes',
  ]);
  await expect(nav.getByRole('link', { name: 'Plans and codes' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  // Beside the page, not above it: the header is one line and the page starts at the top.
  const menuBox = await nav.boundingBox();
  const mainBox = await main.boundingBox();
  expect(menuBox && mainBox && menuBox.x + menuBox.width <= mainBox.x + 1).toBe(true);
  expect((await page.locator('.console-header').boundingBox())?.height).toBeLessThan(80);
  await expect(page.getByText('Menu', { exact: true })).toBeHidden();
  await shoot(page, 'console-menu-1366');

  // A folded menu's navigation is not in the accessibility tree: its links are found by address.
  const staff = page.locator('.console-nav a[href="/admin/staff"]');
  await page.setViewportSize({ width: 390, height: 800 });
  const fold = page.locator('.console-menu > summary');
  await expect(fold).toBeVisible();
  await expect(fold).toContainText('Plans and codes');
  await expect(staff).toBeHidden();
  expect((await page.locator('.console-menu').boundingBox())?.height).toBeLessThan(70);
  // The page is no wider than the phone: the plans' and batches' tables scroll inside their cards.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, 'console-menu-390-folded');
  await fold.click();
  await expect(staff).toBeVisible();
  await shoot(page, 'console-menu-390-open');
  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.locator('.console-menu > summary')).toContainText('Staff');
  await expect(staff).toBeHidden();
  await expect(staff).toHaveAttribute('aria-current', 'page');
});
