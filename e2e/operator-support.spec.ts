import { expect, test } from '@playwright/test';
import { newAccount } from './accounts.ts';
import { consoleReady, createOperator, signInOperator } from './console.ts';

// Issue 18: support grants a plan in the console and the subscriber's locked channel unlocks on /liveTv.

test('support grants a plan and the subscriber’s locked channel unlocks', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = await newAccount(page.request);
  const lockedRow = page.locator('[data-playback][data-locked]').filter({ hasText: 'World Sports' }).first();
  const openSports = async () => {
    await page.goto('/liveTv?id=lc-001');
    await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
    await page.getByRole('tab', { name: 'Sports' }).click();
  };
  await openSports();
  await expect(lockedRow).toHaveAttribute('data-locked', 'true');

  const consoleContext = await browser.newContext();
  const desk = await consoleContext.newPage();
  try {
    await signInOperator(desk, createOperator('support'));
    // Support sees only the screens of their role.
    const nav = desk.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link', { name: 'Subscribers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sources' })).toHaveCount(0);
    await desk.goto('/admin/sources');
    await expect(desk.getByRole('alert')).toHaveText('Your role cannot open this screen. Ask an admin.');

    await desk.goto('/admin/subscribers');
    await consoleReady(desk);
    await desk.getByRole('button', { name: 'Search' }).click();
    await expect(desk.getByText('This field is required')).toBeVisible();
    await desk.getByLabel('Search by email, phone, name or virtual code').fill(email);
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('button', { name: new RegExp(email) }).click();
    const detail = desk.getByTestId('subscriber-detail');
    await expect(detail.getByRole('heading', { name: email })).toBeVisible();
    await detail.getByRole('button', { name: 'Grant' }).click();
    await expect(detail.getByText('Pick a plan', { exact: true }).last()).toBeVisible();
    await detail.getByLabel('Plan', { exact: true }).selectOption('plan-sports');
    await detail.getByRole('button', { name: 'Grant' }).click();
    await expect(detail.getByRole('status')).toHaveText('Plan granted.');
    await expect(detail.getByRole('row', { name: /Active/ }).first()).toBeVisible();
  } finally {
    await consoleContext.close();
  }

  await openSports();
  await expect(lockedRow).toHaveAttribute('data-locked', 'false');
});
