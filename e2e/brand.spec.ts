import { expect, type Page, test } from '@playwright/test';
import { accentTokens } from '../packages/api-client/src/contract/brand.ts';
import { LANG_COOKIE } from '../site/src/i18n/langs.ts';
import { unique } from './accounts.ts';
import { consoleReady, openSettingsAsAdmin, saveSettings } from './console.ts';
import { expectNoOverflowAtPhoneWidths } from './phone.ts';
import { MAILBOX_SMTP_OFFSET, mailTo } from './mailbox.ts';
import { E2E_PORT } from './playwright.config.ts';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { drawIcon, encodePng } from '../site/src/pwa/icons.ts';
import { shot } from './screens.ts';

// Issue 40, the brand (decisions 0399, 0401): an admin names the service, picks an accent colour (held to WCAG AA),
// sets footer links and a default language in the console, and the next page a subscriber opens, its tab's title
// and the mail they get carry them, and so do the installable app's manifest, icons, favicon and offline page, without
// a rebuild (decision 0402). The operator's logo (0403) shows in the header, and their own app icon (0405) becomes
// the installable app's icons and the tab's icon.

/** How many elements of the page are painted (background or text) in `rgb`. */
const paintedIn = (page: Page, rgb: string) =>
  page.evaluate(
    (c) =>
      [...document.querySelectorAll('body *')].filter((e) => {
        const s = getComputedStyle(e);
        return s.backgroundColor === c || s.color === c;
      }).length,
    rgb,
  );
const RED = 'rgb(229, 9, 20)';
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 30"><rect width="120" height="30" rx="4" fill="#1565c0"/><text x="8" y="21" fill="#fff" font-size="16">Canal Uno</text></svg>';
const EVIL_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const BLUE = 'rgb(21, 101, 192)';
/** An operator's app icon: a black play mark on yellow, drawn as the site draws its own (a PNG of `size`). */
const ownIcon = (size: number) =>
  encodePng(size, drawIcon({ size, maskable: false }, [255, 204, 0], [0, 0, 0]));

test('an admin brands the service; pages, tab titles, colours, footer, language and mails follow at once', async ({
  page,
  browser,
}) => {
  const defaultIcon = await (await page.request.get('/icons/icon-192.png')).body();
  // A viewer whose browser asks for German, with the installable app's worker in control before the rebrand.
  const viewer = await (await browser.newContext({ locale: 'de-DE', serviceWorkers: 'allow' })).newPage();
  await viewer.goto('/search');
  await viewer.evaluate(() => navigator.serviceWorker.ready);
  await viewer.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await openSettingsAsAdmin(page);
  const name = page.getByLabel('Service name', { exact: true });
  await expect(name).toHaveValue('ottkit');
  // Empty is refused in words, and nothing is sent.
  await name.fill('  ');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await name.fill('Canal Uno');
  // A colour lost on the dark pages is refused with its ratio.
  const accent = page.getByLabel(/^Accent colour/);
  await accent.fill('#202020');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(accent).toHaveAccessibleDescription(
    /contrast of 1\.1:1 against the page’s background; it needs at least 3:1 \(WCAG AA\)/,
  );
  await accent.fill('#1565C0');
  await expect(page.locator('[data-accent-sample]')).toHaveCSS('background-color', BLUE);
  await page.getByLabel(/^Terms of use/).fill('https://tv.example/terms');
  await page.getByLabel(/^Help/).fill('https://tv.example/help');
  await page.getByLabel('Default language').selectOption('pt');
  await shot(page, 'brand-settings', { fullPage: true });
  await saveSettings(page);
  try {
    // The logo: an SVG that would run a script is refused in words; a plain drawing is taken.
    const logoForm = page.getByTestId('brand-logo');
    const logoFile = logoForm.getByLabel(/^Logo/);
    await logoFile.setInputFiles({
      name: 'evil.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(EVIL_SVG),
    });
    await logoForm.getByRole('button', { name: 'Upload logo' }).click();
    await expect(logoForm.getByRole('alert')).toHaveText(
      /The SVG logo contains <script>, which a logo may not have/,
    );
    await logoFile.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(LOGO_SVG),
    });
    await logoForm.getByRole('button', { name: 'Upload logo' }).click();
    await expect(logoForm.getByRole('status')).toHaveText('Logo saved; the site shows it now.');
    await expect(logoForm.getByRole('img', { name: 'The logo viewers see' })).toBeVisible();
    await shot(logoForm, 'brand-logo-form');
    // The console draws in the colour on its next load too.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCSS('background-color', BLUE);
    // The browser that asks for German gets the operator's default language.
    // The colours are a style attribute on the page's root, which the Content-Security-Policy allows.
    const refused: string[] = [];
    viewer.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await viewer.goto('/home');
    await expect(viewer.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(viewer).toHaveTitle(/ · Canal Uno$/);
    expect(await paintedIn(viewer, BLUE)).toBeGreaterThan(0);
    expect(await paintedIn(viewer, RED)).toBe(0);
    const footer = viewer.getByRole('navigation', { name: 'Sobre Canal Uno' });
    await expect(footer.getByRole('link')).toHaveText(['Termos de uso', 'Ajuda']);
    await expect(footer.getByRole('link', { name: 'Ajuda' })).toHaveAttribute(
      'href',
      'https://tv.example/help',
    );
    await shot(viewer, 'brand-home-footer', { fullPage: true });
    expect(refused).toEqual([]);
    // The installable app: its manifest (the one the page links), icons, favicon and offline page carry the brand.
    const manifestHref = await viewer.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await viewer.request.get(manifestHref ?? '')).json();
    expect(manifest).toMatchObject({ name: 'Canal Uno — TV ao vivo e filmes', short_name: 'Canal Uno' });
    const icon = await viewer.request.get(manifest.icons[0].src);
    expect(icon.headers()['content-type']).toBe('image/png');
    expect((await icon.body()).equals(defaultIcon)).toBe(false);
    const favicon = await (await viewer.request.get('/favicon.svg')).text();
    expect(favicon).toContain('<title>Canal Uno</title>');
    expect(favicon).toContain(`fill="${accentTokens('#1565C0')['--ok-color-accent-text']}"`);
    const offline = await (await viewer.request.get('/offline/pt.html')).text();
    expect(offline).toContain('· Canal Uno</title>');
    expect(`${JSON.stringify(manifest)} ${favicon} ${offline}`).not.toMatch(/ottkit/i);
    // The operator's own app icon: one too small is refused in words; a square of 512 px becomes the app's icons.
    const iconForm = page.getByTestId('brand-icon');
    const iconFile = iconForm.getByLabel(/^Icon/);
    await iconFile.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: ownIcon(256) });
    await iconForm.getByRole('button', { name: 'Upload icon' }).click();
    await expect(iconForm.getByRole('alert')).toHaveText(
      /The icon must be at least 512 × 512 px, so that it is sharp on a phone’s home screen: this one is 256 × 256 px\./,
    );
    await iconFile.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: ownIcon(512) });
    await iconForm.getByRole('button', { name: 'Upload icon' }).click();
    await expect(iconForm.getByRole('status')).toHaveText(/^Icon saved/);
    const preview = iconForm.getByRole('img', { name: 'The app icon viewers get' });
    await expect(preview).toHaveAttribute('src', /^\/media\/brand\/icon-512\.png\?v=/);
    await expect(iconForm.getByRole('img', { name: /cut it to a circle$/ })).toBeVisible();
    await shot(iconForm, 'brand-icon-form');
    // On a phone the console's settings, the two icons included, fit the screen.
    await expectNoOverflowAtPhoneWidths(page, '/admin/settings with the app icon');
    await iconForm.scrollIntoViewIfNeeded();
    await shot(page, 'brand-icon-form-360');
    await page.setViewportSize({ width: 1280, height: 720 });
    const made = await (
      await page.request.get(((await preview.getAttribute('src')) ?? '').replace('icon-512', 'icon-192'))
    ).body();
    // The manifest's first icon and the tab's icon (a PNG now, in every layout) are the operator's, as is the
    // offline page's.
    expect((await (await viewer.request.get(manifest.icons[0].src)).body()).equals(made)).toBe(true);
    for (const path of ['/home', '/login', '/admin/login']) {
      const html = await (await viewer.request.get(path)).text();
      const link = /<link rel="icon" href="([^"]+)" type="image\/png"/.exec(html)?.[1] ?? '';
      expect(link, path).toMatch(/^\/icons\/icon-192\.png\?v=/);
      expect((await (await viewer.request.get(link)).body()).equals(made)).toBe(true);
    }
    expect(await (await viewer.request.get('/offline/pt.html')).text()).toContain(
      '<link rel="icon" href="/icons/icon-192.png" type="image/png">',
    );
    // The footer on a phone: on the page, above the tab bar.
    await expectNoOverflowAtPhoneWidths(viewer, '/home with the footer');
    await footer.scrollIntoViewIfNeeded();
    await shot(viewer, 'brand-home-footer-360');
    await viewer.setViewportSize({ width: 1280, height: 720 });
    const brand = viewer.locator('a.brand');
    // The logo in the header, the name still the link's words for a screen reader.
    const logo = brand.locator('img.brand-logo');
    await expect(logo).toHaveAttribute('src', /^\/media\/brand\/logo\?v=/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(brand).toHaveText('Canal Uno');
    await expect(brand).toHaveAccessibleName('Início do Canal Uno');
    // Nothing a subscriber reads on the page says ottkit.
    // biome-ignore lint/performance/useDomNodeTextContent: what a person reads is the rendered text.
    expect(await viewer.evaluate(() => document.body.innerText)).not.toMatch(/ottkit/i);
    await shot(viewer, 'brand-home');
    // The player on the site draws in the accent too.
    await viewer.goto('/liveTv?id=lc-001');
    const player = viewer.locator('.ottkit-player').first();
    await expect(player).toBeAttached();
    expect(await player.evaluate((e) => getComputedStyle(e).getPropertyValue('--ottkit-accent').trim())).toBe(
      '#1565c0',
    );
    // The worker, installed before the rebrand, fetched its offline copy again on seeing the new brand: offline, a
    // page shows the offline page under the new name.
    await expect
      .poll(() => viewer.evaluate(async () => (await caches.match('/offline/pt.html'))?.text() ?? ''))
      .toContain('· Canal Uno</title>');
    await viewer.context().setOffline(true);
    await viewer.goto('/search').catch(() => {});
    await expect(viewer).toHaveTitle(/ · Canal Uno$/);
    await expect(viewer.locator('[data-offline-page]')).toBeVisible();
    await viewer.context().setOffline(false);
    // The sign-up page (another layout) and the code's mail, in Spanish.
    await viewer
      .context()
      .addCookies([{ name: LANG_COOKIE, value: 'es', url: `http://127.0.0.1:${E2E_PORT}` }]);
    await viewer.goto('/login');
    await expect(viewer).toHaveTitle(/ · Canal Uno$/);
    await expect(viewer.getByRole('navigation', { name: 'Sobre Canal Uno' })).toBeVisible();
    const email = unique('brand');
    const sent = await viewer.request.post(routes.account.verification.path, {
      data: { email, purpose: 'register' },
      headers: { lang: 'es' },
    });
    expect((await sent.json()).errCode).toBe(0);
    const mail = await mailTo(viewer.request, E2E_PORT + MAILBOX_SMTP_OFFSET, email);
    expect(mail.subject).toBe('Tu código de registro en Canal Uno');
    expect(`${mail.subject} ${mail.text} ${mail.html} ${mail.from.name}`).not.toMatch(/ottkit/i);
    await viewer.context().close();
  } finally {
    await page.goto('/admin/settings');
    await consoleReady(page);
    await name.fill('ottkit');
    await accent.fill('');
    await page.getByLabel(/^Terms of use/).fill('');
    await page.getByLabel(/^Help/).fill('');
    await page.getByLabel('Default language').selectOption('en');
    await saveSettings(page);
    for (const [kind, what] of [
      ['logo', 'Logo'],
      ['icon', 'Icon'],
    ] as const) {
      const form = page.getByTestId(`brand-${kind}`);
      const remove = form.getByRole('button', { name: `Remove ${kind}` });
      if ((await remove.count()) > 0) {
        await remove.click();
        await expect(form.getByRole('status')).toHaveText(new RegExp(`^${what} removed`));
      }
    }
  }
});
