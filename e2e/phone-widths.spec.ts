import { expect, type Page, test } from '@playwright/test';
import { LANG_COOKIE, LANGS } from '../site/src/i18n/langs.ts';
import { expectNoOverflow, PHONE_WIDTHS } from './phone.ts';
import { logIn } from './session.ts';

// Issue 14.7: on phones (360 and 390 px wide) no page is wider than the viewport, and every control of the live
// player is inside it and can be clicked, whatever the page shows around it. Every other page is measured at both
// widths by the walks of security-headers.spec.ts (decision 0398).

/** Every visible control of the live player's control row: inside the viewport, and the topmost thing at its centre. */
async function expectControlsReachable(page: Page, what: string) {
  const controls = page.locator(
    'section.ottkit-player .ottkit-controls :is(button, select, [role="slider"]):visible',
  );
  await expect(controls.first()).toBeVisible();
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  for (const control of await controls.all()) {
    const name = `${what}: ${(await control.getAttribute('aria-label')) ?? (await control.textContent())}`;
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    expect(box, name).not.toBeNull();
    if (!box) continue;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
    expect(box.width, name).toBeGreaterThan(0);
    // Clickable: nothing covers its centre.
    const hit = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!top && (top === el || el.contains(top));
    });
    expect(hit, `${name} is covered`).toBe(true);
  }
}

for (const width of PHONE_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const lang of LANGS) {
      test(`/liveTv in ${lang}: it fits, and every live player control is inside the viewport and clickable`, async ({
        page,
        baseURL,
      }) => {
        // The longer Spanish and Portuguese texts ("En vivo", "Automática") make the control row the widest.
        await page.context().addCookies([{ name: LANG_COOKIE, value: lang, url: baseURL ?? '' }]);
        await logIn(page);
        await page.goto('/liveTv?id=lc-001');
        await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
        const player = page.locator('section.ottkit-player').first();
        await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
        await expectNoOverflow(page, `live (${lang})`);
        await expectControlsReachable(page, `live (${lang})`);
        await expect(player.locator('[data-icon="fullscreen"]')).toBeInViewport({ ratio: 1 });
        // The guide grid fits too: it scrolls inside itself.
        await page.locator('[data-view="grid"]').click();
        await expect(page.getByRole('grid')).toBeVisible();
        await expectNoOverflow(page, `live grid (${lang})`);
      });
    }
  });
}
