/**
 * Browser check of the origin's streams (run by hand, never by the tests; the e2e suite covers the product):
 *
 *   node bench/origin-playback-check.ts
 *
 * Serves a tiny-profile origin on 127.0.0.1 and, in Debian's Chromium, plays with hls.js a live channel, an
 * AES-128 channel and a VOD trailer, and with shaka-player a ClearKey CENC channel through the licence
 * endpoint. Prints, for each, the media time when playback started and 3 s later, and any fatal error.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { DRM_LICENSE_PATH } from '../packages/api-client/src/contract/playback.ts';
import { prepareMedia } from '../packages/server/src/media/prepare.ts';
import { createOrigin } from '../packages/server/src/origin/origin.ts';
import { createMediaUrls } from '../packages/server/src/origin/urls.ts';

const SECRET = 'check-secret-0123456789abcdef0123456789abcdef';
const dataDir = join(tmpdir(), 'ottkit-origin-check');
const library = await prepareMedia({ dataDir, profile: 'tiny' });
const origin = createOrigin({ dataDir, secret: SECRET, library });
const fromPlayer = createRequire(new URL('../packages/player/package.json', import.meta.url));
const scripts: Record<string, string> = {
  '/hls.js': fromPlayer.resolve('hls.js/dist/hls.min.js'),
  '/shaka.js': fromPlayer.resolve('shaka-player/dist/shaka-player.compiled.js'),
};
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const file = scripts[url.pathname];
  if (file) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
  if (url.pathname === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    return void res.end(
      '<video muted></video><script src="/hls.js"></script><script src="/shaka.js"></script>',
    );
  }
  if (!(await origin.handle(req, res, url))) res.writeHead(404).end();
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const urls = createMediaUrls(SECRET);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await page.goto(base);
  const withHls = (src: string) =>
    page.evaluate(async (src) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's global hls.js
      const H = (window as any).Hls;
      const v = document.querySelector('video') as HTMLVideoElement;
      const h = new H();
      let error = '';
      h.on(H.Events.ERROR, (_: unknown, d: { fatal: boolean; details: string }) => {
        if (d.fatal) error = d.details;
      });
      h.loadSource(src);
      h.attachMedia(v);
      await v.play().catch(() => {});
      const t0 = performance.now();
      while (v.currentTime < 0.1 && performance.now() - t0 < 15_000 && !error)
        await new Promise((r) => setTimeout(r, 200));
      const start = v.currentTime;
      await new Promise((r) => setTimeout(r, 3000));
      const later = v.currentTime;
      h.destroy();
      return { start, later, error };
    }, base + src);
  console.log(
    'live ch1 (hls.js)      ',
    await withHls(urls.live({ liveStreamId: 'ch1', accountId: 'check' })),
  );
  console.log(
    'AES-128 ch3-aes (hls.js)',
    await withHls(urls.live({ liveStreamId: 'ch3-aes', accountId: 'check' })),
  );
  console.log(
    'VOD trailer1 (hls.js)  ',
    await withHls(urls.vod({ assetId: 'trailer1', accountId: 'check' })),
  );
  // A programme that ended a minute ago plays to its end (at 4x to keep the check short).
  const now = Date.now();
  const catchup = urls.catchup({
    liveStreamId: 'ch1',
    accountId: 'check',
    start: now - 60_000,
    stop: now - 40_000,
  });
  console.log(
    'catch-up 20 s (hls.js)  ',
    await page.evaluate(async (src) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's global hls.js
      const H = (window as any).Hls;
      const v = document.querySelector('video') as HTMLVideoElement;
      const h = new H();
      h.loadSource(src);
      h.attachMedia(v);
      v.playbackRate = 4;
      await v.play().catch(() => {});
      const ended = await new Promise<boolean>((r) => {
        v.addEventListener('ended', () => r(true), { once: true });
        setTimeout(() => r(false), 20_000);
      });
      const duration = v.duration;
      h.destroy();
      return { ended, duration };
    }, base + catchup),
  );
  // Time-shift: the DVR playlist from 10 minutes ago, seek to its start.
  const dvr = urls.dvr({ liveStreamId: 'ch1', accountId: 'check', startMs: now - 600_000 });
  console.log(
    'seek 10 min back (hls.js)',
    await page.evaluate(async (src) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's global hls.js
      const H = (window as any).Hls;
      const v = document.querySelector('video') as HTMLVideoElement;
      const h = new H();
      h.loadSource(src);
      h.attachMedia(v);
      await new Promise((r) => h.on(H.Events.LEVEL_LOADED, r));
      const from = v.seekable.length ? v.seekable.start(0) : 0;
      const edge = v.seekable.length ? v.seekable.end(0) : 0;
      v.currentTime = from + 1;
      await v.play().catch(() => {});
      await new Promise((r) => setTimeout(r, 4000));
      const at = v.currentTime;
      h.destroy();
      return { behindLiveSec: Math.round(edge - at), playing: at > from + 1.5 };
    }, base + dvr),
  );
  const src = base + urls.live({ liveStreamId: 'ch2-cenc', accountId: 'check' });
  const license = base + DRM_LICENSE_PATH + new URL(src).search;
  const clearKey = await page.evaluate(
    async ({ src, license }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's global shaka
      const shaka = (window as any).shaka;
      shaka.polyfill.installAll();
      const v = document.querySelector('video') as HTMLVideoElement;
      const player = new shaka.Player();
      await player.attach(v);
      player.configure({ drm: { servers: { 'org.w3.clearkey': license } } });
      let error = '';
      player.addEventListener('error', (e: { detail?: { code?: number } }) => {
        error = String(e.detail?.code);
      });
      await player.load(src);
      await v.play().catch(() => {});
      const t0 = performance.now();
      while (v.currentTime < 0.1 && performance.now() - t0 < 15_000 && !error)
        await new Promise((r) => setTimeout(r, 200));
      const start = v.currentTime;
      await new Promise((r) => setTimeout(r, 3000));
      return {
        start,
        later: v.currentTime,
        error,
        keySystem: player.keySystem(),
        frames: v.getVideoPlaybackQuality().totalVideoFrames,
      };
    },
    { src, license },
  );
  console.log('ClearKey ch2-cenc (shaka)', clearKey);
} finally {
  await browser.close();
  server.close();
}
