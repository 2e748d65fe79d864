import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang } from '../packages/api-client/src/contract/langs.ts';
import { operatorSignIn, operatorTotp } from '../packages/api-client/src/contract/operator.ts';
import { base32Decode, TOTP_STEP_MS, totpCode } from '../packages/server/src/operator/totp.ts';
import { type AdminKey, admin, createAdminT } from '../site/src/i18n/admin.ts';
import { operator } from './operator.ts';
import { api } from './session.ts';
import { screensWanted, shot } from './screens.ts';

/** Waits until the console's island on the page is hydrated (its forms submit only then). */
export const consoleReady = (page: Page) => expect(page.locator('[data-ready="true"]').first()).toBeVisible();

/** An operator made with the CLI (as the first admin is): its email and the password printed once. */
export function createOperator(role: 'admin' | 'editor' | 'support') {
  const email = `e2e-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@ottkit.test`;
  const out = operator('operator', 'create', email, '--role', role);
  const password = out.split('\n')[1]?.trim();
  if (!password) throw new Error(`no password printed: ${out}`);
  return { email, password };
}

/** The code an authenticator app would show now (or `stepsAhead` steps later, still inside the window). */
export const authenticatorCode = (secret: string, stepsAhead = 0) =>
  totpCode(base32Decode(secret), Date.now() + stepsAhead * TOTP_STEP_MS);

/**
 * A new operator signed in through the console's own two calls (password, then the first authenticator code,
 * which enrols it), landing on the console home as `enrolAndSignIn` does, or straight on the screen `landOn` (a
 * journey that starts there loads no home first: decision 0404), or on none (`null`) for a session used through
 * the API only. For the journeys about what an operator does once signed in; the sign-in and enrolment screens
 * themselves are walked by operator-admin.spec.ts and forms-before-hydration.spec.ts (decision 0365). Answers the
 * authenticator secret.
 */
export async function signInOperator(
  page: Page,
  who: { email: string; password: string },
  landOn: string | null = '/admin',
): Promise<string> {
  const first = await api<{ challenge: string; enrol?: { secret: string } }>(page, operatorSignIn.path, who);
  const secret = first.enrol?.secret;
  if (!secret) throw new Error(`${who.email} is enrolled already: sign in with its authenticator`);
  await api(page, operatorTotp.path, { challenge: first.challenge, code: authenticatorCode(secret) });
  if (landOn === null) return secret;
  await page.goto(landOn);
  await expect(page.getByText(`Signed in as ${who.email}`)).toBeVisible();
  return secret;
}

/**
 * First sign-in at /admin/login: password, the enrolment screen's key read as an authenticator app reads the
 * QR, its code, the recovery codes shown once; lands on the console home. Answers the authenticator secret.
 */
export async function enrolAndSignIn(page: Page, who: { email: string; password: string }): Promise<string> {
  await page.goto('/admin/login');
  await consoleReady(page);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByLabel('Authenticator code').fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I saved them, continue' }).click();
  // The first sign-in lands on the dashboard (issue 37).
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(`Signed in as ${who.email}`)).toBeVisible();
  return secret;
}

/** The console's "are you sure?" (site/src/islands/admin/useConfirm.tsx), the kit's dialog, never the browser's. */
export const consoleConfirm = (page: Page, lang: Lang = 'en') =>
  page.getByRole('dialog', { name: admin[lang]['admin.confirm.title'] });

/**
 * Answers the open confirmation with its action (`action`: the button's name; the last button by default) and
 * returns what it asked. Cancel has the focus first, so a stray Enter changes nothing.
 */
export async function confirmInConsole(page: Page, action?: string | RegExp): Promise<string> {
  const dialog = consoleConfirm(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: admin.en['admin.confirm.cancel'] })).toBeFocused();
  const asked = (await dialog.locator('p').first().textContent()) ?? '';
  const buttons = dialog.getByRole('button');
  await (action === undefined ? buttons.last() : dialog.getByRole('button', { name: action })).click();
  await expect(dialog).toHaveCount(0);
  return asked;
}

/** For a journey that confirms along the way without reading the question: each confirmation is answered yes. */
export const acceptConsoleConfirms = (page: Page) =>
  page.addLocatorHandler(consoleConfirm(page), (dialog) => dialog.getByRole('button').last().click());

const inEnglish = createAdminT('en');
/**
 * A field its form refused (issue 38): what was typed is still in it (a file box: the picked file's name, as the
 * browser gives it), and the console's words for the refusal are tied to it (its description, after its hint when
 * it has one) and drawn under it.
 */
export async function expectRefusedAsTyped(field: Locator, typed: string, words: AdminKey) {
  await expect(field).toHaveValue(typed);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const said = new RegExp(`(^| )${inEnglish(words).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await expect(field).toHaveAccessibleDescription(said);
  const under = field.locator('xpath=..').getByRole('alert');
  await expect(under).toHaveText(inEnglish(words));
  const [control, note] = [await field.boundingBox(), await under.boundingBox()];
  expect(note?.y).toBeGreaterThanOrEqual((control?.y ?? 0) + (control?.height ?? 0));
}

/** The page at a laptop's and a phone's width (1366 and 390 px), whole, under .data/screens; the size then put back. */
export async function shootBothWidths(page: Page, name: string) {
  // Resized for the screenshots only: nothing to do when none are taken.
  if (!screensWanted) return;
  const was = page.viewportSize();
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shot(page, `${name}-${width}`, { fullPage: true });
  }
  if (was) await page.setViewportSize(was);
}

/** A new admin, signed in, on the settings screen. */
export async function openSettingsAsAdmin(page: Page) {
  await signInOperator(page, createOperator('admin'));
  await page.goto('/admin/settings');
  await consoleReady(page);
}

/** Saves the settings form and waits until the console says the site uses them. */
export async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Save settings' }).click();
  // The settings form's own outcome (the logo's form beside it says its own).
  await expect(page.locator('form[aria-labelledby="settings-title"]').getByRole('status')).toHaveText(
    'Settings saved; the site uses them now.',
  );
}
