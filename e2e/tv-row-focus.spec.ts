import { expect, type Page, test } from '@playwright/test';
import { logIn } from './session.ts';
import { hydrated } from './vod.ts';
import { shot } from './screens.ts';

// Issue 20 §4 (decision 0327): in the tv layout, a card the remote focuses in a home row is seen whole, with its
// focus ring: the row's visible box holds it on the left as on the right, also after the row scrolled to it, and
// no scroll arrow of the row lies over it. Before the fix the first card's ring was cut by 7 px on the left.
const TIZEN =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 (KHTML, like Gecko) 85.0.4183.93/6.5 TV Safari/537.36';

/** The focused control's box with its focus ring, its row's visible box, and a visible scroll arrow's box. */
const focusInRow = (page: Page) =>
  page.evaluate(async () => {
    // The row may glide to the focused card: wait until its scroll position holds still.
    const el = document.activeElement as HTMLElement | null;
    const row = el?.closest('[role="group"]');
    let port: HTMLElement | null = el?.parentElement ?? null;
    while (port && getComputedStyle(port).overflowX === 'visible') port = port.parentElement;
    for (let last = -1, i = 0; i < 60 && port && port.scrollLeft !== last; i++) {
      last = port.scrollLeft;
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!el || !row || !port)
      return { lost: `${el?.tagName} ${el?.className} ${el?.textContent?.slice(0, 30)}` };
    const style = getComputedStyle(el);
    const ring = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
    const r = el.getBoundingClientRect();
    const p = port.getBoundingClientRect();
    const arrows = [...row.querySelectorAll('button')]
      .filter((b) => !b.disabled && b.checkVisibility() && !port.contains(b))
      .map((b) => b.getBoundingClientRect())
      .map((a) => ({ left: a.left, right: a.right }));
    return {
      name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '',
      left: r.left - ring,
      right: r.right + ring,
      rowLeft: p.left,
      rowRight: p.right,
      scrollLeft: port.scrollLeft,
      arrows,
    };
  });

test.use({ userAgent: TIZEN, viewport: { width: 1280, height: 720 } });

test('the remote walks along a home row and back: every focused card is inside the row’s visible box, with no arrow over it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page);
  await page.goto('/home');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'tv');
  const inRow = () =>
    page.evaluate(() => !!document.activeElement?.closest('main [role="group"] li, main [role="group"] a'));
  for (let i = 0; i < 30 && !(await inRow()); i++) await page.keyboard.press('ArrowDown');
  expect(await inRow(), 'the remote reached a card of a home row').toBe(true);

  const check = async (step: string) => {
    const box = await focusInRow(page);
    expect('lost' in box ? box.lost : null, step).toBeNull();
    if ('lost' in box) return;
    expect(box.left, `${box.name}: its ring is cut on the left (${step})`).toBeGreaterThanOrEqual(
      box.rowLeft - 0.5,
    );
    expect(box.right, `${box.name}: its ring is cut on the right (${step})`).toBeLessThanOrEqual(
      box.rowRight + 0.5,
    );
    // No scroll arrow over the row: the remote scrolls it by moving along it, and an arrow in its path took the focus.
    expect(box.arrows, `${box.name}: a scroll arrow shows over the row (${step})`).toEqual([]);
    return box;
  };
  await shot(page, 'tv-row-focus-first-1280');
  await check('first card');
  let scrolled = 0;
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('ArrowRight');
    scrolled = Math.max(scrolled, (await check(`right ${i + 1}`))?.scrollLeft ?? 0);
  }
  expect(scrolled, 'the row scrolled along with the focus').toBeGreaterThan(0);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('ArrowLeft');
    await check(`left ${i + 1}`);
    if (i === 3) await shot(page, 'tv-row-focus-back-1280');
  }
});
