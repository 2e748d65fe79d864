import { routes } from '../packages/api-client/src/routes.generated.ts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { api } from './session.ts';

// What the VOD journeys share: the home page's cards through the API, hydration, the video's clock.

export interface Card {
  metaId: string;
  metaType: string;
  title: string;
  /** Behind a product the viewer lacks (a premium title without a VOD plan). */
  locked?: boolean;
}

export async function call<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.post(path, { data });
  const body = await res.json();
  expect(body.errCode, `${path}: ${body.errMsg}`).toBe(0);
  return body.data as T;
}

export async function homeCards(request: APIRequestContext): Promise<Card[]> {
  const { playlists } = await call<{ playlists: { playlistId: string; levelType: number }[] }>(
    request,
    routes.vod.playlistRoot.path,
    {},
  );
  const ids = playlists.filter((p) => p.levelType === 99).map((p) => p.playlistId);
  const batch = await call<{ playlists: { list: Card[] }[] }>(request, routes.vod.batchPlaylist.path, {
    playlistIds: ids,
  });
  return batch.playlists.flatMap((p) => p.list);
}

/**
 * The first movie on home at least `minSeconds` long (a title an operator journey published from a few-second
 * clip may be first on the shared product's home), open or behind a product the viewer lacks.
 */
export async function homeMovie(
  request: APIRequestContext,
  { locked = false, minSeconds = 120 }: { locked?: boolean; minSeconds?: number } = {},
): Promise<Card> {
  for (const c of await homeCards(request)) {
    if (c.metaType !== 'MOVIE' || !!c.locked !== locked) continue;
    const { duration } = await call<{ duration: number }>(request, routes.vod.detail.path, {
      metaId: c.metaId,
    });
    if (duration >= minSeconds) return c;
  }
  throw new Error(`no ${locked ? 'locked' : 'open'} movie of ${minSeconds} s or more on home`);
}

/**
 * Opens the detail page of the first series on home with a next episode (an operator journey may have put a
 * one-episode series ahead of the seeded ones) and answers its episodes' Play buttons.
 */
export async function seriesWithNextEpisode(page: Page): Promise<Locator> {
  const series = (await homeCards(page.request)).filter((c) => c.metaType === 'SERIES');
  expect(series.length).toBeGreaterThan(0);
  const episodes = page.getByRole('button', { name: /^Play episode \d+:/ });
  for (const { metaId } of series) {
    await page.goto(`/vod/detail/${metaId}`);
    await hydrated(page);
    await expect(episodes.first()).toBeVisible();
    if ((await episodes.count()) > 1) return episodes;
  }
  throw new Error('no series with two episodes on home');
}

/**
 * Waits until the page's islands have hydrated (Astro drops the `ssr` attribute), so clicks are handled. First
 * until the document has loaded: a page streams, and a document the page reloaded by itself (chunk-failure.spec)
 * can be caught while its islands have not been parsed yet, when none of them is left to hydrate. The chunk
 * failure journey then clicked a Play button with no handler yet, once in about two whole runs.
 */
export async function hydrated(page: Page) {
  await page.waitForLoadState('load');
  await expect(
    page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]'),
  ).toHaveCount(0);
}

export const time = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits until the video plays and its clock moves by `seconds` of media time. */
export async function expectPlaying(video: Locator, seconds = 2) {
  await expect(video).toBeVisible();
  await expect.poll(() => time(video), { timeout: 30_000 }).toBeGreaterThan(0);
  const start = await time(video);
  await expect.poll(() => time(video), { timeout: 30_000 }).toBeGreaterThanOrEqual(start + seconds);
}

/** Opens a movie's detail page from the start (its history cleared) and plays it. */
export async function playMovie(page: Page, movie: Pick<Card, 'metaId'>) {
  await api(page, routes.vod.historyBatchDelete.path, { metaIds: [movie.metaId] });
  await page.goto(`/vod/detail/${movie.metaId}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const video = dialog.locator('video');
  await expectPlaying(video);
  return { dialog, video };
}
