import { expect, test } from '@playwright/test';
import { startTestSource, type TestSource } from '../packages/server/test/liveSource.ts';
import { seriousViolations } from './axe.ts';
import { consoleReady, createOperator, signInOperator } from './console.ts';
import { operator, repoRoot } from './operator.ts';
import { E2E_PORT } from './playwright.config.ts';

// Issue 17 remainder (decision 0255): an editor gives a channel its live sources in the console (/admin/live),
// the running server starts it at once, and the screen shows each source's health; support reads it only.

const CHANNEL = 'lc-041'; // no other journey uses it
const UDP_PORT = E2E_PORT + 286;
const UDP = `udp://127.0.0.1:${UDP_PORT}`;

test.describe.configure({ timeout: 120_000 });

test('an editor sets a channel’s sources in the console and sees them live; support only reads', async ({
  page,
  browser,
}) => {
  const source: TestSource = startTestSource({ target: UDP, format: 'mpegts', label: 'CONSOLE' });
  try {
    await signInOperator(page, createOperator('editor'));
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Live inputs' })
      .click();
    await expect(page).toHaveURL(/\/admin\/live$/);
    await consoleReady(page);

    // Opened by channel id (the line-up's channel screen links with ?channel=), edited with the keyboard.
    await page.getByLabel('Channel id').fill(CHANNEL);
    await page.getByLabel('Channel id').press('Enter');
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

    await list.fill(UDP);
    await editor.getByRole('radio', { name: /^Record:/ }).check();
    await editor.getByLabel('Keep recordings (days)').fill('1');
    await editor.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('status')).toContainText('uses these sources now');

    // The running server packages it at once; the list shows its health (polled every 5 s).
    const card = page.locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"]`);
    const row = card.locator('tbody tr').first();
    await expect(row).toHaveAttribute('data-state', 'live', { timeout: 45_000 });
    await expect(row).toContainText('h264 / mp2');
    await expect(row).toContainText('320x180');
    await expect(row).toContainText(/\d+ kb\/s/);
    await expect(card).toContainText('On air from source 1');
    await expect(card).toContainText('Record, kept 1 days');
    // Which process packages it and since when, from the packager lock (decision 0317): this server's.
    await expect(card.getByTestId('live-packager')).toHaveText(
      /^Packaged by process [\w.-]+:\d+:\w+ since \d.+$/,
    );
    await page.screenshot({ path: `${repoRoot}.data/screens/admin-live-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${repoRoot}.data/screens/admin-live-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page, '/admin/live')).toEqual([]);
    // The audit log has the change (an admin reads it; the row is the server's).
    expect(operator('live', 'sources', CHANNEL)).toContain(UDP);

    // Support reads the same health, with nothing to change.
    const other = await browser.newContext({ baseURL: page.url().replace(/\/admin.*$/, '') });
    const supportPage = await other.newPage();
    await signInOperator(supportPage, createOperator('support'));
    await supportPage.goto(`/admin/live?channel=${CHANNEL}`);
    await consoleReady(supportPage);
    const seen = supportPage.locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"]`);
    await expect(seen.locator('tbody tr').first()).toHaveAttribute('data-state', 'live');
    await expect(supportPage.getByRole('button', { name: /^Edit the sources/ })).toHaveCount(0);
    await expect(supportPage.getByTestId('live-editor')).toHaveCount(0);
    // In Spanish (and Portuguese), the same screen in the catalogue's words.
    const origin = new URL(supportPage.url()).origin;
    await other.addCookies([{ name: 'ottkit_lang', value: 'es', url: origin }]);
    await supportPage.goto('/admin/live');
    await consoleReady(supportPage);
    await expect(supportPage.getByRole('heading', { name: 'Canales con fuentes en directo' })).toBeVisible();
    await expect(
      supportPage.locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"] tbody tr`).first(),
    ).toContainText('en directo');
    await expect(
      supportPage
        .locator(`[data-testid="live-channel"][data-channel="${CHANNEL}"]`)
        .getByTestId('live-packager'),
    ).toContainText('Empaquetado por el proceso');
    await supportPage.setViewportSize({ width: 360, height: 740 });
    await supportPage.screenshot({ path: `${repoRoot}.data/screens/admin-live-es-360.png`, fullPage: true });
    await other.addCookies([{ name: 'ottkit_lang', value: 'pt', url: origin }]);
    await supportPage.goto('/admin/live');
    await expect(supportPage.getByRole('heading', { name: 'Canais com fontes ao vivo' })).toBeVisible();
    await other.close();
  } finally {
    await source.stop();
    try {
      operator('live', 'remove', CHANNEL, '1');
      operator('live', 'mode', CHANNEL, 'relay');
    } catch {
      // Nothing was stored.
    }
  }
});
