import { expect, test } from '@playwright/test';
import { logIn } from './session.ts';

// Issue #15: a malformed session cookie gave HTTP 500; `Accept-Encoding: br;q=0` still got brotli.

test('a browser holding a malformed session cookie still gets the pages, as a guest', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'ottkit_session', value: '%E0%A4%A', url: baseURL ?? '' }]);
  // Every answer the pages and their islands get, API calls included.
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 500) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  for (const path of ['/home', '/liveTv', '/my/account']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBeLessThan(500);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(failed).toEqual([]);
});

test('a page asked for with br;q=0 comes gzip, and with nothing acceptable comes plain', async ({ page }) => {
  await logIn(page);
  const gz = await page.request.get('/home', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
  expect(gz.status()).toBe(200);
  expect(gz.headers()['content-encoding']).toBe('gzip');
  const none = await page.request.get('/home', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
  expect(none.headers()['content-encoding']).toBeUndefined();
  const br = await page.request.get('/home', { headers: { 'accept-encoding': 'gzip, br' } });
  expect(br.headers()['content-encoding']).toBe('br');
});
