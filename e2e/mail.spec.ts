import { expect, type Page, test } from '@playwright/test';
import { es } from '../site/src/i18n/catalogue.ts';
import { LANG_COOKIE } from '../site/src/i18n/langs.ts';
import { kitMessages } from '../site/src/i18n/kit.ts';
import { NEW_ACCOUNT_PASSWORD as PASSWORD, newAccount, unique } from './accounts.ts';
import {
  acceptConsoleConfirms,
  consoleReady,
  createOperator,
  openSettingsAsAdmin,
  saveSettings,
  shootBothWidths,
  signInOperator,
} from './console.ts';
import { codeOf, MAILBOX_SMTP_OFFSET, mailTo, refuseMailTo } from './mailbox.ts';
import { E2E_PORT } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issue 40 (decision 0399): the product sends its codes by SMTP, in the person's language, to a real mail server
// (the worker's mailbox); a person signs up with the code that arrived, and is told in words when the mail cannot
// go. Support sees each message a subscriber was sent and how it fared.
const SMTP = E2E_PORT + MAILBOX_SMTP_OFFSET;

async function signUpInSpanish(page: Page, email: string) {
  await page.context().addCookies([{ name: LANG_COOKIE, value: 'es', url: `http://127.0.0.1:${E2E_PORT}` }]);
  await page.goto('/login');
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  await page.getByRole('button', { name: es['account.action.toSignup'] }).click();
  await page.getByLabel(es['account.field.address']).fill(email);
  await page.getByRole('button', { name: kitMessages.es.sendCode }).click();
  await expect(page.getByRole('button', { name: /Reenviar en \d+ s/ })).toBeVisible();
  await page.getByLabel(es['account.field.password']).fill(PASSWORD);
}

test('a new subscriber signs up in Spanish with the code that arrived by mail', async ({ page }) => {
  const email = unique('mail');
  await signUpInSpanish(page, email);
  const mail = await mailTo(page.request, SMTP, email);
  expect(mail.subject).toBe('Tu código de registro en ottkit');
  expect(mail.text).toMatch(/^Tu código de registro es \d{4}\./);
  expect(mail.html).toContain('<html lang="es">');
  await page.getByLabel(es['account.field.code']).fill(codeOf(mail));
  await page.getByRole('button', { name: es['account.action.signup'], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: es['account.terms.title'] });
  await dialog.getByTestId('terms-text').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
  await dialog.getByRole('button', { name: es['account.terms.agree'] }).click();
  await expect(page).toHaveURL(/\/home/);
  await expect(page.locator('.session-badge[data-state="user"]')).toBeVisible();
});

test('an address the mail server refuses: the sign-up page says so in words, and nothing else', async ({
  page,
}) => {
  const email = unique('refused').replace(/^e2e-/, 'refused-');
  await signUpInSpanish(page, email);
  await expect(page.getByRole('alert')).toHaveText(es['account.delivery.failed.address'], {
    timeout: 30_000,
  });
  // What the person typed stays.
  await expect(page.getByLabel(es['account.field.address'])).toHaveValue(email);
  await expect(page.getByLabel(es['account.field.password'])).toHaveValue(PASSWORD);
  await shot(page, 'signup-mail-refused-es');
});

test('a mail server that puts the code off: the sign-up page says the mail is delayed and what to do', async ({
  page,
}) => {
  const email = unique('later').replace(/^e2e-/, 'delayed-');
  await signUpInSpanish(page, email);
  await expect(page.getByRole('status')).toHaveText(es['account.delivery.delayed'], { timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shot(page, 'signup-mail-delayed-es');
});

test('an admin names the sender; support sees a subscriber’s messages, one of them refused', async ({
  page,
  browser,
}) => {
  // The sender, as an admin sets it; the screen says this server sends its mail.
  await openSettingsAsAdmin(page);
  await expect(page.getByTestId('mail-delivery')).toContainText(
    'This server sends e-mail through its mail service',
  );
  // The journeys' products have no SMS webhook: the screen says what to set.
  await expect(page.getByTestId('mail-delivery')).toContainText(
    'SMS are not configured: they stay in the outbox. Set OTTKIT_SMS_WEBHOOK_URL',
  );
  const address = page.getByLabel('Sender address (empty: no-reply@localhost)');
  await address.fill('not an address');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Sender name (empty: the service name)').fill('Canal Uno');
  await address.fill('hola@canal-uno.example');
  await saveSettings(page);
  await shootBothWidths(page, 'console-settings-mail');

  try {
    // A subscriber who signed up (their code went, from the named sender); then their mailbox goes away.
    const email = await newAccount(page.request);
    const mail = await mailTo(page.request, SMTP, email);
    expect(mail.from).toEqual({ name: 'Canal Uno', address: 'hola@canal-uno.example' });
    await refuseMailTo(page.request, SMTP, email);

    // Support sends them a password reset: the mail server refuses it, and the subscriber's screen says so.
    const desk = await (await browser.newContext()).newPage();
    await acceptConsoleConfirms(desk);
    await signInOperator(desk, createOperator('support'), '/admin/subscribers');
    await consoleReady(desk);
    await desk.getByLabel('Search by email, phone, name or virtual code').fill(email);
    await desk.getByRole('button', { name: 'Search' }).click();
    const open = desk.getByRole('button', { name: new RegExp(email) });
    await open.click();
    const messages = desk.getByTestId('subscriber-messages');
    await expect(messages.getByRole('row', { name: /Your ottkit sign-up code/ })).toContainText(/Sent /);
    await desk.getByTestId('subscriber-history').getByRole('button', { name: 'Reset password' }).click();
    await expect(desk.getByTestId('subscriber-history').getByRole('status')).toContainText(
      'Password reset sent',
    );
    // Delivery runs beside the console: support looks again until it has been tried.
    await expect(async () => {
      await open.click();
      await expect(messages.getByRole('row', { name: /password reset code/ })).toContainText(
        'Not sent: the mail service refused the address',
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
    // Never the message's text (a code is in it).
    await expect(messages).not.toContainText(/\b\d{4}\b.*expires/);
    await shootBothWidths(desk, 'console-subscriber-messages');
    await desk.context().close();
  } finally {
    await page.getByLabel('Sender name (empty: the service name)').fill('');
    await address.fill('');
    await saveSettings(page);
  }
});
