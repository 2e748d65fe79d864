import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { catalogues } from '../site/src/i18n/index.ts';
import { SHELL_PREFIXES, SW_PATH } from '../site/src/pwa/paths.ts';
import { openLiveTv, playsOn } from './livePlayer.ts';
import { E2E_SITE_DIR } from './playwright.config.ts';
import { api, logIn } from './session.ts';
import { homeMovie, playMovie, time } from './vod.ts';
import { shot } from './screens.ts';
import { settled } from './settled.ts';

// Reports that leave with the page, through the installable app's worker: on here (decision 0375).
test.use({ serviceWorkers: 'allow' });

// Issue 20 §5 re-landed (decision 0265): with the installable app's worker in charge of the page, what the page
// sends past the shell never waits for the worker — above all the VOD progress report sent on leaving — and the
// offer of a new build covers no control.
const repoRoot = join(import.meta.dirname, '..');
const workerFile = join(repoRoot, E2E_SITE_DIR, 'client', SW_PATH);
const shell = (path: string) => SHELL_PREFIXES.some((prefix) => path.startsWith(prefix));

async function controlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // A page opened before the worker was in charge: load it again so its requests meet the worker.
  await page.reload();
  await settled(page);
}

test('API calls and media never go through the worker: the browser sends them straight out', async ({
  page,
}) => {
  await logIn(page);
  await controlled(page, '/liveTv?id=lc-001');
  await playsOn(page, 1);
  // Resource timing says how the worker's routes sent each request: 'network' (the browser, no fetch event) or
  // 'fetch-event' (the worker's handler ran, even if it then let the browser fetch).
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({
      path: new URL(e.name).pathname,
      type: (e as PerformanceResourceTiming).initiatorType,
      source: String(
        (e as PerformanceResourceTiming & { workerFinalSourceType?: string }).workerFinalSourceType,
      ),
    })),
  );
  const data = entries.filter((e) => !shell(e.path));
  expect(data.some((e) => e.path.startsWith('/liveapi/') && e.type === 'fetch')).toBe(true);
  expect(data.some((e) => e.path.startsWith('/media/'))).toBe(true);
  expect(data.filter((e) => e.source !== 'network')).toEqual([]);
  // The shell still meets the worker (its cache answers the bundles).
  expect(entries.filter((e) => e.path.startsWith('/_astro/')).map((e) => e.source)).toContain('fetch-event');
});

test('the progress report sent on leaving a title reaches the server, leave after leave', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  const movie = await homeMovie(page.request);
  await controlled(page, '/home');
  // It was lost in about half the leaves before the static routes: three in a row all have to arrive.
  for (let leave = 1; leave <= 3; leave++) {
    // Play from the start: this browser forgets the position it kept, playMovie clears the server's.
    await page.evaluate(() => localStorage.clear());
    const { video } = await playMovie(page, movie);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const stoppedAt = await time(video);
    // Leave: the only report of this play is the one sent with keepalive on pagehide.
    await page.goto('/home');
    await expect
      .poll(
        async () => {
          const { list } = await api<{ list: { metaId: string; position?: { playedTime: number } }[] }>(
            page,
            routes.vod.historyMetaList.path,
            {},
          );
          return list.find((item) => item.metaId === movie.metaId)?.position?.playedTime ?? 0;
        },
        { message: `leave ${leave}: the server has the position`, timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 1);
  }
});

for (const width of [360, 1280]) {
  test(`the offer of a new build covers no control (live TV, ${width} px)`, async ({ page }) => {
    const original = readFileSync(workerFile, 'utf8');
    const version = /"version":"([0-9a-f]+)"/.exec(original)?.[1];
    expect(version).toBeTruthy();
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    // "Most stable": with a low-latency player's reloads in flight, the worker's update check took a minute here
    // (left as found in the closing note of issue 41); this test is about where the offer sits.
    await page.addInitScript(() => localStorage.setItem('ottkit.player.latency', 'stable'));
    await logIn(page);
    try {
      await controlled(page, '/liveTv?id=lc-001');
      await openLiveTv(page);
      writeFileSync(workerFile, original.replace(`"version":"${version}"`, `"version":"${version}0ff"`));
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const offer = page.locator('#ottkit-update-offer');
      await expect(offer).toContainText(catalogues.en['pwa.update.message']);
      await playsOn(page, 1);
      const covered = await offer.evaluate((bar) => {
        const b = bar.getBoundingClientRect();
        // What the viewer can see of a control: its box clipped by every scrolling ancestor (a guide entry
        // scrolled out of its list is not under the bar, whatever its coordinates).
        const seen = (el: HTMLElement) => {
          let { left, top, right, bottom } = el.getBoundingClientRect();
          for (let a = el.parentElement; a; a = a.parentElement) {
            const style = getComputedStyle(a);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const r = a.getBoundingClientRect();
            left = Math.max(left, r.left);
            top = Math.max(top, r.top);
            right = Math.min(right, r.right);
            bottom = Math.min(bottom, r.bottom);
          }
          return { left, top, right, bottom };
        };
        const controls = [
          ...document.querySelectorAll<HTMLElement>('button, a[href], input, select, [tabindex]'),
        ];
        return controls
          .filter((c) => !bar.contains(c) && c.checkVisibility())
          .filter((c) => {
            const r = seen(c);
            return (
              r.right > r.left &&
              r.bottom > r.top &&
              r.left < b.right &&
              r.right > b.left &&
              r.top < b.bottom &&
              r.bottom > b.top
            );
          })
          .map((c) => c.getAttribute('aria-label') ?? c.textContent?.trim().slice(0, 40) ?? c.tagName);
      });
      await shot(page, `pwa-update-offer-live-${width}`);
      expect(covered).toEqual([]);
    } finally {
      writeFileSync(workerFile, original);
    }
  });
}
