import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { authenticatorCode, consoleReady, createOperator, enrolAndSignIn } from './console.ts';

// Issue 18: the first admin is made by the CLI, enrols an authenticator on the first sign-in (the test computes
// the codes as an app would), signs out, and signs in again with password and code.

test('an admin made by the CLI enrols TOTP and signs in to the console', async ({ page, context }) => {
  const admin = createOperator('admin');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);

  const secret = await enrolAndSignIn(page, admin);
  const home = await page.request.get('/admin');
  expect(home.headers()['cache-control']).toBe('no-store');
  for (const screen of ['Subscribers', 'Audit log', 'Sources']) {
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: screen }),
    ).toBeVisible();
  }
  const [cookie] = (await context.cookies()).filter((c) => c.name === 'ottkit_op');
  expect(cookie).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' });

  // Keyboard and screen readers: no serious WCAG A/AA finding on any console screen.
  const found: string[] = [];
  for (const path of ['/admin', '/admin/subscribers', '/admin/audit', '/admin/sources']) {
    found.push(...(await seriousViolations(page, path)));
  }
  expect(found).toEqual([]);
  await page.goto('/admin');

  // The audit log shows the enrolment.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByTestId('audit-table')).toContainText('operator.enrolTotp');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await seriousViolations(page, '/admin/login')).toEqual([]);

  // Again: password, then a code. The enrolment's code is spent; the next step's is inside the window.
  await consoleReady(page);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill('wrong password!!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Authenticator code').fill('12');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter the 6 digits your authenticator app shows')).toBeVisible();
  await expect(page.getByLabel('Authenticator code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Authenticator code').fill(authenticatorCode(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`Signed in as ${admin.email}`)).toBeVisible();
});
