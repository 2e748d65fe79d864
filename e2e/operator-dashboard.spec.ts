import { expect, type Request, test } from '@playwright/test';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { newAccount } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { consoleReady, createOperator, signInOperator } from './console.ts';
import { operator } from './operator.ts';
import { batchEventsOf } from './telemetryBatch.ts';
import { shot } from './screens.ts';

// Issue 18: a subscriber plays and zaps channels on /liveTv; the players' start-up times reach the console's
// dashboard, in its tiles and in the chart's table view. Issue 18 §1, in the same journey (decision 0367): each zap
// reports its channel-change time (click to the new channel's first frame), shown as a figure, a chart and the
// chart's table.

type Sla = { type: string; startupMs: number | null; zapMs?: number };
const slaOf = (req: Request): Sla[] => batchEventsOf<Sla>(req).filter((e) => e.type === 'streamSla');

test('plays and zaps on /liveTv show on the dashboard as start-up and channel-change time', async ({
  page,
  browser,
}) => {
  // Three channels, a console sign-in, an axe run and three screenshots: on the shared machine this took 2 minutes.
  test.setTimeout(180_000);
  await newAccount(page.request);
  const posted: Sla[] = [];
  page.on('requestfinished', (req) => {
    if (req.url().includes(routes.metrics.metricsBatchPost.path)) posted.push(...slaOf(req));
  });
  const startups = () => posted.filter((e) => e.startupMs !== null);
  const zaps = () => posted.filter((e) => typeof e.zapMs === 'number');

  // The first channel opens with the page (not a zap); clicking the next two is. Each closed session reports its
  // start-up time, a zap its channel-change time too.
  await page.goto('/liveTv');
  // Two channels of the News list the page opens on, besides the first (OTT News 24).
  const rows = ['National TV', 'Business Today'].map((name) =>
    page.getByRole('button', { name: new RegExp(`^${name}`) }),
  );
  const video = page.locator('video');
  const playing = () =>
    expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
  await playing();
  for (const row of rows) {
    await row.click();
    await expect(row).toHaveAttribute('aria-current', 'true');
    await playing();
  }
  // The sessions the zaps closed go out while the page is open (the network "comes back"): the National TV one
  // with its start-up and channel-change time.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        return startups().length >= 1 && zaps().length >= 1;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // Leaving the page by a link closes the last session too (issue 37): Business Today's session ends only then,
  // and reaches the server as the page goes (what the operator's `telemetry` report counts, per channel).
  const sessionsOf = (channelId: string) =>
    Number(new RegExp(`^${channelId}\\s+(\\d+)`, 'm').exec(operator('telemetry', '--days', '1'))?.[1] ?? 0);
  const before = sessionsOf('lc-006');
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => sessionsOf('lc-006'), { timeout: 15_000 }).toBe(before + 1);
  // And one that ends by closing the tab (Cartoon Land, in a second tab of the same subscriber), once the console
  // counted it among the viewers now, below.
  const closedBefore = sessionsOf('lc-012');
  const tab = await page.context().newPage();
  await tab.goto('/liveTv?id=lc-012');
  await expect
    .poll(() => tab.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  // Every reported zap took at least as long as its own start-up (the click came before the load).
  for (const z of zaps()) expect(z.zapMs).toBeGreaterThanOrEqual(z.startupMs ?? 0);
  // Two failures as a player reports them, with hls.js's codes: the console names them in words (issue 37).
  const failed = (code: string) => ({
    eventId: crypto.randomUUID(),
    ts: Date.now(),
    type: 'playError',
    sourceId: 'lc-001',
    mode: 'live',
    code,
    message: code,
  });
  const report = await page.request.post(routes.metrics.metricsBatchPost.path, {
    data: { events: [failed('manifestLoadError'), failed('fragLoadError')] },
  });
  expect((await report.json()).errCode).toBe(0);

  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await consoleContext.newPage();
  try {
    await signInOperator(desk, createOperator('support'));
    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(desk).toHaveURL(/\/admin\/dashboard$/);
    await consoleReady(desk);
    // The figure is the first of the tile's lines: plays the server counted without a report add a note (0389).
    const plays = Number(
      (await desk.getByTestId('tile-plays').locator('dd').first().textContent())?.replace(/\D/g, ''),
    );
    expect(plays).toBeGreaterThanOrEqual(startups().length);
    await expect(desk.getByTestId('tile-startup-p50').locator('dd')).toHaveText(/^[\d,.\s]+ ms$/);
    await expect(desk.getByTestId('tile-viewers').locator('dd').first()).not.toHaveText('0');
    // Viewers per channel name each channel as the line-up does, "1 · News", never its id (decision 0370).
    const perChannel = desk.getByRole('table', { name: 'Viewers now per channel' });
    const channelCells = perChannel.locator('tbody th');
    await expect(channelCells.first()).toHaveText(/^\d+ · \S/);
    for (const cell of await channelCells.allTextContents()) expect(cell).not.toMatch(/lc-\d{3}/);
    // Viewers now is who plays now (issue 37): Cartoon Land plays in the subscriber's second tab, so it counts…
    const cartoonLand = perChannel.locator('tbody tr').filter({ hasText: 'Cartoon Land' });
    await expect(cartoonLand).toHaveCount(1);
    // …and once that tab is closed, its session's end (sent as the tab goes) takes it away: who left is not counted.
    await tab.close();
    await expect.poll(() => sessionsOf('lc-012'), { timeout: 15_000 }).toBe(closedBefore + 1);
    await desk.reload();
    await consoleReady(desk);
    await expect(desk.getByTestId('tile-plays')).toBeVisible();
    await expect(perChannel.locator('tbody tr').filter({ hasText: 'Cartoon Land' })).toHaveCount(0);

    // Playback errors by what failed, in words: never an engine's code.
    const failures = desk.getByRole('table', { name: 'Playback errors by kind' });
    await expect(failures).toContainText('The stream’s playlist could not be loaded');
    await expect(failures).toContainText('Video segments could not be loaded');
    for (const cell of await failures.locator('tbody th, tbody td').allTextContents())
      expect(cell).not.toMatch(/LoadError|SHAKA_|MEDIA_ERR|ENGINE_LOAD/);

    // The start-up chart's table view, by keyboard: the current hour's p50 is a number of milliseconds.
    const chart = desk.getByRole('region', { name: 'Start-up time (ms)' });
    await expect(chart.getByRole('img')).toBeVisible();
    const toggle = chart.getByRole('button', { name: 'Show as a table' });
    await toggle.focus();
    await desk.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = chart.getByRole('table');
    await expect(table).toBeVisible();
    const withStartup = table.getByRole('row').filter({ hasText: / ms/ });
    await expect(withStartup.first()).toBeVisible();
    const cells = await withStartup.last().getByRole('cell').allTextContents();
    expect(Number(cells[0]?.replace(/[^\d]/g, ''))).toBeGreaterThan(0);

    // Channel changes: the median and p95 tiles, and the chart's table with this hour's zaps.
    const tile = desk.getByTestId('tile-channel-change');
    await expect(tile.locator('dd').first()).toHaveText(/^[\d,.\s]+ ms$/);
    await expect(tile).toContainText(/Channel changes: \d+/);
    await expect(desk.getByTestId('tile-channel-change-p95').locator('dd')).toHaveText(/^[\d,.\s]+ ms$/);
    const zapChart = desk.getByRole('region', { name: 'Channel-change time (ms)' });
    await expect(zapChart.getByRole('img')).toBeVisible();
    await zapChart.getByRole('button', { name: 'Show as a table' }).click();
    const rowsWithZaps = zapChart.getByRole('table').getByRole('row').filter({ hasText: / ms/ });
    await expect(rowsWithZaps.first()).toBeVisible();

    // The period changes to 7 days: days instead of hours.
    await desk.getByLabel('Period').selectOption('7d');
    await expect(desk.getByRole('heading', { name: 'Plays per day' })).toBeVisible();

    expect(await seriousViolations(desk, '/admin/dashboard')).toEqual([]);
    await desk.goto('/admin/dashboard');
    await consoleReady(desk);
    await desk.setViewportSize({ width: 1366, height: 900 });
    await shot(desk, 'dashboard-1366', { fullPage: true });
    await desk.setViewportSize({ width: 768, height: 1000 });
    await shot(desk, 'dashboard-768', { fullPage: true });
    await desk.setViewportSize({ width: 390, height: 800 });
    await shot(desk, 'dashboard-390', { fullPage: true });
  } finally {
    await consoleContext.close();
  }
});
