import { expect, test } from '@playwright/test';
import { livePlayer, openLiveTv, playsOn } from './livePlayer.ts';
import { operator } from './operator.ts';
import { api, logIn, SUBSCRIBER } from './session.ts';
import { type Card, expectPlaying, homeCards, hydrated, time } from './vod.ts';

// Issue 21.8 (decision 0100): media URLs live briefly and the players renew them while they play. With the life
// shortened to 20 s for the test, a channel or a film plays on across several renewals: no 403, no reload, no
// error.

const TTL_SEC = 20;
const PLAY_SOURCE = '/vodapi/api/meta/media/playSource/v1';
/** The seed's longest asset (server origin/vod.ts DEFAULT_VOD_ASSETS). */
const LONG_ASSET = 'vod3';

test.describe('media URL renewal', () => {
  test.beforeAll(() => {
    operator('config', 'set', 'media.liveTokenTtlSec', String(TTL_SEC));
  });
  test.afterAll(() => {
    operator('config', 'set', 'media.liveTokenTtlSec', '600');
  });

  test('a channel plays on past two token lives without a stall, an error or a reload', async ({ page }) => {
    test.setTimeout(120_000);
    await logIn(page, SUBSCRIBER);
    const tokens = new Set<string>();
    const refused: string[] = [];
    let masters = 0;
    let playSources = 0;
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/playSource/v1')) playSources += 1;
      if (!url.pathname.startsWith('/media/live/')) return;
      if (url.pathname.endsWith('/master.m3u8')) masters += 1;
      tokens.add(url.searchParams.get('token') ?? '');
    });
    page.on('response', (r) => {
      if (r.url().includes('/media/') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    await openLiveTv(page);
    const player = livePlayer(page);
    const video = player.locator('video');
    // Two token lives and more of media time: the second renewal has happened by then.
    await playsOn(page, 2 * TTL_SEC + 5, 90_000);
    expect(playSources).toBeGreaterThanOrEqual(3); // the first URL and two renewals
    expect(tokens.size).toBeGreaterThanOrEqual(3); // requests moved on to the fresh tokens
    expect(masters).toBe(1); // renewed in place, never reloaded
    expect(refused).toEqual([]);
    await expect(player).toHaveAttribute('data-state', 'playing');
    expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
  });

  test('a film plays on past two token lives without an error or a reload', async ({ page }) => {
    test.setTimeout(120_000);
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
    await api(page, '/vodapi/api/profile/history/batchDelete', { metaIds: [movie.metaId] });
    const tokens = new Set<string>();
    const refused: string[] = [];
    let masters = 0;
    let playSources = 0;
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === PLAY_SOURCE) playSources += 1;
      if (!url.pathname.startsWith('/media/vod/')) return;
      if (url.pathname.endsWith('/master.m3u8')) masters += 1;
      tokens.add(url.searchParams.get('token') ?? '');
    });
    page.on('response', (r) => {
      if (r.url().includes('/media/') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`/vod/detail/${movie.metaId}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const video = dialog.locator('video');
    await expectPlaying(video);
    // Two token lives and more of media time: the second renewal has happened by then.
    const start = await time(video);
    await expect
      .poll(() => time(video), { timeout: 90_000, intervals: [1_000] })
      .toBeGreaterThan(start + 2 * TTL_SEC + 5);
    expect(playSources).toBeGreaterThanOrEqual(3); // the first URL and two renewals
    expect(tokens.size).toBeGreaterThanOrEqual(3); // requests moved on to the fresh tokens
    expect(masters).toBe(1); // renewed in place, never reloaded
    expect(refused).toEqual([]);
    await expect(dialog).toHaveAttribute('data-state', 'playing');
    expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
  });
});
