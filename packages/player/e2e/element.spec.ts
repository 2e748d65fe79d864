import { expect, type Page, test } from '@playwright/test';
import { advances, look } from './page.ts';

/** Resolves with the detail of the element's next `ottkit-ended` event. */
function endedEvent(page: Page) {
  return page.evaluate(
    () =>
      new Promise((resolve) =>
        document
          .querySelector('ottkit-player')
          ?.addEventListener('ottkit-ended', (e) => resolve((e as CustomEvent).detail)),
      ),
  );
}

test('the element plays live from a plain HTML page using only the built package', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/examples/plain.html');
  await expect(page.locator('ottkit-player video')).toHaveAttribute('data-state', 'playing');
  await advances(page, 2);
  expect((await look(page)).error).toBeNull();
  expect(errors).toEqual([]);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const heart = page.getByRole('button', { name: 'Favorite' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
});

test('zapping to another channel reloads and plays it', async ({ page }) => {
  await page.goto('/examples/plain.html');
  await expect(page.locator('ottkit-player video')).toHaveAttribute('data-state', 'playing');
  await page.evaluate(() => document.querySelector('ottkit-player')?.setAttribute('src', '/ch/2/live.m3u8'));
  await expect.poll(async () => (await look(page)).state).toBe('playing');
  await advances(page, 2);
});

test('a bar seek 110 s back starts time-shift; Back to live returns to live', async ({ page }) => {
  await page.goto('/examples/plain.html');
  await expect(page.locator('ottkit-player video')).toHaveAttribute('data-state', 'playing');
  await expect
    .poll(() => page.evaluate(() => document.querySelector('ottkit-player')?.core.getState().bar?.enabled))
    .toBe(true);
  const did = await page.evaluate(() =>
    document.querySelector('ottkit-player')?.core.seekBar(Date.now() - 112_000),
  );
  expect(did).toBe('timeshift');
  await expect.poll(async () => (await look(page)).mode).toBe('timeshift');
  await advances(page, 1);
  await page.getByRole('button', { name: 'Back to live' }).click();
  await expect.poll(async () => (await look(page)).mode).toBe('live');
  await advances(page, 1);
});

test('a VOD item ends and the element says so', async ({ page }) => {
  await page.goto('/examples/plain.html?mode=vod&src=/vod.m3u8');
  const ended = endedEvent(page);
  await expect.poll(async () => (await look(page)).state).toBe('playing');
  await page.evaluate(() => {
    const video = document.querySelector('ottkit-player video') as HTMLVideoElement;
    video.currentTime = video.duration - 1.5;
  });
  expect(await ended).toEqual({ mode: 'vod' });
});

test('a catch-up item played to its end emits ended for the auto-next programme', async ({ page }) => {
  await page.goto('/examples/plain.html?mode=catchup&src=/vod.m3u8');
  const ended = endedEvent(page);
  await expect.poll(async () => (await look(page)).state).toBe('playing');
  expect((await look(page)).mode).toBe('catchup');
  // Through the core's seek request, the one the progress bar uses.
  await page.evaluate(() => {
    const el = document.querySelector('ottkit-player');
    const video = el?.querySelector('video') as HTMLVideoElement;
    el?.core.seek(video.duration - 1.5);
  });
  expect(await ended).toEqual({ mode: 'catchup' });
  expect((await look(page)).state).toBe('ended');
});
