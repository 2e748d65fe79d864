import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DRM_LICENSE_PATH } from '../packages/api-client/src/contract/playback.ts';
import { prepareMedia } from '../packages/server/src/media/prepare.ts';
import { createOrigin } from '../packages/server/src/origin/origin.ts';
import { createMediaUrls } from '../packages/server/src/origin/urls.ts';

// The live origin in Chromium (issue 4, "Tests that must exist"): live, a seek 10 minutes back, a catch-up
// programme to its end and AES-128 through hls.js; ClearKey CENC through shaka-player and the licence endpoint;
// a tampered token refused. The origin runs on its own here (port 0, tiny media, its own secret), beside the
// product the config starts, so these streams can be signed for any resource the tests need.

const POLL = { timeout: 45_000 };
let server: Server;
let base = '';
let urls: ReturnType<typeof createMediaUrls>;

test.beforeAll(async () => {
  // The first preparation encodes with ffmpeg (seconds on an idle machine, more under load); later runs reuse it.
  test.setTimeout(300_000);
  const dataDir = join(tmpdir(), 'ottkit-e2e-origin');
  const library = await prepareMedia({ dataDir, profile: 'tiny' });
  const secret = randomBytes(32).toString('hex');
  const origin = createOrigin({ dataDir, secret, library });
  urls = createMediaUrls(secret);
  const fromPlayer = createRequire(new URL('../packages/player/package.json', import.meta.url));
  const scripts: Record<string, string> = {
    '/hls.js': fromPlayer.resolve('hls.js/dist/hls.min.js'),
    '/shaka.js': fromPlayer.resolve('shaka-player/dist/shaka-player.compiled.js'),
  };
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = scripts[url.pathname];
    if (file) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end(
        '<!doctype html><video muted></video><script src="/hls.js"></script><script src="/shaka.js"></script>',
      );
    }
    if (!(await origin.handle(req, res, url))) res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

/** Opens the test page; the page counts media time that advanced by playing (small forward steps, not seeks). */
async function openPage(page: Page) {
  await page.goto(`${base}/`);
  await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the test page's own globals
    const w = window as any;
    const v = document.querySelector('video') as HTMLVideoElement;
    w.advanced = 0;
    w.ended = false;
    w.errors = [];
    let last = 0;
    v.addEventListener('timeupdate', () => {
      const d = v.currentTime - last;
      if (d > 0 && d < 1.5) w.advanced += d;
      last = v.currentTime;
    });
    v.addEventListener('seeking', () => {
      last = v.currentTime;
    });
    v.addEventListener('ended', () => {
      w.ended = true;
    });
  });
}

/** Plays `src` with hls.js at `rate`; fatal errors are collected in `errors`. */
async function playWithHls(page: Page, src: string, rate = 1) {
  await page.evaluate(
    ({ src, rate }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's global hls.js
      const w = window as any;
      const v = document.querySelector('video') as HTMLVideoElement;
      const h = new w.Hls();
      w.hls = h;
      h.on(
        w.Hls.Events.ERROR,
        (_: unknown, d: { fatal: boolean; details: string; response?: { code: number } }) => {
          if (d.fatal) w.errors.push(`${d.details} ${d.response?.code ?? ''}`.trim());
        },
      );
      h.loadSource(src);
      h.attachMedia(v);
      // The media element's load resets playbackRate to defaultPlaybackRate, so set both.
      v.defaultPlaybackRate = rate;
      v.playbackRate = rate;
      void v.play().catch(() => {});
    },
    { src, rate },
  );
}

// biome-ignore lint/suspicious/noExplicitAny: reads the page's own globals
const pageValue = <T>(page: Page, name: string) => page.evaluate((n) => (window as any)[n] as T, name);
const advanced = (page: Page) => pageValue<number>(page, 'advanced');
const errors = (page: Page) => pageValue<string[]>(page, 'errors');

test('live plays', async ({ page }) => {
  await openPage(page);
  await playWithHls(page, base + urls.live({ liveStreamId: 'ch1', accountId: 'e2e' }));
  await expect.poll(() => advanced(page), POLL).toBeGreaterThanOrEqual(2);
  expect(await errors(page)).toEqual([]);
});

test('a seek 10 minutes back plays behind live', async ({ page }) => {
  await openPage(page);
  const dvr = urls.dvr({ liveStreamId: 'ch1', accountId: 'e2e', startMs: Date.now() - 600_000 });
  await playWithHls(page, base + dvr);
  // hls.js starts at the live edge of the DVR playlist; the viewer then seeks to its start, 10 minutes back.
  const edge = () =>
    page.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's hls.js instance
      const h = (window as any).hls;
      return (h.levels[h.currentLevel]?.details?.edge as number | undefined) ?? 0;
    });
  await expect.poll(() => advanced(page), POLL).toBeGreaterThan(0);
  await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's globals
    const w = window as any;
    const v = document.querySelector('video') as HTMLVideoElement;
    v.currentTime = w.hls.levels[w.hls.currentLevel].details.fragmentStart + 2;
    w.advanced = 0;
  });
  await expect.poll(() => advanced(page), POLL).toBeGreaterThanOrEqual(2);
  const at = await page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).currentTime);
  // About 10 minutes behind live; more than 5 leaves room for however long the test itself took.
  expect((await edge()) - at).toBeGreaterThan(300);
  expect(await errors(page)).toEqual([]);
});

test('a catch-up programme plays and ends', async ({ page }) => {
  await openPage(page);
  // A 20 s programme that ended a minute ago, played at 4x to keep the test short.
  const now = Date.now();
  const src = urls.catchup({
    liveStreamId: 'ch1',
    accountId: 'e2e',
    start: now - 80_000,
    stop: now - 60_000,
  });
  await playWithHls(page, base + src, 4);
  await expect.poll(() => pageValue<boolean>(page, 'ended'), { timeout: 60_000 }).toBe(true);
  const duration = await page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).duration);
  // The programme's 20 s, cut on 2 s segment boundaries.
  expect(duration).toBeGreaterThanOrEqual(16);
  expect(duration).toBeLessThanOrEqual(24);
  expect(await advanced(page)).toBeGreaterThan(10);
  expect(await errors(page)).toEqual([]);
});

test('an AES-128 channel plays through hls.js', async ({ page }) => {
  const keys = statusesOf(page, '/aes.key');
  await openPage(page);
  await playWithHls(page, base + urls.live({ liveStreamId: 'ch3-aes', accountId: 'e2e' }));
  await expect.poll(() => advanced(page), POLL).toBeGreaterThanOrEqual(2);
  // The segments were decrypted with the key the token opened.
  expect(keys).toContain(200);
  expect(await errors(page)).toEqual([]);
});

/** Plays `src` with shaka-player, its ClearKey licence server set to `license`; errors go to `errors`. */
async function playWithShaka(page: Page, src: string, license: string) {
  await page.evaluate(
    async ({ src, license }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's global shaka
      const w = window as any;
      w.shaka.polyfill.installAll();
      const v = document.querySelector('video') as HTMLVideoElement;
      const player = new w.shaka.Player();
      w.shakaPlayer = player;
      player.addEventListener('error', (e: { detail?: { code?: number } }) => {
        w.errors.push(`shaka ${e.detail?.code}`);
      });
      await player.attach(v);
      player.configure({ drm: { servers: { 'org.w3.clearkey': license } } });
      await player.load(src);
      void v.play().catch(() => {});
    },
    { src, license },
  );
}

const decoded = (page: Page) =>
  page.evaluate(() => ({
    // biome-ignore lint/suspicious/noExplicitAny: the page's shaka player
    keySystem: (window as any).shakaPlayer.keySystem() as string,
    frames: (document.querySelector('video') as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames,
  }));

/** Statuses of the responses whose URL contains `part`. */
function statusesOf(page: Page, part: string): number[] {
  const seen: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes(part)) seen.push(r.status());
  });
  return seen;
}

test.describe('a ClearKey channel through shaka-player', () => {
  const cenc = () => {
    const src = base + urls.live({ liveStreamId: 'ch2-cenc', accountId: 'e2e' });
    return { src, license: base + DRM_LICENSE_PATH + new URL(src).search };
  };

  test('plays with key system org.w3.clearkey', async ({ page }) => {
    // As the product plays it: shaka reads the HLS identity key (the playlist's cenc.key URI) itself.
    const keys = statusesOf(page, '/cenc.key');
    await openPage(page);
    const { src, license } = cenc();
    await playWithShaka(page, src, license);
    await expect.poll(() => advanced(page), POLL).toBeGreaterThanOrEqual(2);
    const played = await decoded(page);
    expect(played.keySystem).toBe('org.w3.clearkey');
    expect(played.frames).toBeGreaterThan(0);
    expect(keys).toContain(200);
    expect(await errors(page)).toEqual([]);
  });

  test('plays with the licence from the licence endpoint', async ({ page }) => {
    // Without the identity key line, the player learns the key id from the init segment's common pssh and
    // asks the licence endpoint, as a CENC player does: the W3C ClearKey licence must satisfy Chromium's CDM.
    await page.route(/\/ch2-cenc\/[^/]+\/index\.m3u8/, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/^#EXT-X-KEY:.*\n/gm, '');
      await route.fulfill({ response, body });
    });
    const licences = statusesOf(page, DRM_LICENSE_PATH);
    const keys = statusesOf(page, '/cenc.key');
    await openPage(page);
    const { src, license } = cenc();
    await playWithShaka(page, src, license);
    await expect.poll(() => advanced(page), POLL).toBeGreaterThanOrEqual(2);
    const played = await decoded(page);
    expect(played.keySystem).toBe('org.w3.clearkey');
    expect(played.frames).toBeGreaterThan(0);
    expect(licences).toContain(200);
    expect(keys).toEqual([]);
    expect(await errors(page)).toEqual([]);
  });
});

test('a tampered token: the playlist request gets 403', async ({ page }) => {
  await openPage(page);
  // A token for ch1, edited to claim ch2: the signature no longer matches.
  const signed = new URL(base + urls.live({ liveStreamId: 'ch1', accountId: 'e2e' }));
  const [payload, mac] = (signed.searchParams.get('token') ?? '').split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, r: 'live/ch2' })).toString('base64url');
  const tampered = `${base}/media/live/ch2/master.m3u8?token=${forged}.${mac}`;
  const refused = page.waitForResponse((r) => r.url() === tampered);
  await playWithHls(page, tampered);
  expect((await refused).status()).toBe(403);
  await expect.poll(() => errors(page), POLL).toEqual(['manifestLoadError 403']);
  // The same request with the genuine token is served.
  const genuine = await page.evaluate(async (u) => (await fetch(u)).status, signed.href);
  expect(genuine).toBe(200);
});

test.describe("the product's seeded protected channels on /liveTv (guest)", () => {
  /** Waits until the /liveTv player has played 2 s of media and decoded frames. */
  async function playsOnLiveTv(page: Page, id: string) {
    await page.goto(`/liveTv?id=${id}`);
    const video = page.locator('section.ottkit-player video').first();
    const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(time, POLL).toBeGreaterThan(0);
    const from = await time();
    await expect.poll(time, POLL).toBeGreaterThanOrEqual(from + 2);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames), POLL)
      .toBeGreaterThan(0);
    expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
  }

  test('Planet Earth HD (lc-020, AES-128) plays', async ({ page }) => {
    const keys = statusesOf(page, '/media/live/ch3-aes/aes.key');
    await playsOnLiveTv(page, 'lc-020');
    expect(keys).toContain(200);
  });

  // The site does not yet hand the play source's drmType/licenseUrl to the player as its `drm` setting, so
  // hls.js gets the CENC stream and decodes no frames. Enable once /liveTv passes `drm` (shaka-player then plays).
  test('Food & Travel (lc-037, ClearKey) plays', async ({ page }) => {
    await playsOnLiveTv(page, 'lc-037');
  });
});
