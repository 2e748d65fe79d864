import { expect, type Locator, test } from '@playwright/test';
import { logIn, NO_RIGHTS } from './session.ts';

// Issue 14: the category tabs of /liveTv scroll with arrows on wide screens, and an arrow never covers a tab's
// label; the player's lock and picture-in-picture icons are drawn with SVG, not emoji some systems lack.

test.use({ viewport: { width: 1280, height: 800 } });

/** The part of each tab inside the strip's viewport must not lie under a shown arrow. */
async function expectNoTabUnderAnArrow(strip: Locator) {
  const arrows = strip.locator('button[data-direction]:visible');
  const tabs = strip.getByRole('tab');
  const view = await strip.locator('[role="tablist"]').evaluate((el) => {
    const r = (el.parentElement as HTMLElement).getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  for (const arrow of await arrows.all()) {
    const a = await arrow.boundingBox();
    if (!a || !(await arrow.evaluate((el) => getComputedStyle(el).visibility === 'visible'))) continue;
    for (const tab of await tabs.all()) {
      const t = await tab.boundingBox();
      if (!t) continue;
      const left = Math.max(t.x, view.left);
      const right = Math.min(t.x + t.width, view.right);
      if (right <= left) continue; // scrolled out of the strip
      const overlap = Math.min(right, a.x + a.width) - Math.max(left, a.x);
      expect(
        overlap,
        `${await tab.textContent()} under the ${await arrow.getAttribute('aria-label')} arrow`,
      ).toBeLessThanOrEqual(0);
    }
  }
}

test('the category arrows never cover a tab label', async ({ page }) => {
  await page.goto('/liveTv?id=lc-001');
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  const strip = page.getByRole('group', { name: 'Categories' });
  const next = strip.getByRole('button', { name: 'Scroll forward' });
  await expect(next).toBeVisible();
  await expectNoTabUnderAnArrow(strip);
  await next.click();
  await expect(strip.getByRole('button', { name: 'Scroll back' })).toBeVisible();
  // One step (900 px) reaches the end of this strip; the glide is over when it says so.
  await expect(strip).toHaveAttribute('data-state', 'end');
  await expectNoTabUnderAnArrow(strip);
  // Every tab can still be reached and chosen.
  await strip.getByRole('tab', { name: 'Documentary' }).click();
  await expect(strip.getByRole('tab', { name: 'Documentary' })).toHaveAttribute('aria-selected', 'true');
});

test("the player's lock is an SVG drawing, not an emoji", async ({ page }) => {
  await logIn(page, NO_RIGHTS);
  // World Sports: the viewer without rights has no live authority for it (the fallback clip plays, locked).
  await page.goto('/liveTv?id=lc-002');
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  const lock = page.locator('section.ottkit-player .ottkit-lock').first();
  await expect(lock).toBeVisible();
  const icon = await lock.evaluate((el) => {
    const before = getComputedStyle(el, '::before');
    return { content: before.content, mask: before.maskImage || before.webkitMaskImage, width: before.width };
  });
  expect(icon.content).toBe('""');
  expect(icon.mask).toContain('data:image/svg+xml');
  expect(icon.width).toBe('32px');
});

test("a channel's drawn logo shows as a picture ottkit rasterised, in the list and the guide (decision 0354)", async ({
  page,
}) => {
  await page.goto('/liveTv?id=lc-001');
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  const decoded = (img: Locator) =>
    img.evaluate(async (el: HTMLImageElement) => {
      await el.decode();
      return { src: new URL(el.src).pathname, width: el.naturalWidth, height: el.naturalHeight };
    });
  const inList = page.locator('[data-playback] img').first();
  await expect(inList).toBeVisible();
  expect(await decoded(inList)).toEqual({ src: '/media/logo/lc-001.png', width: 160, height: 90 });
  const logo = await page.request.get('/media/logo/lc-001.png');
  expect(logo.headers()['content-type']).toBe('image/png');
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  const inGrid = page.locator('[data-guide-grid] [data-channel-id="lc-001"] img');
  await expect(inGrid).toBeVisible();
  expect(await decoded(inGrid)).toEqual({ src: '/media/logo/lc-001.png', width: 160, height: 90 });
});
