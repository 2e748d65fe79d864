import { expect, test } from '@playwright/test';
import { logIn } from './session.ts';
import { settled } from './settled.ts';

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
    await settled(page);
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

// Issue 15 §3 (decision 0193): the site's static files revalidate with their ETag and answer byte ranges.
test('a static file of the site revalidates with 304 and answers a byte range', async ({ page }) => {
  await page.goto('/home');
  const script = await page.evaluate(
    () => performance.getEntriesByType('resource').find((e) => /\/_astro\/.+\.js$/.test(e.name))?.name,
  );
  expect(script, 'the page loads a built script').toBeTruthy();
  const path = new URL(script as string).pathname;
  const first = await page.request.get(path, { headers: { 'accept-encoding': 'br' } });
  const etag = first.headers().etag;
  expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+-br"$/);
  const again = await page.request.get(path, {
    headers: { 'accept-encoding': 'br', 'if-none-match': etag ?? '' },
  });
  expect(again.status()).toBe(304);
  expect((await again.body()).length).toBe(0);
  const plain = await page.request.get(path, { headers: { 'accept-encoding': 'identity' } });
  const size = (await plain.body()).length;
  const part = await page.request.get(path, {
    headers: { 'accept-encoding': 'identity', range: 'bytes=0-9' },
  });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 0-9/${size}`);
  expect((await part.body()).equals((await plain.body()).subarray(0, 10))).toBe(true);
});
