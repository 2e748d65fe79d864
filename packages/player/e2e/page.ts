import { expect, type Page } from '@playwright/test';

// What the player journeys read off a page with one <ottkit-player>.

/** The player's state as the page sees it. */
export const look = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('ottkit-player');
    const video = el?.querySelector('video');
    const s = el?.core.getState();
    return { state: s?.state, mode: s?.mode, time: video?.currentTime ?? 0, error: s?.error ?? null };
  });

/** Waits until the video's clock has moved on by more than `seconds`. */
export async function advances(page: Page, seconds: number, timeout = 30_000) {
  const start = (await look(page)).time;
  await expect.poll(async () => (await look(page)).time - start, { timeout }).toBeGreaterThan(seconds);
}

/** The overlays a viewer can see (class names without the `ottkit-` prefix), in markup order. */
export const visibleOverlays = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('ottkit-player .ottkit-overlay')]
      .filter((o) => o.checkVisibility() && o.getBoundingClientRect().width > 0)
      .map((o) => [...o.classList].find((c) => c !== 'ottkit-overlay')?.replace('ottkit-', '') ?? '?'),
  );

/**
 * Starts watching the video's clock in the page: every 100 ms, how long it has stood still while the viewer
 * wants it to play. `stalls(page)` reads the longest such stretch and the number of `ottkit-error` /
 * `ottkit-reload` events since.
 */
export async function watchStalls(page: Page) {
  await page.evaluate(() => {
    const el = document.querySelector('ottkit-player');
    const video = el?.querySelector('video');
    if (!el || !video) throw new Error('no player');
    const w = window as unknown as { ottkitStalls: { longestMs: number; errors: string[]; reloads: number } };
    w.ottkitStalls = { longestMs: 0, errors: [], reloads: 0 };
    let last = video.currentTime;
    let since = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (video.currentTime !== last) {
        last = video.currentTime;
        since = now;
      } else {
        w.ottkitStalls.longestMs = Math.max(w.ottkitStalls.longestMs, now - since);
      }
    }, 100);
    el.addEventListener('ottkit-error', (e) => w.ottkitStalls.errors.push((e as CustomEvent).detail.code));
    el.addEventListener('ottkit-reload', () => {
      w.ottkitStalls.reloads += 1;
    });
  });
}

export const stalls = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { ottkitStalls: { longestMs: number; errors: string[]; reloads: number } })
        .ottkitStalls,
  );

/** Starts a new measurement: the longest stall so far is forgotten (the errors and reloads stay). */
export const resetLongestStall = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { ottkitStalls: { longestMs: number } }).ottkitStalls.longestMs = 0;
  });
