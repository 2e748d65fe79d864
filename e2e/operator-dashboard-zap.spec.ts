import { expect, type Request, test } from '@playwright/test';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { newAccount } from './accounts.ts';
import { consoleReady, createOperator, signInOperator } from './console.ts';
import { batchEventsOf } from './telemetryBatch.ts';

// Issue 18 §1: zaps on /liveTv report their channel-change time (click to the new channel's first frame) in the
// telemetry batch; the console's dashboard shows it as a figure, a chart and the chart's table.

type Sla = { type: string; sourceId?: string; startupMs: number | null; zapMs?: number };
const zapsOf = (req: Request): Sla[] =>
  batchEventsOf<Sla>(req).filter((e) => e.type === 'streamSla' && typeof e.zapMs === 'number');

test('zaps on /liveTv show on the dashboard as channel-change time', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await newAccount(page.request);
  const zaps: Sla[] = [];
  page.on('requestfinished', (req) => {
    if (req.url().includes(routes.metrics.metricsBatchPost.path)) zaps.push(...zapsOf(req));
  });

  // The first channel opens with the page (not a zap); clicking the next two is.
  await page.goto('/liveTv');
  const rows = page.getByRole('button', { name: /channel/i });
  const video = page.locator('video');
  const playing = () =>
    expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
  await playing();
  for (const n of [1, 2]) {
    await rows.nth(n).click();
    await playing();
  }
  // Leaving the page closes the last session too; the batch goes out.
  await page.goto('/home');
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        return zaps.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(1);
  // Every reported zap took at least as long as its own start-up (the click came before the load).
  for (const z of zaps) expect(z.zapMs).toBeGreaterThanOrEqual(z.startupMs ?? 0);

  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await consoleContext.newPage();
  try {
    await signInOperator(desk, createOperator('editor'));
    await desk.goto('/admin/dashboard');
    await consoleReady(desk);
    const tile = desk.getByTestId('tile-channel-change');
    await expect(tile.locator('dd').first()).toHaveText(/^[\d,.\s]+ ms$/);
    await expect(tile).toContainText(/Channel changes: \d+/);
    await expect(desk.getByTestId('tile-channel-change-p95').locator('dd')).toHaveText(/^[\d,.\s]+ ms$/);

    const chart = desk.getByRole('region', { name: 'Channel-change time (ms)' });
    await expect(chart.getByRole('img')).toBeVisible();
    await chart.getByRole('button', { name: 'Show as a table' }).click();
    const rowsWithZaps = chart.getByRole('table').getByRole('row').filter({ hasText: / ms/ });
    await expect(rowsWithZaps.first()).toBeVisible();
    await desk.screenshot({ path: 'test-results/dashboard-zap-1280.png', fullPage: true });
    await desk.setViewportSize({ width: 360, height: 800 });
    await desk.screenshot({ path: 'test-results/dashboard-zap-360.png', fullPage: true });
  } finally {
    await consoleContext.close();
  }
});
