import { expect, type Page, test } from '@playwright/test';
import { LANG_COOKIE } from '../packages/api-client/src/contract/langs.ts';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { logIn } from './session.ts';
import { shot } from './screens.ts';

// Issue 36, decision 0363: on a phone (360 px) the header is one row and the main navigation a tab bar at the
// bottom of the screen, every destination in view and one tap away, by keyboard and screen reader too; at
// 1366 px the header is as it was. The home banner writes its title once: the picture behind it has no words.
const DESTINATIONS = ['Home', 'Live TV', 'Favorites', 'History', 'Search', 'My account'];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The visible banner slide's picture, as the server sends it. */
async function bannerPicture(page: Page) {
  const slide = page.locator('[aria-roledescription="slide"]:visible').first();
  const src = await slide.locator('img').getAttribute('src');
  if (!src) throw new Error('the banner slide has no picture');
  return (await page.request.get(src)).text();
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the header is one row and every main destination is in the tab bar, one tap away', async ({
    page,
  }) => {
    await logIn(page);
    await page.goto('/home');
    const header = page.locator('.site-header');
    const headerBox = await header.boundingBox();
    // One row: brand, language, profiles and the account (three rows before).
    expect(headerBox?.height ?? 0).toBeLessThan(64);
    await expect(header.getByRole('link', { name: 'Profiles' })).toBeInViewport({ ratio: 1 });

    // Screen readers: one navigation landmark, its links named as before.
    const links = mainNav(page).getByRole('link');
    await expect(links).toHaveText(DESTINATIONS);
    const tops = new Set<number>();
    for (const link of await links.all()) {
      // Each wholly on the screen, nothing over it, at the bottom of the screen, on one row.
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = await link.boundingBox();
      if (!box) throw new Error('a tab has no box');
      tops.add(Math.round(box.y));
      expect(box.y + box.height).toBeGreaterThan(740 - 80);
      expect(box.height, 'a tab is big enough to tap').toBeGreaterThanOrEqual(44);
      const onTop = await link.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && el.contains(hit);
      });
      expect(onTop, `${await link.textContent()} is covered`).toBe(true);
    }
    expect(tops.size, 'the tabs are one row').toBe(1);
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await shot(page, 'phone-header-360');

    // A scrolled page keeps the tab bar, and the page's end is not hidden under it.
    await page.mouse.wheel(0, 20_000);
    await expect(mainNav(page).getByRole('link', { name: 'My account' })).toBeInViewport({ ratio: 1 });

    // One tap: Search.
    await mainNav(page).getByRole('link', { name: 'Search' }).tap();
    await expect(page).toHaveURL(/\/search/);
    await expect(mainNav(page).getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');

    // Keyboard: Tab walks the header, then the tabs, each in view when focused.
    await page.goto('/favorites');
    await page.keyboard.press('Tab'); // the skip link
    let reached = 0;
    for (let i = 0; i < 12 && reached < DESTINATIONS.length; i++) {
      await page.keyboard.press('Tab');
      const inNav = await page.evaluate(() => !!document.activeElement?.closest('nav.main-nav'));
      if (!inNav) continue;
      reached++;
      await expect(page.locator(':focus')).toBeInViewport({ ratio: 1 });
    }
    expect(reached, 'every tab is reached by Tab').toBe(DESTINATIONS.length);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/my$/);
  });

  test('a guest in Spanish: no profile switch, and the login link whole in the header', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: LANG_COOKIE, value: 'es', url: baseURL as string }]);
    const guest = await page.request.post(routes.account.visitorLogin.path, {
      data: { deviceId: `phone-header-${Date.now()}` },
    });
    expect((await guest.json()).data.userInfo.loginStatus).toBe('guest');
    await page.goto('/home');
    const header = page.locator('.site-header');
    // As the server sends it, and once the badge knows the session is a guest's.
    const login = header.getByRole('link', { name: 'Iniciar sesión' });
    await expect(login).toHaveAttribute('data-state', 'guest');
    await expect(login).toBeInViewport({ ratio: 1 });
    expect(await login.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the link is cut').toBe(true);
    await expect(header.getByRole('link', { name: 'Perfiles' })).toHaveCount(0);
    expect((await header.boundingBox())?.height ?? 0).toBeLessThan(64);
  });

  test('the home banner shows its title once', async ({ page }) => {
    await logIn(page);
    await page.goto('/home');
    const slide = page.locator('[aria-roledescription="slide"]:visible').first();
    const title = await slide.getByRole('heading').textContent();
    if (!title) throw new Error('the slide has no title');
    await expect(slide.getByRole('heading', { name: title })).toBeInViewport();
    // The picture under it carries no words: not the title a second time.
    const picture = await bannerPicture(page);
    expect(picture).not.toContain('<text');
    await shot(page, 'phone-banner-360');
  });
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('the header is as before: the navigation in its row, words only, and the banner titled once', async ({
    page,
  }) => {
    await logIn(page);
    await page.goto('/home');
    const headerBox = await page.locator('.site-header').boundingBox();
    if (!headerBox) throw new Error('no header');
    expect(headerBox.height).toBeLessThan(64);
    const links = mainNav(page).getByRole('link');
    await expect(links).toHaveText(DESTINATIONS);
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      if (!box) throw new Error('a link has no box');
      expect(box.y + box.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
    }
    // The tab bar's pictures are for phones only.
    await expect(page.locator('.site-header .nav-icon').first()).toBeHidden();
    expect(await bannerPicture(page)).not.toContain('<text');
    await shot(page, 'phone-header-1366');
  });
});
