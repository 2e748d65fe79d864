import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { appPropertyQuery } from '../packages/api-client/src/contract/app.ts';
import { catalogues } from '../site/src/i18n/index.ts';
import { LANG_COOKIE, LANGS } from '../site/src/i18n/langs.ts';
import { CACHE_PREFIX, ICONS, manifestPath, SHELL_PREFIXES, SW_PATH } from '../site/src/pwa/paths.ts';
import { openLiveTv, playsOn } from './livePlayer.ts';
import { E2E_SITE_DIR } from './playwright.config.ts';
import { shot } from './screens.ts';
import { settled } from './settled.ts';

// Issue 20 §5, decision 0205: the installable app in Chromium, through the running product — the manifest and
// its icons, the worker that caches the shell only, the offline page, and the offer of a new build.
// A failed journey's retry is traced, as everywhere (playwright.config.ts); every journey of this file traced cost
// more CPU than the journeys themselves (decision 0391).
// The installable app's worker is what this file proves: on here (the other journeys block it, decision 0375).
test.use({ serviceWorkers: 'allow' });

const repoRoot = join(import.meta.dirname, '..');
const workerFile = join(repoRoot, E2E_SITE_DIR, 'client', SW_PATH);
const tokens = readFileSync(join(repoRoot, 'packages/ui/src/tokens.css'), 'utf8');
const tokenBg = /--ok-color-bg:\s*(#[0-9a-f]{6})/i.exec(tokens)?.[1];

/** Content-Security-Policy refusals the page reports (decision 0163): the worker and its script need none. */
const refusals = new WeakMap<Page, string[]>();

/** Opens a page and waits until the worker has installed and controls it. */
async function controlled(page: Page, path = '/liveTv') {
  const seen: string[] = [];
  refusals.set(page, seen);
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Settled: a bundle still loading when a test goes offline would reload the page (chunk failure, spec §8).
  await settled(page);
}

const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((r) => new URL(r.url).pathname);
    }
    return out;
  });

test('each language has a valid manifest whose icons load, linked by the pages of that language', async ({
  page,
  context,
}) => {
  for (const lang of LANGS) {
    const res = await page.request.get(manifestPath(lang));
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      lang,
      // Named after the service (decision 0402): ottkit until the operator names it (brand.spec.ts renames it).
      name: catalogues[lang]['pwa.name'].replace('{name}', 'ottkit'),
      short_name: 'ottkit',
      start_url: expect.stringMatching(/^\//),
      display: 'standalone',
      theme_color: tokenBg,
      background_color: tokenBg,
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const png = await page.request.get(icon.src);
      expect(png.headers()['content-type']).toBe('image/png');
      const body = await png.body();
      // The PNG header's width and height are the sizes the manifest claims.
      expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  }

  await context.addCookies([{ name: LANG_COOKIE, value: 'es', url: 'http://127.0.0.1' }]);
  await controlled(page, '/liveTv');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', manifestPath('es'));
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', tokenBg ?? '');
  // Chromium's own reading of the manifest and its installability checks.
  const cdp = await context.newCDPSession(page);
  const app = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(app.url).toContain(manifestPath('es'));
  expect(app.errors).toEqual([]);
  const installable = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito profiles, where Chromium never offers an install; nothing else may fail.
  const errors = installable.installabilityErrors.map((e) => e.errorId);
  expect(errors.filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('the worker controls the page and caches the shell only, never the API or media', async ({ page }) => {
  await controlled(page);
  // A second visit goes through the worker: bundles come from its cache, the API and media from the network.
  const responses: { path: string; type: string; method: string; fromWorker: boolean }[] = [];
  page.on('response', (res) =>
    responses.push({
      path: new URL(res.url()).pathname,
      type: res.request().resourceType(),
      method: res.request().method(),
      fromWorker: res.fromServiceWorker(),
    }),
  );
  await openLiveTv(page);
  await playsOn(page, 1);
  const shell = (path: string) => SHELL_PREFIXES.some((prefix) => path.startsWith(prefix));
  const data = responses.filter((r) => ['fetch', 'xhr', 'media'].includes(r.type) && !shell(r.path));
  expect(data.length).toBeGreaterThan(0);
  expect(data.filter((r) => r.fromWorker)).toEqual([]);
  expect(responses.some((r) => r.type === 'script' && r.fromWorker)).toBe(true);

  const cached = await cachedPaths(page);
  const names = Object.keys(cached);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(new RegExp(`^${CACHE_PREFIX}[0-9a-f]{16}$`));
  const paths = Object.values(cached).flat();
  expect(paths.filter((path) => !shell(path))).toEqual([]);
  for (const lang of LANGS) expect(paths).toContain(`/offline/${lang}.html`);
  for (const icon of ICONS) expect(paths).toContain(icon.path);

  // Offline: the playlist and segment addresses the player fetched, and an API call, are not answered.
  const gets = [...new Set(data.filter((r) => r.method === 'GET').map((r) => r.path))];
  expect(gets.length).toBeGreaterThan(0);
  await page.context().setOffline(true);
  const outcomes = await page.evaluate(
    async ({ gets, api }) => {
      const attempt = (p: Promise<Response>) => p.then(() => 'answered').catch(() => 'failed');
      return [
        ...(await Promise.all(gets.map((g) => attempt(fetch(g))))),
        await attempt(fetch(api, { method: 'POST', body: '{}' })),
      ];
    },
    { gets, api: appPropertyQuery.path },
  );
  expect(
    outcomes.every((o) => o === 'failed'),
    JSON.stringify(outcomes),
  ).toBe(true);
});

for (const lang of LANGS) {
  test(`offline, a page shows the offline page in the viewer's language (${lang}); /admin is left alone`, async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: LANG_COOKIE, value: lang, url: 'http://127.0.0.1' }]);
    await controlled(page, '/liveTv');
    await context.setOffline(true);
    await page.goto('/vod');
    await expect(page.locator('[data-offline-page] h1')).toHaveText(catalogues[lang]['pwa.offline.title']);
    await expect(page.getByRole('link', { name: catalogues[lang]['pwa.offline.retry'] })).toBeVisible();
    expect(page.url()).toMatch(/\/vod$/);
    expect(refusals.get(page)).toEqual([]);
    if (lang === 'en') {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
        await shot(page, `pwa-offline-${width}`);
      }
    }
    // The console is never answered by the worker: the browser's own offline error.
    await expect(page.goto('/admin/login')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    // Back online, "Try again" loads the page itself.
    await context.setOffline(false);
    await page.goto('/vod');
    await expect(page.locator('[data-offline-page]')).toHaveCount(0);
  });
}

test('a new build is offered with a reload, and takes over only then, with its own cache', async ({
  page,
}) => {
  const original = readFileSync(workerFile, 'utf8');
  const version = /"version":"([0-9a-f]+)"/.exec(original)?.[1];
  expect(version).toBeTruthy();
  try {
    await controlled(page);
    expect(Object.keys(await cachedPaths(page))).toEqual([`${CACHE_PREFIX}${version}`]);
    // The server now has a new build's worker (same code, a new build hash).
    const next = `${version}0ff`;
    writeFileSync(workerFile, original.replace(`"version":"${version}"`, `"version":"${next}"`));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const offer = page.locator('#ottkit-update-offer');
    await expect(offer).toContainText(catalogues.en['pwa.update.message']);
    // Waiting, not in charge: the page keeps its build until the viewer chooses.
    const states = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return { waiting: r?.waiting?.state, active: r?.active?.state };
      });
    expect(await states()).toEqual({ waiting: 'installed', active: 'activated' });
    expect((await cachedPaths(page))[`${CACHE_PREFIX}${version}`]?.length).toBeGreaterThan(0);
    await shot(page, 'pwa-update-offer-1280');
    await Promise.all([
      page.waitForEvent('load'),
      offer.getByRole('button', { name: catalogues.en['pwa.update.reload'] }).click(),
    ]);
    await expect(page.locator('#ottkit-update-offer')).toHaveCount(0);
    // The old build's cache is gone once the new one is active.
    await expect.poll(async () => Object.keys(await cachedPaths(page))).toEqual([`${CACHE_PREFIX}${next}`]);
    expect(refusals.get(page)).toEqual([]);
  } finally {
    writeFileSync(workerFile, original);
  }
});
