import { expect, type Page, test } from '@playwright/test';
import { LANG_COOKIE, LANGS } from '../site/src/i18n/langs.ts';
import { logIn } from './session.ts';

// Issue 14.7: on phones (360 and 390 px wide) no page is wider than the viewport, and every control of the live
// player is inside it and can be clicked, whatever the page
// shows around it.

const PHONE_WIDTHS = [360, 390] as const;

/** Document wider than the viewport: the page scrolls sideways (a person sees a cut edge). */
async function overflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    // What sticks out, to say why in the failure message.
    wide: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((el) => {
        // Inside a sideways scroller (the navigation, a row of cards) sticking out is how it scrolls.
        for (let p = el.parentElement; p; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${el.getBoundingClientRect().right}`),
  }));
}

async function expectNoOverflow(page: Page, what: string) {
  const o = await overflow(page);
  expect(o.scrollWidth, `${what}: ${o.wide.join('; ')}`).toBeLessThanOrEqual(o.viewport);
}

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

    test('the main pages are no wider than the viewport', async ({ page }) => {
      // The login page as a guest (a logged-in visitor is sent on from it).
      await page.goto('/login', { waitUntil: 'networkidle' });
      await expectNoOverflow(page, '/login');
      await logIn(page);
      // A detail page, reached as a person does: the first card of the home page.
      await page.goto('/home');
      const detail = await page.locator('a[href^="/vod/detail/"]').first().getAttribute('href');
      if (!detail) throw new Error('no detail link on /home');
      await page.goto(detail);
      await expectNoOverflow(page, detail);
      for (const path of [
        '/home',
        '/liveTv?id=lc-001',
        '/vod/type/movie',
        '/favorites',
        '/history',
        '/search?keyword=news',
        '/my',
        '/my/notifications',
        '/my/password',
        '/my/plan',
        '/my/scan',
        '/my/subscribe',
      ]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await expectNoOverflow(page, path);
      }
    });
  });
}
