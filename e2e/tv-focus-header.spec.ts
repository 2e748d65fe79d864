import { expect, type Page, test } from '@playwright/test';
import { logIn } from './session.ts';
import { hydrated } from './vod.ts';
import { shot } from './screens.ts';

// Issue 20 §4, decision 0300: a control reached by the keyboard (Tab / Shift+Tab) or the TV remote (arrows) is
// never hidden under the sticky header, and the layout can be chosen in My account. Every step here is a key press
// after the page has been scrolled by the wheel, as a viewer would.
const TIZEN =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 (KHTML, like Gecko) 85.0.4183.93/6.5 TV Safari/537.36';

/** Where the focused control is against the header and the viewport (after any smooth scroll settles). */
const focusBox = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const el = document.activeElement as HTMLElement | null;
    const header = document.querySelector('.site-header')?.getBoundingClientRect();
    const r = el?.getBoundingClientRect();
    return {
      name: `${el?.tagName.toLowerCase()} ${el?.textContent?.trim().slice(0, 40) ?? ''}`,
      top: r?.top ?? 0,
      bottom: r?.bottom ?? 0,
      headerBottom: header?.bottom ?? 0,
      viewport: window.innerHeight,
      scrollY: window.scrollY,
      // The header's own links, and the skip link (drawn above the header when focused), are not under it.
      inHeader: !!el?.closest('.site-header, .skip-link'),
    };
  });

/**
 * Scrolls to the end of a long page, then walks focus back up with `key`, checking every control it lands on below
 * the header is fully in view. Returns how many steps landed near the header (the case the bug hid).
 */
async function walkUp(page: Page, key: string, steps: number) {
  await page.mouse.wheel(0, 20_000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  let nearHeader = 0;
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press(key);
    const box = await focusBox(page);
    if (box.inHeader || box.name.startsWith('body')) continue;
    expect(box.top, `${box.name} starts under the header (step ${i})`).toBeGreaterThanOrEqual(
      box.headerBottom - 1,
    );
    expect(box.bottom, `${box.name} ends below the viewport (step ${i})`).toBeLessThanOrEqual(
      box.viewport + 1,
    );
    if (box.top - box.headerBottom < 80 && box.scrollY > 0) nearHeader++;
    if (nearHeader >= 3) break;
  }
  return nearHeader;
}

test.describe('standard layout, keyboard', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  test('Shift+Tab up a scrolled page never leaves the focused control under the sticky header', async ({
    page,
  }) => {
    await logIn(page);
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('data-layout', 'standard');
    // With nothing focused, Shift+Tab starts from the end of the page.
    const near = await walkUp(page, 'Shift+Tab', 200);
    expect(near, 'the walk reached controls just below the header').toBeGreaterThan(0);
  });
});

test.describe('tv layout, remote keys', () => {
  test.use({ userAgent: TIZEN, viewport: { width: 1280, height: 720 } });
  test('↑ up a scrolled page never leaves the focused control under the sticky header', async ({ page }) => {
    await logIn(page);
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('data-layout', 'tv');
    await page.mouse.wheel(0, 20_000);
    // The wheel's scroll ends before the key: pressed mid-scroll, ArrowDown focused a control the rest of the
    // scroll (and the walk's own wheel) left far above the viewport, and the walk up never came near the header.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const before = window.scrollY;
          await new Promise((r) => setTimeout(r, 300));
          return before > 300 && window.scrollY === before;
        }),
      )
      .toBe(true);
    await page.keyboard.press('ArrowDown'); // focuses the first control in view, at the bottom of the page
    const near = await walkUp(page, 'ArrowUp', 60);
    expect(near, 'the walk reached controls just below the header').toBeGreaterThan(0);
    await shot(page, 'tv-focus-header-1280');
  });
});

test.describe('tv layout, an account form by remote', () => {
  test.use({ userAgent: TIZEN, viewport: { width: 1280, height: 720 } });
  test('arrows to Buy, OK opens the purchase form, arrows to its code field, Back closes it', async ({
    page,
  }) => {
    await logIn(page);
    await page.goto('/my/subscribe');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-layout', 'tv');
    await expect(page.locator('.my-panel button.account-primary')).toBeVisible();
    const focused = (selector: string) =>
      page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
    for (let i = 0; i < 20 && !(await focused('.my-panel button.account-primary')); i++)
      await page.keyboard.press('ArrowDown');
    expect(await focused('.my-panel button.account-primary')).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Arrows stay inside the open dialog and reach its recharge code field.
    const field = '[role="dialog"] input';
    for (let i = 0; i < 20 && !(await focused(field)); i++) await page.keyboard.press('ArrowDown');
    expect(await focused(field)).toBe(true);
    await page.keyboard.type('1234');
    await expect(dialog.locator('input').first()).toHaveValue(/1234/);
    await shot(page, 'tv-account-form-1280');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test('My account: the layout control switches to TV and back, remembered and applied before first paint', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/my');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-layout', 'standard');
  const picker = page.locator('select[data-layout-picker]');
  await expect(page.locator('.layout-picker[data-ready="true"]')).toBeVisible();
  await expect(picker).toHaveValue('auto');
  await Promise.all([page.waitForEvent('load'), picker.selectOption('tv')]);
  await expect(html).toHaveAttribute('data-layout', 'tv');
  await expect(page.locator('select[data-layout-picker]')).toHaveValue('tv');
  // Another page, fresh: the layout is on the document before any script of the page ran (the inline head script).
  await page.addInitScript(() => {
    document.addEventListener(
      'readystatechange',
      () => {
        (window as unknown as { layoutAtParse: string | undefined }).layoutAtParse =
          document.documentElement.dataset.layout;
      },
      { once: true },
    );
  });
  await page.goto('/home');
  expect(await page.evaluate(() => (window as unknown as { layoutAtParse?: string }).layoutAtParse)).toBe(
    'tv',
  );
  await shot(page, 'tv-home-by-setting-1280');
  await page.goto('/my');
  await page.locator('select[data-layout-picker]').focus();
  await Promise.all([
    page.waitForEvent('load'),
    page.locator('select[data-layout-picker]').selectOption('standard'),
  ]);
  await expect(html).toHaveAttribute('data-layout', 'standard');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'my-layout-360', { fullPage: true });
});
