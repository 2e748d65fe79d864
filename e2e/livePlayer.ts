import { expect, type Page } from '@playwright/test';

/** The live player of /liveTv. */
export const livePlayer = (page: Page) => page.locator('section.ottkit-player').first();

/** Opens a /liveTv address and waits until the island is interactive (server-rendered rows do nothing before). */
export async function openLiveTv(page: Page, path = '/liveTv?id=lc-001') {
  await page.goto(path);
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
}

/** Waits until the live player's video has started, then moved on by more than `seconds`; returns its start. */
export async function playsOn(page: Page, seconds = 2, timeout = 30_000) {
  const video = livePlayer(page).locator('video');
  const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0);
  const start = await time();
  await expect.poll(time, { timeout, intervals: [1_000] }).toBeGreaterThan(start + seconds);
  return start;
}
