import { expect, type Page } from '@playwright/test';

/** Issue 14.7: the phone widths no page may be wider than. */
export const PHONE_WIDTHS = [360, 390] as const;

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

export async function expectNoOverflow(page: Page, what: string) {
  const o = await overflow(page);
  expect(o.scrollWidth, `${what}: ${o.wide.join('; ')}`).toBeLessThanOrEqual(o.viewport);
}

/**
 * The page as it is, at every phone width in turn (the viewport resized, the page not loaded again; the site's
 * layout changes at no width between them), ending at the first.
 */
export async function expectNoOverflowAtPhoneWidths(page: Page, what: string) {
  const height = page.viewportSize()?.height ?? 800;
  for (const width of [...PHONE_WIDTHS].reverse()) {
    await page.setViewportSize({ width, height });
    await expectNoOverflow(page, `${what} at ${width} px`);
  }
}
