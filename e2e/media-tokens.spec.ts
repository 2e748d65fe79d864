import { expect, test } from '@playwright/test';
import { livePlayer, openLiveTv, playsOn } from './livePlayer.ts';
import { operator } from './operator.ts';
import { logIn, SUBSCRIBER } from './session.ts';

// Issue 21.8 (decision 0100): live URLs live briefly and the player renews them while it plays. With the life
// shortened to 20 s for the test, a channel plays on across several renewals: no 403, no reload, no error.

const TTL_SEC = 20;

test.describe('live URL renewal', () => {
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
});
