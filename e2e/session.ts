import { expect, type Page } from '@playwright/test';

/** The seeded demo accounts (packages/server README). */
export const SUBSCRIBER = 'demo@ottkit.test';
export const NO_RIGHTS = 'free@ottkit.test';
export const PASSWORD = 'demo1234';

/** Logs the page's browser context in through the account API (the session cookie is set on the context). */
export async function logIn(page: Page, email = SUBSCRIBER) {
  const res = await page.request.post('/api/account/login/v3', {
    data: { loginInfo: { email, password: PASSWORD } },
  });
  expect((await res.json()).errCode).toBe(0);
}
