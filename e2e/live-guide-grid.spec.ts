import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn } from './session.ts';

// Issue 14: /liveTv's multi-channel guide grid, as a person uses it: channels down, time across, the now line
// at the current time, a past programme of another channel played back, the keyboard moving between blocks.

async function openGrid(page: Page) {
  await page.goto('/liveTv?id=lc-001');
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await expect(page.getByRole('grid', { name: 'Guide grid' })).toBeVisible();
  // What the grid's rows own is drawn in its scroller (decision 0353).
  const grid = page.locator('[data-guide-grid]');
  // The rows in view have read their day from the local guide store.
  await expect(grid.locator('[data-channel-id="lc-001"] [data-kind="programme"]').first()).toBeVisible();
  return grid;
}

/** A channel's blocks (its row owns them). */
const row = (grid: Locator, channelId: string) =>
  grid.locator(`[data-blocks][data-channel-id="${channelId}"]`);
const focused = (page: Page) => page.locator('[data-guide-grid] :focus');
const num = async (l: Locator, name: string) => Number(await l.getAttribute(name));

test.beforeEach(async ({ page }) => logIn(page));

test('the grid opens on now: the now line is at the current time on the ruler', async ({ page }) => {
  const grid = await openGrid(page);
  const line = grid.getByTestId('guide-now-line');
  // The page brings the grid up; the grid itself is not scrolled: it opened on now.
  await grid.scrollIntoViewIfNeeded();
  await expect(line).toBeInViewport();
  // Two neighbouring marks of the ruler give where a time is drawn; the line must sit where now is.
  const marks = grid.locator('[data-ruler] [data-time]');
  const now = await page.evaluate(() => Date.now());
  const times = await marks.evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.time)));
  const i = times.findLastIndex((t) => t <= now);
  expect(i, 'a ruler mark before now').toBeGreaterThanOrEqual(0);
  // The scale from the mark before now and the next one; in the day's last half hour the ruler ends before
  // midnight, so from the mark before it instead.
  const j = i + 1 < times.length ? i + 1 : i - 1;
  const [a, b, l] = await Promise.all([
    marks.nth(i).boundingBox(),
    marks.nth(j).boundingBox(),
    line.boundingBox(),
  ]);
  if (!a || !b || !l) throw new Error('ruler or now line not laid out');
  const pxPerMs = (b.x - a.x) / ((times[j] ?? 0) - (times[i] ?? 0));
  const expected = a.x + (now - (times[i] ?? 0)) * pxPerMs;
  // Within 15 s of drawing (the clock ticks every 15 s) and a pixel of rounding.
  expect(Math.abs(l.x + l.width / 2 - expected)).toBeLessThan(15_000 * pxPerMs + 2);
  // The block under the line on the watched channel is the one on air, marked as watched.
  await expect(row(grid, 'lc-001').locator('[data-state="playing"]')).toHaveAttribute('aria-current', 'true');
  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Guide grid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Grid', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test("a past programme's block on another channel opens its catch-up", async ({ page }) => {
  const grid = await openGrid(page);
  // In the first hours of a day none of today's programmes may have ended yet: take yesterday's grid then.
  if ((await page.evaluate(() => new Date().getHours())) < 3) {
    const tabs = page.getByRole('tablist', { name: 'Guide day' }).getByRole('tab');
    const selected = await tabs.evaluateAll((els) => els.findIndex((el) => el.ariaSelected === 'true'));
    expect(selected, 'a day before today in the guide').toBeGreaterThan(0);
    await tabs.nth(selected - 1).click();
  }
  const past = row(grid, 'lc-005').locator('[data-action="playback"]').last();
  await expect(past).toHaveAttribute('data-state', 'finished');
  await expect(past).toHaveAccessibleName(/^Nature & Science, .+, \d\d:\d\d – \d\d:\d\d, Playback$/);
  await past.scrollIntoViewIfNeeded();
  await past.click();
  const dialog = page.locator('section.ottkit-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-label', /Nature & Science/);
  await expect
    .poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);
  // The catch-up's channel is the watched one, as when played back from the list.
  await expect(page).toHaveURL(/id=lc-005/);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the keyboard moves between blocks and Enter acts', async ({ page }) => {
  const grid = await openGrid(page);
  // Tab reaches one block: the watched channel's programme on air.
  const stop = grid.locator('[tabindex="0"]');
  await expect(stop).toHaveCount(1);
  await stop.focus();
  const onAir = focused(page);
  await expect(onAir).toHaveAttribute('data-state', 'playing');
  const first = await onAir.getAttribute('data-program-id');

  // In the day's last hour the programme on air is the row's last: Right stays there (the grid shows one day),
  // so the step away and back goes Left, to the programme before, instead.
  const onAirEnds = await num(onAir, 'data-stop');
  const lastOfDay = await page.evaluate(
    (t) => new Date(t).getHours() === 0 && new Date(t).getMinutes() === 0,
    onAirEnds,
  );
  const [away, back, awayState] = lastOfDay
    ? (['ArrowLeft', 'ArrowRight', 'finished'] as const)
    : (['ArrowRight', 'ArrowLeft', 'notStart'] as const);
  await page.keyboard.press(away);
  await expect(focused(page)).toHaveAttribute('data-state', awayState);
  await expect(focused(page).locator('xpath=ancestor::*[@data-blocks]')).toHaveAttribute(
    'data-channel-id',
    'lc-001',
  );
  await page.keyboard.press(back);
  await expect(focused(page)).toHaveAttribute('data-program-id', first ?? '');
  if (lastOfDay) {
    await page.keyboard.press('ArrowRight');
    await expect(focused(page)).toHaveAttribute('data-program-id', first ?? '');
  }

  // Down: the next channel's programme on air at the same time.
  const start = await num(focused(page), 'data-start');
  const end = await num(focused(page), 'data-stop');
  await page.keyboard.press('ArrowDown');
  const below = focused(page);
  await expect(below.locator('xpath=ancestor::*[@data-blocks]')).toHaveAttribute('data-channel-id', 'lc-005');
  const middle = (start + end) / 2;
  expect(await num(below, 'data-start')).toBeLessThanOrEqual(middle);
  expect(await num(below, 'data-stop')).toBeGreaterThan(middle);

  // Home, then Left: the channel; Enter watches it live.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowLeft');
  await expect(focused(page)).toHaveAccessibleName(/^Nature & Science, Channel 5/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/id=lc-005/);
  await expect(page.locator('section.ottkit-player').first()).toHaveAttribute(
    'aria-label',
    /Nature & Science/,
  );
});
