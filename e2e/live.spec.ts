import { expect, test } from '@playwright/test';
import { routes } from '../packages/api-client/src/routes.generated.ts';

test('/ lands on /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

test('an unknown path lands on /', async ({ page }) => {
  const res = await page.request.get('/nope', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/');
  await page.goto('/nope');
  // / itself goes on to /home, so the journey ends there.
  await expect(page).toHaveURL(/\/home$/);
});

test('a guest opening /my is sent to login', async ({ page }) => {
  await page.goto('/my');
  await expect(page).toHaveURL(/\/login/);
});

test('clicking a channel on /liveTv plays live video', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A new guest's first calls wait for the guest session: none is refused for want of one, none is asked twice,
  // and no session is refreshed that had just begun.
  const watched: Record<string, string> = {
    [routes.live.channelPlaySource.path]: 'play source',
    [routes.live.contentAuthority.path]: 'authority',
    [routes.account.refreshToken.path]: 'refresh',
  };
  const asked: string[] = [];
  page.on('response', async (r) => {
    const what = watched[new URL(r.url()).pathname];
    if (what) asked.push(`${what} ${(await r.json().catch(() => ({})))?.errCode}`);
  });
  // The guest session comes slowly, as on a busy server or a slow network: the player and the live jobs are ready
  // first.
  await page.route(`**${routes.account.visitorLogin.path}`, async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await page.goto('/liveTv');
  // Server-rendered rows do nothing until the island is interactive (decision 0074).
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  await expect.poll(() => asked.filter((a) => a.startsWith('play source')).length).toBeGreaterThan(0);
  await expect.poll(() => asked.filter((a) => a.startsWith('authority')).length).toBeGreaterThan(0);
  expect(asked.sort()).toEqual(['authority 0', 'play source 0']);
  const rows = page.getByRole('button', { name: /channel/i });
  await expect(rows.first()).toBeVisible();
  await rows.first().click();
  await expect(page).toHaveURL(/[?&]id=/);

  const video = page.locator('video');
  await expect(video).toBeVisible();
  // Wait until playback has begun, then see the clock move by at least 2 s of media time.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(start + 2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
  expect(errors).toEqual([]);
});
