import { expect, test } from '@playwright/test';
import { GUIDE_VIEW_KEY } from '../site/src/stores/guideView.ts';
import { seriousViolations } from './axe.ts';
import { logIn } from './session.ts';

// Keyboard and screen-reader access: axe-core (from the npm registry, run inside the page) finds no serious or
// critical WCAG 2.x A/AA violation on the pages a viewer uses, as a guest and as a subscriber.

test('a guest meets no serious accessibility violation on home, live TV, search and login', async ({
  page,
}) => {
  const found: string[] = [];
  for (const path of ['/home', '/liveTv?id=lc-001', '/search?keyword=night', '/login']) {
    found.push(...(await seriousViolations(page, path)));
  }
  expect(found).toEqual([]);
});

test('a subscriber meets no serious accessibility violation on the pages they use', async ({ page }) => {
  await logIn(page);
  const found: string[] = [];
  found.push(...(await seriousViolations(page, '/home')));
  const detail = await page.locator('a[href^="/vod/detail/"]').first().getAttribute('href');
  expect(detail).toBeTruthy();
  const paths = [detail ?? '', '/liveTv?id=lc-001', '/vod/type/movie', '/favorites', '/history', '/my'];
  for (const path of paths) found.push(...(await seriousViolations(page, path)));
  expect(found).toEqual([]);
});

test('the guide grid of live TV has no serious accessibility violation', async ({ page }) => {
  await logIn(page);
  await page.goto('/home');
  await page.evaluate((key) => localStorage.setItem(key, 'grid'), GUIDE_VIEW_KEY);
  const found = await seriousViolations(page, '/liveTv?id=lc-001');
  await expect(page.locator('[data-guide-grid] [data-kind="programme"]').first()).toBeVisible();
  expect(found).toEqual([]);
});
