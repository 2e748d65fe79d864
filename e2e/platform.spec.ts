import { routes } from '../packages/api-client/src/routes.generated.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { operator, repoRoot } from './operator.ts';

test.describe('languages (spec §1)', () => {
  test('the site follows the browser language, and a stored choice wins and survives a reload', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto('/liveTv');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('TV ao vivo');

    // The picker's script marks it ready once it listens (a choice made earlier is applied then too).
    await expect(page.locator('header .lang-picker')).toHaveAttribute('data-ready', 'true');
    await page.getByLabel('Idioma').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('TV en vivo');
    await expect(page.getByRole('link', { name: 'Favoritos' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('TV en vivo');
    await context.close();
  });
});

test.describe('business types (spec §1, §2)', () => {
  test.afterEach(() => {
    operator('config', 'set', 'businessType', 'liveAndVod');
  });

  test('live only: home and VOD go to live TV, and navigation shows no home', async ({ page }) => {
    operator('config', 'set', 'businessType', 'live');
    for (const path of ['/home', '/vod/type/movie', '/vod/detail/anything']) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toBe('/liveTv');
    }
    await page.goto('/');
    await expect(page).toHaveURL(/\/liveTv$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
    ).toHaveCount(0);
  });

  for (const type of ['vod', 'live2vod']) {
    test(`${type}: live TV goes to home, and navigation shows no live TV`, async ({ page }) => {
      operator('config', 'set', 'businessType', type);
      const res = await page.request.get('/liveTv', { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe('/home');
      await page.goto('/home');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Live TV' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    });
  }

  test('liveAndVod reaches both areas', async ({ page }) => {
    for (const path of ['/home', '/liveTv']) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
    }
  });
});

test('the dataType query parameter survives navigation (spec §2)', async ({ page }) => {
  await page.goto('/home?dataType=kids');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live TV' }).click();
  await expect(page).toHaveURL(/\/liveTv\?dataType=kids$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?dataType=kids/);
});

test.describe('zero-trust mode (spec §1, §8)', () => {
  test.afterAll(() => {
    operator('zero-trust', 'clear');
  });

  test('a share link with the right key configures the product; wrong or missing keys block it', async ({
    browser,
    request,
  }) => {
    const file = join(repoRoot, '.data', 'e2e-manifest.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        operatorName: 'Acme Streaming',
        apiBaseUrl: '',
        mediaBaseUrl: '',
        accentColor: '#12ab34',
      }),
    );
    const out = operator('zero-trust', 'seal', file, '--required');
    const key = /#\/shareKey\/([A-Za-z0-9_-]+)/.exec(out)?.[1] ?? '';
    expect(key).toHaveLength(43);

    // What the server stores and serves is ciphertext only.
    const served = await request.post(routes.account.manifestProperty.path, { data: {} });
    const servedText = await served.text();
    expect(servedText).not.toContain('Acme Streaming');
    expect(JSON.parse(servedText).data.properties.zeroTrustManifest).toMatch(/^v1\./);

    // Missing key: the required manifest cannot be opened, nothing starts.
    const fresh = await browser.newContext();
    const p1 = await fresh.newPage();
    await p1.goto('/home');
    await expect(p1.getByRole('alertdialog')).toHaveText('Share key not found!');
    // A fragment-only change does not load a page: start each share link from a blank page, as a click would.
    await p1.goto('about:blank');
    await p1.goto('/home#/shareKey/');
    await expect(p1.getByRole('alertdialog')).toHaveText('Share key not found!');

    // Wrong key: a clear error, and nothing is stored (a later visit is still blocked).
    await p1.goto('about:blank');
    await p1.goto(`/home#/shareKey/${'A'.repeat(43)}`);
    await expect(p1.getByRole('alertdialog')).toContainText("key does not open the operator's configuration");
    expect(await p1.evaluate(() => localStorage.getItem('ottkit.zeroTrustManifest'))).toBeNull();

    // Right key: configured, the key leaves the address bar, and the brand is the operator's.
    await p1.goto('about:blank');
    await p1.goto(`/liveTv#/shareKey/${key}`);
    await expect(p1).toHaveURL(/\/liveTv$/);
    await expect(p1.getByRole('alertdialog')).toHaveCount(0);
    await expect(p1.locator('[data-brand-name]')).toHaveText('Acme Streaming');
    await p1.reload();
    await expect(p1.locator('[data-brand-name]')).toHaveText('Acme Streaming');
    await fresh.close();
  });
});
