import { expect, test } from '@playwright/test';
import { advances, look } from './page.ts';

// Issue 20 §1, decisions 0201 and 0301: a zap to a warm neighbour plays from the bytes fetched ahead. The built
// element on a plain page, the fixture origin: no request for the neighbour's master playlist nor for the segment
// the player already had, between the zap and the first frame. Figures go to bench/player-startup.ts, not here.
test('a zap to a warm neighbour plays from the prefetched bytes', async ({ page }) => {
  await page.goto('/examples/plain.html');
  await expect(page.locator('ottkit-player video')).toHaveAttribute('data-state', 'playing');
  const neighbour = new URL('/ch/7/live.m3u8', page.url()).href;
  await page.evaluate((src) => {
    const el = document.querySelector('ottkit-player') as unknown as { prefetch: { src: string }[] };
    el.prefetch = [{ src }];
  }, neighbour);

  // Warm: the neighbour's first segment came in, marked as a prefetch (decision 0258).
  const prefetched = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.includes('/ch/7/') && /\.ts\?prefetch=1$/.test(n)),
    );
  await expect.poll(async () => (await prefetched()).length).toBeGreaterThan(0);

  const zap = await page.evaluate(async (src) => {
    const el = document.querySelector('ottkit-player') as HTMLElement;
    const video = el.querySelector('video') as HTMLVideoElement;
    // The segment the neighbour's live start plays first: the last one fetched ahead (refreshed every 4 s).
    const warm = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.includes('/ch/7/') && /\.ts\?prefetch=1$/.test(n))
      .map((n) => n.replace(/\?prefetch=1$/, ''));
    const t0 = performance.now();
    const frame = new Promise<number>((resolve) =>
      video.addEventListener(
        'playing',
        () => video.requestVideoFrameCallback(() => resolve(performance.now() - t0)),
        {
          once: true,
        },
      ),
    );
    el.setAttribute('src', src);
    const ms = await frame;
    const after = performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime >= t0 && e.startTime <= t0 + ms)
      .map((e) => e.name);
    return { ms, warm, after };
  }, neighbour);
  console.log(
    `warm zap: first frame ${Math.round(zap.ms)} ms; requests meanwhile: ${zap.after.join(', ') || 'none'}`,
  );

  expect(zap.after).not.toContain(neighbour);
  // Whichever of the prefetched segments the start used, none of them went to the network again.
  for (const segment of zap.warm) expect(zap.after).not.toContain(segment);
  // Nor the lowest variant's live playlist the start plays from.
  expect(zap.after).not.toContain(new URL('/ch/7/live-240.m3u8', neighbour).href);
  await expect.poll(async () => (await look(page)).state).toBe('playing');
  await advances(page, 1);
});
