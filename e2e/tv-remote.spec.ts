import { expect, type Page, test } from '@playwright/test';
import { livePlayer } from './livePlayer.ts';
import { logIn } from './session.ts';
import { hydrated } from './vod.ts';
import { shot } from './screens.ts';

// Issue 20 §4, decision 0266: a TV browser (Tizen's user agent) at 1280 px, driven by a remote's keys only —
// arrows, OK (Enter) and Back (Escape). No click and no focus() in this file: every step is a key press.
const TIZEN =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 (KHTML, like Gecko) 85.0.4183.93/6.5 TV Safari/537.36';
test.use({ userAgent: TIZEN, viewport: { width: 1280, height: 720 } });

/** What has focus, as the remote's user sees it: its accessible name or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(body)';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60) ?? ''}`;
  });

/** Presses `key` until the focused element matches `selector`; fails with the trail of focus when it never does. */
async function pressUntil(page: Page, key: string, selector: string, max = 30) {
  const trail: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(key);
    trail.push(await focusedName(page));
  }
  expect(
    await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector),
    trail.join('\n'),
  ).toBe(true);
}

const channelOf = (page: Page) => new URL(page.url()).searchParams.get('id');

test('live TV, two channel changes, the guide, a past programme, Back, a title played — by remote keys only', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  await page.goto('/liveTv?id=lc-001');
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'tv');

  // Change channel twice: ↓ with nothing focused, as while watching.
  const first = channelOf(page);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => channelOf(page)).not.toBe(first);
  const second = channelOf(page);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => channelOf(page)).not.toBe(second);
  await expect(livePlayer(page)).toHaveAttribute('aria-label', /.+/);
  await shot(page, 'tv-live-1280');

  // Into the guide: → takes focus into the page, then ↓ walks to a past programme's Playback.
  await page.keyboard.press('ArrowRight');
  // In a day's first hours nothing of today has ended yet: ← from today's tab and OK take yesterday's guide.
  if ((await page.evaluate(() => new Date().getHours())) < 3) {
    await pressUntil(page, 'ArrowDown', '[role="tab"]');
    await pressUntil(page, 'ArrowLeft', '[role="tab"][aria-selected="true"]');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page.locator('[role="tab"]:focus')).toHaveAttribute('aria-selected', 'true');
  }
  await pressUntil(page, 'ArrowDown', '[data-action="playback"]');
  await shot(page, 'tv-guide-focus-1280');
  await page.keyboard.press('Enter');
  const catchup = page.locator('section.ottkit-dialog');
  await expect(catchup).toBeVisible();
  await expect
    .poll(() => catchup.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);

  // Back closes the catch-up.
  await page.keyboard.press('Escape');
  await expect(catchup).toHaveCount(0);

  // Up to the header's Home, OK; a title's card, OK; Play, OK.
  await pressUntil(page, 'ArrowUp', 'header a[href="/home"], header a[href^="/home"]', 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home/);
  await page.keyboard.press('ArrowDown');
  await pressUntil(page, 'ArrowDown', 'a[href^="/vod/detail/"]');
  await shot(page, 'tv-home-focus-1280');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/vod\/detail\//);
  // OK on Play before its island is interactive would do nothing (a person waits for the page too).
  await hydrated(page);
  await page.keyboard.press('ArrowDown');
  await pressUntil(page, 'ArrowDown', '.vod-actions button.vod-btn--primary');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect
    .poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);
  await shot(page, 'tv-vod-playing-1280');
});
