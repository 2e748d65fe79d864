import { routes } from '../packages/api-client/src/routes.generated.ts';
import { expect, type Page, test } from '@playwright/test';
import { livePlayer, openLiveTv, playsOn } from './livePlayer.ts';
import { operator } from './operator.ts';
import { api, logIn, SUBSCRIBER } from './session.ts';
import { type Card, homeCards, playMovie, time } from './vod.ts';

// Issue 21.8 (decision 0100): media URLs live briefly and the players renew them while they play. With the life
// shortened to 12 s for the test, a channel or a film plays on across several renewals: no 403, no reload, no
// error.

const TTL_SEC = 12;
const PLAY_SOURCE = routes.vod.playSource.path;
/** The seed's longest asset (server origin/vod.ts DEFAULT_VOD_ASSETS). */
const LONG_ASSET = 'vod3';

/** What the page asked for while playing: play-source calls, and the media requests under `prefix`. */
function watchMedia(page: Page, prefix: string) {
  const seen = { tokens: new Set<string>(), refused: [] as string[], masters: 0, playSources: 0 };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/playSource/v1')) seen.playSources += 1;
    if (!url.pathname.startsWith(prefix)) return;
    if (url.pathname.endsWith('/master.m3u8')) seen.masters += 1;
    seen.tokens.add(url.searchParams.get('token') ?? '');
  });
  page.on('response', (r) => {
    if (r.url().includes('/media/') && r.status() >= 400) seen.refused.push(`${r.status()} ${r.url()}`);
  });
  return seen;
}

/** After two token lives: renewed twice, in place, and no media request refused. */
function renewedInPlace(seen: ReturnType<typeof watchMedia>) {
  expect(seen.playSources).toBeGreaterThanOrEqual(3); // the first URL and two renewals
  expect(seen.tokens.size).toBeGreaterThanOrEqual(3); // requests moved on to the fresh tokens
  expect(seen.masters).toBe(1); // renewed in place, never reloaded
  expect(seen.refused).toEqual([]);
}

test.describe('media URL renewal', () => {
  test.beforeAll(() => {
    operator('config', 'set', 'media.liveTokenTtlSec', String(TTL_SEC));
  });
  test.afterAll(() => {
    operator('config', 'set', 'media.liveTokenTtlSec', '600');
  });

  // The channel and the film play side by side, each in a browser of its own (two devices of one subscriber):
  // the two waits of two token lives overlap instead of following each other (decision 0368).
  test('a channel and a film play on past two token lives without a stall, an error or a reload', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const filmContext = await browser.newContext({ baseURL });
    try {
      await Promise.all([channelPlaysOn(page), filmPlaysOn(await filmContext.newPage())]);
    } finally {
      await filmContext.close();
    }
  });
});

async function channelPlaysOn(page: Page) {
  await logIn(page, SUBSCRIBER);
  const seen = watchMedia(page, '/media/live/');
  await openLiveTv(page);
  const player = livePlayer(page);
  const video = player.locator('video');
  // Two token lives and more of media time: the second renewal has happened by then.
  await playsOn(page, 2 * TTL_SEC + 5, 90_000);
  renewedInPlace(seen);
  await expect(player).toHaveAttribute('data-state', 'playing');
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
}

async function filmPlaysOn(page: Page) {
  await logIn(page, SUBSCRIBER);
  // A 45-minute film: the player cannot buffer it all at once, so it keeps fetching segments past each life.
  let movie: Card | undefined;
  for (const c of await homeCards(page.request)) {
    if (c.metaType !== 'MOVIE' || c.locked) continue;
    const source = await api<{ url: string }>(page, PLAY_SOURCE, { metaId: c.metaId });
    if (source.url.includes(`/vod/${LONG_ASSET}/`)) {
      movie = c;
      break;
    }
  }
  if (!movie) throw new Error(`no open movie on ${LONG_ASSET} on home`);
  const seen = watchMedia(page, '/media/vod/');
  const { dialog, video } = await playMovie(page, movie);
  // Two token lives and more of media time: the second renewal has happened by then.
  const start = await time(video);
  await expect
    .poll(() => time(video), { timeout: 90_000, intervals: [1_000] })
    .toBeGreaterThan(start + 2 * TTL_SEC + 5);
  renewedInPlace(seen);
  await expect(dialog).toHaveAttribute('data-state', 'playing');
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
}
