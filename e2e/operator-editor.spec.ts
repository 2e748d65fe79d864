import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { consoleReady, createOperator, signInOperator } from './console.ts';

// Issues 16 and 18: an editor adds a small M3U by URL in the console, previews its groups, imports one as a
// job and watches it finish; the status survives a reload.

let upstream: Server;
let base: string;
test.beforeAll(async () => {
  const stamp = Date.now();
  upstream = createServer((req, res) => {
    if (req.url !== '/small.m3u') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'audio/x-mpegurl' });
    res.end(
      [
        '#EXTM3U',
        `#EXTINF:-1 tvg-id="cove-${stamp}" tvg-chno="971" group-title="Cove Imports",Cove TV`,
        'http://streams.test/cove/index.m3u8',
        `#EXTINF:-1 tvg-chno="972" group-title="Left Out",Left Out TV`,
        'http://streams.test/left/index.m3u8',
      ].join('\n'),
    );
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise((r) => upstream.close(r)));

test('an editor imports a small M3U through the console and sees the job finish', async ({ page }) => {
  await signInOperator(page, createOperator('editor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Sources' }).click();
  await consoleReady(page);
  const name = `Cove ${Date.now()}`;

  // Field errors from the contract's schema before anything is sent.
  await page.getByLabel('Address (URL)').fill('/etc/passwd');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Give it a name of at most 80 characters')).toBeVisible();
  await expect(page.getByText('Enter an http:// or https:// address')).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Address (URL)').fill(`${base}/small.m3u`);
  await page.getByRole('button', { name: 'Add' }).click();
  const source = page.getByTestId('source').filter({ hasText: name });
  await expect(source).toContainText('Status: new');

  await source.getByRole('button', { name: 'Preview groups' }).click();
  const preview = page.getByTestId('preview');
  await expect(preview).toContainText(`Groups of ${name}: 2 channels`);
  await preview.getByLabel('Left Out (1)').uncheck();
  await preview.getByRole('button', { name: 'Import the chosen groups' }).click();

  const job = page.getByTestId('job').filter({ hasText: `source.import of ${name}` });
  await expect(job).toHaveAttribute('data-status', 'succeeded');
  await expect(job.getByRole('status')).toHaveText('Finished · 1 channels, 0 programmes');
  await expect(job.getByRole('progressbar')).toHaveAttribute('value', '100');

  await page.reload();
  await consoleReady(page);
  await expect(page.getByTestId('job').filter({ hasText: `source.import of ${name}` })).toHaveAttribute(
    'data-status',
    'succeeded',
  );
  await expect(page.getByTestId('source').filter({ hasText: name })).toContainText('Status: ok');
});
