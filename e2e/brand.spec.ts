import { expect, test } from '@playwright/test';
import { LANG_COOKIE } from '../site/src/i18n/langs.ts';
import { unique } from './accounts.ts';
import { openSettingsAsAdmin, saveSettings } from './console.ts';
import { MAILBOX_SMTP_OFFSET, mailTo } from './mailbox.ts';
import { E2E_PORT } from './playwright.config.ts';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { shot } from './screens.ts';

// Issue 40, the service's name (decision 0399): an admin names the service in the console, and the next page a
// subscriber opens, its tab's title and the mail they get carry that name, without a rebuild. (The logo, colours,
// icons and the installable app's manifest are not built yet.)
test('an admin names the service; pages, tab titles and mails carry the name at once', async ({
  page,
  browser,
}) => {
  await openSettingsAsAdmin(page);
  const name = page.getByLabel('Service name', { exact: true });
  await expect(name).toHaveValue('ottkit');
  // Empty is refused in words, and nothing is sent.
  await name.fill('  ');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await name.fill('Canal Uno');
  await saveSettings(page);
  try {
    const viewer = await (await browser.newContext()).newPage();
    await viewer.goto('/home');
    await expect(viewer).toHaveTitle(/ · Canal Uno$/);
    const brand = viewer.locator('a.brand');
    await expect(brand).toHaveText('Canal Uno');
    await expect(brand).toHaveAccessibleName('Canal Uno home');
    // Nothing a subscriber reads on the page says ottkit.
    // biome-ignore lint/performance/useDomNodeTextContent: what a person reads is the rendered text.
    expect(await viewer.evaluate(() => document.body.innerText)).not.toMatch(/ottkit/i);
    await shot(viewer, 'brand-home');
    // The sign-up page (another layout) and the code's mail, in Spanish.
    await viewer
      .context()
      .addCookies([{ name: LANG_COOKIE, value: 'es', url: `http://127.0.0.1:${E2E_PORT}` }]);
    await viewer.goto('/login');
    await expect(viewer).toHaveTitle(/ · Canal Uno$/);
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
    await name.fill('ottkit');
    await saveSettings(page);
  }
});
