import { expect, test } from '@playwright/test';
import { startTestSource, type TestSource } from '../packages/server/test/liveSource.ts';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { adminLive } from '../site/src/i18n/adminLive.ts';
import { newAccount } from './accounts.ts';
import { seriousViolations, seriousViolationsHere } from './axe.ts';
import { consoleReady, createOperator, signInOperator } from './console.ts';
import { operator } from './operator.ts';
import { E2E_PORT } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issue 17 remainder (decision 0255): an editor gives a channel its live sources in the console (/admin/live),
// the running server starts it at once, and the screen shows each source's health; support reads it only.

const CHANNEL = 'lc-041'; // no other journey uses it
const UDP_PORT = E2E_PORT + 286;
const UDP = `udp://127.0.0.1:${UDP_PORT}`;
// A backup nobody listens on: its runs fail at once (ffmpeg: "Connection refused (exit 1)").
const REFUSING = `rtmp://127.0.0.1:${E2E_PORT + 287}/live/none`;
// A second live input, added later as source 3 to be switched to.
const SPARE = `udp://127.0.0.1:${E2E_PORT + 285}`;
/** The failures as the console says them (decision 0370): never ffmpeg's words. */
const FAILURES = Object.entries(adminLive.en)
  .filter(([k]) => k.startsWith('admin.live.failure.'))
  .map(([, v]) => v);
/** A channel card's source rows (the card's other tables, its playback figures and 24 hours, come after). */
const SOURCE_ROWS = '.console-live-sources tbody tr';
/** What the screen never shows: the lock's `host:pid:id`, "process", ffmpeg's exit status and words. */
const INTERNALS = /\w+:\d+:\w+|process|exit \d|Input\/output|Connection refused/;

test.describe.configure({ timeout: 120_000 });

test('an editor sets a channel’s sources in the console and sees them live; support only reads', async ({
  page,
  browser,
}) => {
  const source: TestSource = startTestSource({ target: UDP, format: 'mpegts', label: 'CONSOLE' });
  let spare: TestSource | undefined;
  try {
    await signInOperator(page, createOperator('editor'));
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Live inputs' })
      .click();
    await expect(page).toHaveURL(/\/admin\/live$/);
    await consoleReady(page);

    // Picked by its number and name, never typed by its id (issue 37; the line-up's channel screen links with
    // ?channel=), opened and edited with the keyboard.
    const picker = page.getByLabel('Channel', { exact: true });
    await expect(picker.locator('option')).not.toHaveCount(1);
    await picker.selectOption({ label: '41 · Esports Arena' });
    await picker.press('Tab');
    await expect(page.getByRole('button', { name: 'Open' })).toBeFocused();
    await page.keyboard.press('Enter');
    const editor = page.getByTestId('live-editor');
    await expect(editor.getByRole('heading', { name: /^Sources of / })).toBeVisible();
    const list = editor.getByLabel('Sources, one per line, primary first');
    // A refused scheme is said next to the field, and nothing is sent.
    await list.fill('concat:/etc/passwd');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('alert')).toContainText('Each source starts with hls+http(s)://');
    await expect(list).toHaveAttribute('aria-invalid', 'true');
    // A file outside the media folder passes the form but the server refuses it in words.
    await list.fill('file:///etc/passwd');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('alert')).toContainText('media folder');

    await list.fill(`${UDP}\n${REFUSING}`);
    // Tested before the save (decision 0382): what each carries, or why it cannot be read, in words.
    await editor.getByRole('button', { name: 'Test the sources' }).click();
    const results = editor.getByRole('list', { name: 'Test results' }).getByRole('listitem');
    await expect(results).toHaveCount(2, { timeout: 30_000 });
    await expect(results.nth(0)).toContainText(UDP);
    // No rate: the MPEG-TS names none for its video (the audio's alone would mislead).
    await expect(results.nth(0)).toContainText(/Readable: h264 \/ mp2 · 320x180\.$/);
    await expect(results.nth(1)).toContainText('The upstream server refused the connection');
    await expect(editor).not.toContainText(INTERNALS);
    await shot(page, 'admin-live-test-1366', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(editor, 'admin-live-test-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Testing stored nothing.
    expect(operator('live', 'sources', CHANNEL)).not.toContain(UDP);
    await editor.getByRole('radio', { name: /^Record:/ }).check();
    await editor.getByLabel('Keep recordings (days)').fill('1');
    await editor.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('status')).toContainText('uses these sources now');

    // The running server packages it at once; the list shows its health (polled every 5 s).
    const card = page.locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"]`);
    const row = card.locator(SOURCE_ROWS).first();
    await expect(row).toHaveAttribute('data-state', 'live', { timeout: 45_000 });
    await expect(row).toContainText('h264 / mp2');
    await expect(row).toContainText('320x180');
    await expect(row).toContainText(/\d+ kb\/s/);
    await expect(card).toContainText('On air from source 1');
    // Counted in words by the language's rule (decision 0370): "1 day", not "1 days".
    await expect(card).toContainText('Record, kept 1 day ·');
    // Which server packages it and since when, from the packager lock (decision 0317): this one's host name and
    // the time of day, no process internals (decision 0370).
    await expect(card.getByTestId('live-packager')).toHaveText(
      /^Packaged by server [\w.-]+ since \d{1,2}:\d{2}( [AP]M)?$/,
    );
    // The backup fails: in the console's words, never ffmpeg's.
    const backup = card.locator(SOURCE_ROWS).nth(1);
    await expect(backup).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
    // No bitrate for it: since when no signal came (issue 37).
    await expect(backup.locator('td').nth(3)).toHaveText(/^No signal since \d{1,2}:\d{2}( [AP]M)?$/);
    const said = await backup.locator('td').nth(6).textContent();
    expect(FAILURES).toContain(said);
    await expect(card).not.toContainText(INTERNALS);

    // A subscriber watches the channel: "1 viewer now", singular.
    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await newAccount(viewer.request);
    await viewer.goto(`/liveTv?id=${CHANNEL}`);
    await expect
      .poll(
        () =>
          viewer
            .locator('video')
            .first()
            .evaluate((v: HTMLVideoElement) => v.currentTime),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0.5);
    await expect(card).toContainText('1 viewer now', { timeout: 20_000 });
    await viewerContext.close();
    await page.setViewportSize({ width: 1366, height: 800 });
    await shot(page, 'admin-live-1366', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'admin-live-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page, '/admin/live')).toEqual([]);
    // The audit log has the change (an admin reads it; the row is the server's).
    expect(operator('live', 'sources', CHANNEL)).toContain(UDP);

    // Support reads the same health, with nothing to change.
    const other = await browser.newContext({ baseURL: page.url().replace(/\/admin.*$/, '') });
    const supportPage = await other.newPage();
    await signInOperator(supportPage, createOperator('support'), `/admin/live?channel=${CHANNEL}`);
    await consoleReady(supportPage);
    const seen = supportPage.locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"]`);
    await expect(seen.locator(SOURCE_ROWS).first()).toHaveAttribute('data-state', 'live');
    await expect(supportPage.getByRole('button', { name: /^Edit the sources/ })).toHaveCount(0);
    await expect(supportPage.getByTestId('live-editor')).toHaveCount(0);
    // In Spanish (and Portuguese), the same screen in the catalogue's words.
    const origin = new URL(supportPage.url()).origin;
    await other.addCookies([{ name: 'ottkit_lang', value: 'es', url: origin }]);
    await supportPage.goto('/admin/live');
    await consoleReady(supportPage);
    await expect(supportPage.getByRole('heading', { name: 'Canales con fuentes en directo' })).toBeVisible();
    await expect(
      supportPage.locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"] ${SOURCE_ROWS}`).first(),
    ).toContainText('en directo');
    await expect(
      supportPage
        .locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"]`)
        .getByTestId('live-packager'),
    ).toContainText('Empaquetado por el servidor');
    await expect(
      supportPage.locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"]`),
    ).toContainText(/Grabación, guardada 1 día ·.*espectador(es)? ahora/);
    await expect(supportPage.locator('[data-testid="live-channel"]').first()).not.toContainText(INTERNALS);
    await supportPage.setViewportSize({ width: 390, height: 800 });
    await shot(supportPage, 'admin-live-es-390', { fullPage: true });
    await other.addCookies([{ name: 'ottkit_lang', value: 'pt', url: origin }]);
    await supportPage.goto('/admin/live');
    await expect(supportPage.getByRole('heading', { name: 'Canais com fontes ao vivo' })).toBeVisible();
    await expect(
      supportPage.locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"]`),
    ).toContainText('Gravação, guardada 1 dia ·');
    // Nothing to reorder for support either.
    await expect(supportPage.getByRole('button', { name: /^Tornar principal/ })).toHaveCount(0);
    await other.close();

    // The editor makes the backup the primary (issue 37): one click, the order stored, the others after it.
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(card.locator(SOURCE_ROWS).first().getByRole('cell').last()).toContainText('Primary');
    await card.getByRole('button', { name: 'Make primary: source 2 of Esports Arena' }).click();
    await expect(page.locator('#live-list-title ~ [role="status"]')).toContainText(
      'is now the primary source of Esports Arena',
    );
    await expect(card.locator(SOURCE_ROWS).first()).toContainText(REFUSING);
    await expect(card.locator(SOURCE_ROWS).nth(1)).toContainText(UDP);
    const order = operator('live', 'sources', CHANNEL);
    expect(order.indexOf(REFUSING)).toBeLessThan(order.indexOf(UDP));
    await shot(page, 'admin-live-primary-1366', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'admin-live-primary-390', { fullPage: true });

    // Switch to this source (issue 37, decision 0383): a third input, live, is put on air out of turn and held
    // there; the one on air says so, and the others offer the switch.
    await page.setViewportSize({ width: 1366, height: 800 });
    spare = startTestSource({ target: SPARE, format: 'mpegts', label: 'SPARE' });
    operator('live', 'add', CHANNEL, SPARE);
    await expect(card.locator(SOURCE_ROWS)).toHaveCount(3, { timeout: 10_000 });
    await expect(card).toContainText('On air from source 2', { timeout: 30_000 });
    await expect(
      card.getByRole('button', { name: 'Switch to this source: source 2 of Esports Arena' }),
    ).toHaveCount(0);
    await card.getByRole('button', { name: 'Switch to this source: source 3 of Esports Arena' }).click();
    await expect(page.locator('#live-list-title ~ [role="status"]')).toContainText(
      'Source 3 of Esports Arena goes on air as soon as it delivers',
    );
    await expect(card).toContainText('On air from source 3, held there by an operator until it fails', {
      timeout: 30_000,
    });
    await expect(card.locator(SOURCE_ROWS).nth(2)).toContainText('On air');
    await expect(
      card.getByRole('button', { name: 'Switch to this source: source 2 of Esports Arena' }),
    ).toBeVisible();
    await shot(page, 'admin-live-switch-1366', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'admin-live-switch-390', { fullPage: true });

    // Reordered by a drag (issue 37): source 1 dropped on the last row goes last, the others move up.
    await page.setViewportSize({ width: 1366, height: 800 });
    const status = page.locator('#live-list-title ~ [role="status"]');
    const handle = (n: number) =>
      card.getByRole('button', { name: new RegExp(`^Move source ${n} of Esports Arena`) });
    // A person's drag: press on the handle, move a little (Chromium starts a drag past a few pixels), then over
    // the last row in steps, and let go there. The viewport has just changed back: the boxes are read once the
    // handle can be dragged and both stand still. In one whole run under load the drag moved nothing; a box read
    // before the layout settled is the likely cause (not confirmed).
    await expect(handle(1)).toBeEnabled();
    await handle(1).hover({ trial: true });
    await card.locator(SOURCE_ROWS).nth(2).hover({ trial: true });
    const from = await handle(1).boundingBox();
    const onto = await card.locator(SOURCE_ROWS).nth(2).boundingBox();
    if (!from || !onto) throw new Error('the handle and the last row are on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 3 });
    await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(status).toContainText('Source 1 of Esports Arena is now source 3.');
    await expect(card.locator(SOURCE_ROWS).nth(2)).toContainText(REFUSING);
    const dragged = operator('live', 'sources', CHANNEL);
    expect(dragged.indexOf(UDP)).toBeLessThan(dragged.indexOf(SPARE));
    expect(dragged.indexOf(SPARE)).toBeLessThan(dragged.indexOf(REFUSING));
    // The same with the keyboard: the down arrow on a handle moves its source one row, and the focus follows it.
    await handle(1).focus();
    await page.keyboard.press('ArrowDown');
    await expect(status).toContainText('Source 1 of Esports Arena is now source 2.');
    await expect(handle(2)).toBeFocused();
    await expect(card.locator(SOURCE_ROWS).first()).toContainText(SPARE);
    const keyed = operator('live', 'sources', CHANNEL);
    expect(keyed.indexOf(SPARE)).toBeLessThan(keyed.indexOf(UDP));

    // The last 24 hours (issue 37): the bitrate on air, the switches and the refusing backup's failures, in words
    // above two charts; opened on demand, its figures read from the store.
    const history = card.getByRole('button', { name: 'Last 24 hours of Esports Arena' });
    await expect(history).toHaveAttribute('aria-expanded', 'false');
    await history.click();
    await expect(history).toHaveAttribute('aria-expanded', 'true');
    const summary = card.getByTestId('live-history-summary');
    await expect(summary).toContainText(
      /\d+ switch(es)? in 24 h, [1-9]\d* source failures? in 24 h; a mean of [1-9]\d* kb\/s while it ran\./,
    );
    await expect(card.getByRole('img', { name: /Bitrate on air, Esports Arena, last 24 h/ })).toBeVisible();
    await expect(
      card.getByRole('img', { name: /Switches and source failures, Esports Arena/ }),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Show as a table' }).first().click();
    const bitrates = card.getByRole('table', { name: /Bitrate on air/ });
    await expect(bitrates.getByRole('row')).toHaveCount(289);
    // The last two five-minute buckets: a bucket just begun may hold only a sample taken during the switch above,
    // when no source delivered (0 kb/s is what the sampler records then); the one before it has the channel on air.
    const lastTwo = async () => (await bitrates.getByRole('row').allTextContents()).slice(-2).join(' | ');
    await expect.poll(lastTwo).toMatch(/[1-9]\d* kb\/s/);
    await card.getByRole('button', { name: 'Show as a table' }).first().click();
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'admin-live-history-1366', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 800 });
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'admin-live-history-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await source.stop();
    await spare?.stop();
    // The last first: removing 1 alone would leave a refusing backup as the channel's only source, failing on.
    for (const args of [
      ['remove', CHANNEL, '3'],
      ['remove', CHANNEL, '2'],
      ['remove', CHANNEL, '1'],
      ['mode', CHANNEL, 'relay'],
    ])
      try {
        operator('live', ...args);
      } catch {
        // Not stored: the journey stopped before it.
      }
  }
});

// Issue 41 (decision 0444): each channel's playback for its viewers over the last hour, from the players' telemetry:
// delay to viewers, start-up and channel change, p50 and p95, in a table named by the channel.
test('a channel’s delay to viewers, start-up and channel change show on its card, p50 and p95', async ({
  page,
  browser,
}) => {
  const channel = 'lc-043'; // no other journey uses it
  // A source nobody sends to: a relay channel runs only for viewers, and the figures are the players' anyway.
  operator('live', 'add', channel, `udp://127.0.0.1:${E2E_PORT + 289}`);
  const viewerContext = await browser.newContext();
  try {
    await signInOperator(page, createOperator('support'), '/admin/live');
    await consoleReady(page);
    const card = page.locator(`[data-testid="live-channel"][data-channel="${channel}"]`);
    const figures = card.getByTestId('live-playback');
    await expect(figures).toContainText('No viewers yet in the last hour.');

    // A subscriber's player reports ten minutes of live watching (8 in low-latency mode) and ten plays, four of
    // them channel changes, through the players' batch call.
    await newAccount(viewerContext.request);
    const now = Date.now();
    const common = (ts: number) => ({ eventId: crypto.randomUUID(), ts, sourceId: channel, mode: 'live' });
    const delays = [1900, 2000, 2100, 2200, 2300, 2400, 2500, 2600, 2700, 3400];
    const startups = [400, 420, 450, 480, 500, 520, 560, 600, 700, 1500];
    const zaps = [120, 140, 160, 900];
    const events = [
      ...delays.map((latencyMs, i) => ({
        ...common(now - (12 - i) * 60_000),
        type: 'watching',
        latencyMs,
        lowLatency: i < 8,
      })),
      ...startups.map((startupMs, i) => ({
        ...common(now - (30 - i) * 60_000),
        type: 'streamSla',
        startupMs,
        stalls: 0,
        stallMs: 0,
        bitrateSwitches: 0,
        errors: 0,
        ...(i < zaps.length ? { zapMs: zaps[i] } : {}),
      })),
    ];
    const sent = await viewerContext.request.post(routes.metrics.metricsBatchPost.path, { data: { events } });
    expect((await sent.json()).errCode).toBe(0);

    // A poll (every 5 s) brings them once the server reads them again (at most 15 s old): nearest rank, the 5th
    // and 10th of ten; the 2nd and 4th of four.
    const table = figures.getByRole('table', {
      name: `${channel} Playback for viewers, last hour`,
      exact: false,
    });
    await expect(table).toBeVisible({ timeout: 30_000 });
    const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row('Delay to viewers')).toHaveText(
      /Delay to viewers10 viewer-minutes80% in low-latency mode2\.3 s3\.4 s/,
    );
    await expect(row('Start-up')).toHaveText(/Start-up10 plays500 ms1\.5 s/);
    await expect(row('Channel change')).toHaveText(/Channel change4 channel changes140 ms900 ms/);
    // Each figure is read with its measure and column (row headers, column headers).
    await expect(table.getByRole('rowheader', { name: /^Delay to viewers/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'p50', exact: true })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(card, 'admin-live-playback-1366');
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'admin-live-playback-360', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolationsHere(page, '/admin/live (playback)')).toEqual([]);

    // In Spanish, the same figures in the console's words and the language's numbers.
    await page.context().addCookies([{ name: 'ottkit_lang', value: 'es', url: new URL(page.url()).origin }]);
    await page.reload();
    await consoleReady(page);
    await expect(figures.getByRole('row', { name: /^Retardo al público/ })).toHaveText(
      /Retardo al público10 minutos de espectador80\s?% en modo de baja latencia2,3 s3,4 s/,
    );
    await shot(page, 'admin-live-playback-es-360', { fullPage: true });
    await page.context().addCookies([{ name: 'ottkit_lang', value: 'pt', url: new URL(page.url()).origin }]);
    await page.reload();
    await consoleReady(page);
    await expect(figures.getByRole('row', { name: /^Mudança de canal/ })).toHaveText(
      /Mudança de canal4 mudanças de canal140 ms900 ms/,
    );
    await shot(page, 'admin-live-playback-pt-360', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await viewerContext.close();
    try {
      operator('live', 'remove', channel, '1');
    } catch {
      // Not stored: the journey stopped before it.
    }
  }
});
