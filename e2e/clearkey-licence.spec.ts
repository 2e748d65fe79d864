import { expect, test } from '@playwright/test';
import { DRM_LICENSE_PATH } from '../packages/api-client/src/contract/playback.ts';

// Issue #15: the product's licence endpoint answered 404 (the API router took every /drmLicense/ path before
// the origin saw it). Here the ClearKey channel plays on /liveTv with its key from that endpoint: the
// playlists lose their identity-key line, so the player learns the key id from the init segment and asks
// the licence server, as a CENC player does.
test('the ClearKey channel plays on /liveTv with the key from the licence endpoint', async ({ page }) => {
  await page.route(/\/media\/live\/ch2-cenc\/[^/]+\/index\.m3u8/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/^#EXT-X-KEY:.*\n/gm, '');
    await route.fulfill({ response, body });
  });
  const licences: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes(DRM_LICENSE_PATH)) licences.push(r.status());
  });
  await page.goto('/liveTv?id=lc-037');
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  const video = page.locator('section.ottkit-player').first().locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 45_000 })
    .toBeGreaterThan(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
  // The licence answer's response event can reach the test after the first frames (the key is used as soon as
  // its body is read): waited for, not read once.
  await expect.poll(() => licences).toContain(200);
  expect(licences.filter((s) => s !== 200)).toEqual([]);
});
