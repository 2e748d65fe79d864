import { expect, test } from '@playwright/test';
import { GUIDE_VIEW_KEY } from '../site/src/stores/guideView.ts';
import { seriousViolations } from './axe.ts';
import { logIn } from './session.ts';

// Keyboard and screen-reader access: axe-core (from the npm registry, run inside the page) finds no serious or
// critical WCAG 2.x A/AA violation. The pages a viewer uses, as a guest and as a subscriber, are checked on the
// Spanish walks of i18n-walk.spec.ts, which open each of them already (decision 0368); the guide's grid view, which
// those walks do not show, is checked here.

test('the guide grid of live TV has no serious accessibility violation', async ({ page }) => {
  await logIn(page);
  await page.goto('/home');
  await page.evaluate((key) => localStorage.setItem(key, 'grid'), GUIDE_VIEW_KEY);
  const found = await seriousViolations(page, '/liveTv?id=lc-001');
  await expect(page.locator('[data-guide-grid] [data-kind="programme"]').first()).toBeVisible();
  expect(found).toEqual([]);
});
