import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { GUIDE_VIEW_KEY } from '../site/src/stores/guideView.ts';
import { logIn } from './session.ts';

// Keyboard and screen-reader access: axe-core (from the npm registry, run inside the page) finds no serious or
// critical WCAG 2.x A/AA violation on the pages a viewer uses, as a guest and as a subscriber.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // Islands render part of what is checked: wait until the page has settled.
  await page.waitForLoadState('networkidle');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (...a: unknown[]) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations as Violation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
  await expect(
    page.getByRole('grid', { name: 'Guide grid' }).locator('[data-kind="programme"]').first(),
  ).toBeVisible();
  expect(found).toEqual([]);
});
