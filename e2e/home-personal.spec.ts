import { routes } from '../packages/api-client/src/routes.generated.ts';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { api, logIn, NO_RIGHTS } from './session.ts';

// Issue 14 / 21.7: /home's personal rows come from an island (never in the shared server HTML), and the shared
// part still shows each viewer's own locks.

interface Card {
  metaId: string;
  metaType: string;
  title: string;
  locked: boolean;
}

/** The home rows' titles as a visitor without a session gets them. */
async function homeCards(request: APIRequestContext): Promise<Card[]> {
  const post = async <T>(path: string, data: object) => {
    const body = await (await request.post(path, { data })).json();
    expect(body.errCode, body.errMsg).toBe(0);
    return body.data as T;
  };
  const { playlists } = await post<{ playlists: { playlistId: string; levelType: number }[] }>(
    routes.vod.playlistRoot.path,
    {},
  );
  const batch = await post<{ playlists: { list: Card[] }[] }>(routes.vod.batchPlaylist.path, {
    playlistIds: playlists.filter((p) => p.levelType === 99).map((p) => p.playlistId),
  });
  return batch.playlists.flatMap((p) => p.list);
}

const report = (metaId: string, playedTime: number, totalDuration: number, played = false) => ({
  metaId,
  videoType: 'MOVIE',
  played,
  playedTime,
  totalDuration,
  playProgress: (playedTime / totalDuration) * 100,
});

test('continue watching lists started titles, last played first, with their progress', async ({ page }) => {
  await logIn(page);
  const movies = [...new Map((await homeCards(page.request)).map((c) => [c.metaId, c])).values()].filter(
    (c) => c.metaType === 'MOVIE',
  );
  const [first, second, finished] = movies;
  if (!first || !second || !finished) throw new Error('need three movies');
  const path = routes.vod.playProgressReport.path;
  await api(page, path, report(first.metaId, 1200, 3000));
  await api(page, path, report(finished.metaId, 3000, 3000, true));
  await api(page, path, report(second.metaId, 750, 3000));

  await page.goto('/home');
  const row = page.getByRole('group', { name: 'Continue watching' });
  await expect(row).toBeVisible();
  const card = (title: string) => row.getByRole('link', { name: title, exact: true });
  await expect(card(second.title)).toBeVisible();
  await expect(card(first.title)).toBeAttached();
  await expect(card(finished.title)).toHaveCount(0);
  // Last played first: the second report sits left of the first.
  const x = async (title: string) => (await card(title).boundingBox())?.x ?? Number.NaN;
  expect(await x(second.title)).toBeLessThan(await x(first.title));
  await expect(row.getByRole('progressbar', { name: 'Watched 25%' })).toBeAttached();
  await expect(row.getByRole('progressbar', { name: 'Watched 40%' })).toBeAttached();

  // The server's HTML for this very user has no personal row: the island fetched it in the browser.
  const html = await (await page.request.get('/home')).text();
  // (The row's heading text travels as the island's prop; the row itself, its titles' bars, do not.)
  expect(html).not.toContain('row-continue');
  expect(html).not.toContain('Watched 25%');
});

test('a visitor sees no continue-watching row', async ({ page }) => {
  await page.goto('/home');
  // The personal island has hydrated (Astro drops its ssr mark) and found nobody to ask for.
  await expect(page.locator('astro-island[component-url*="HomePersonalRows"]:not([ssr])')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Continue watching' })).toHaveCount(0);
});

test('the shared home still shows each viewer their own premium locks', async ({ browser }) => {
  const visitor = await browser.newPage();
  const premium = (await homeCards(visitor.request)).find((c) => c.locked);
  if (!premium) throw new Error('no premium title on home');
  const lockOf = (page: typeof visitor) =>
    page.getByRole('link', { name: premium.title, exact: true }).first().locator('[data-badge="lock"]');

  // Twice each, so the second answer comes from the cache.
  for (let i = 0; i < 2; i++) {
    await visitor.goto('/home');
    await expect(lockOf(visitor)).toHaveCount(1);
  }
  const subscriber = await browser.newPage();
  await logIn(subscriber);
  for (let i = 0; i < 2; i++) {
    await subscriber.goto('/home');
    await expect(subscriber.getByRole('link', { name: premium.title, exact: true }).first()).toBeVisible();
    await expect(lockOf(subscriber)).toHaveCount(0);
  }
  const free = await browser.newPage();
  await logIn(free, NO_RIGHTS);
  await free.goto('/home');
  await expect(lockOf(free)).toHaveCount(1);
});
