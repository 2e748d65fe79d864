import { expect, test } from '@playwright/test';
import { operator } from './operator.ts';
import { settled } from './settled.ts';

// Issue 8: the operator's notices, published with the CLI, shown by page and mode (spec §4).
function publish(...args: string[]): string {
  const id = /published (\S+)/.exec(operator('notice', 'publish', ...args))?.[1];
  if (!id) throw new Error('notice not published');
  return id;
}

test('a popup notice on home is gone after OK and stays gone after a reload', async ({ page }) => {
  const id = publish('--msg', '<b>Maintenance</b> on Sunday', '--mode', '12', '--title', 'Heads up');
  try {
    await page.goto('/home');
    const popup = page.getByRole('dialog', { name: 'Heads up' });
    // Text, never markup: the tags show as typed.
    await expect(popup).toContainText('<b>Maintenance</b> on Sunday');
    await expect(popup.locator('b')).toHaveCount(0);
    const box = await popup.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBeLessThanOrEqual(400);
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toHaveCount(0);
    await page.reload();
    await expect(page.locator('[data-page-id="home"]')).toBeVisible();
    // Give the notices time to load; the read one must not come back.
    await settled(page);
    await expect(page.getByRole('dialog', { name: 'Heads up' })).toHaveCount(0);
  } finally {
    operator('notice', 'withdraw', id);
  }
});

test('a marquee scrolls on live TV in the notice colours', async ({ page }) => {
  const id = publish('--msg', 'Live marquee for e2e', '--mode', '0', '--bg', '#123456', '--fg', '#ffcc00');
  try {
    await page.goto('/liveTv?id=lc-001');
    const marquee = page.getByRole('marquee');
    await expect(marquee).toContainText('Live marquee for e2e');
    await expect(marquee).toHaveAttribute('data-state', 'scrolling');
    const x1 = await marquee.locator('span').evaluate((el) => el.getBoundingClientRect().x);
    await page.waitForTimeout(500);
    const x2 = await marquee.locator('span').evaluate((el) => el.getBoundingClientRect().x);
    expect(x2).toBeLessThan(x1);
    // Not shown on home (mode 0 is live TV only).
    await page.goto('/home');
    await settled(page);
    await expect(page.getByRole('marquee')).toHaveCount(0);
  } finally {
    operator('notice', 'withdraw', id);
  }
});
