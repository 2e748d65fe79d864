import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sourceList } from '../packages/api-client/src/contract/operatorSources.ts';
import { expect, type Page, test } from '@playwright/test';
import { consoleReady, createOperator, signInOperator } from './console.ts';
import { repoRoot } from './operator.ts';
import { E2E_DATA_DIR } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issues 16 and 18: an editor adds a small M3U by URL in the console, previews its groups, imports one as a
// job and watches it finish; the status survives a reload. Issue 37: an Xtream Codes account too, as in the CLI,
// and each card says its guide and how often it is read.

let upstream: Server;
let base: string;
/** The Xtream Codes panel's account (its password is the secret the console must never show again). */
const PANEL = { user: 'harbourviewer', password: 'Pw-never-shown-7431' };
/** A guide address long enough to wrap on a phone, served by the same upstream. */
const LONG_GUIDE = '/guides/harbour-panel/regional-television/all-channels-of-the-coast/xmltv-guide.xml';

/**
 * The panel's answers: two live streams in one category, only with the account's user and password. Numbered
 * far down the line-up (as the playlist's 971, 972), so the journeys that pick a channel by its place still find
 * the seeded ones there.
 */
function panel(url: URL): string | undefined {
  if (url.pathname === LONG_GUIDE) return '<tv></tv>';
  if (url.pathname !== '/player_api.php') return undefined;
  const p = url.searchParams;
  if (p.get('username') !== PANEL.user || p.get('password') !== PANEL.password) return '{}';
  if (p.get('action') === 'get_live_categories')
    return JSON.stringify([{ category_id: '4', category_name: 'Coast' }]);
  if (p.get('action') === 'get_live_streams')
    return JSON.stringify([
      { num: 981, name: 'Coast News', stream_id: 40, epg_channel_id: '', category_id: '4' },
      { num: 982, name: 'Coast Weather', stream_id: 41, epg_channel_id: '', category_id: '4' },
    ]);
  return '[]';
}

test.beforeAll(async () => {
  const stamp = Date.now();
  upstream = createServer((req, res) => {
    const answer = panel(new URL(req.url ?? '/', 'http://x'));
    if (answer !== undefined)
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
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

test('an editor imports a small M3U through the console, sees the job finish, edits the source and deletes it', async ({
  page,
}) => {
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
  await expect(source).toContainText('Status: not read yet');
  await expect(source.getByTestId('source-guide')).toHaveText('Guide: none given');
  await expect(source).toContainText('Read again every 1440 minutes');

  await source.getByRole('button', { name: 'Preview groups' }).click();
  const preview = page.getByTestId('preview');
  await expect(preview).toContainText(`Groups of ${name}: 2 channels`);
  await preview.getByLabel('Left Out (1)').uncheck();
  await preview.getByRole('button', { name: 'Import the chosen groups' }).click();

  const job = page.getByTestId('job').filter({ hasText: `Import of ${name}` });
  await expect(job).toHaveAttribute('data-status', 'succeeded');
  await expect(job.getByRole('status')).toHaveText('Finished · 1 channel, 0 programmes');
  await expect(job.getByRole('progressbar')).toHaveAttribute('value', '100');

  await page.reload();
  await consoleReady(page);
  await expect(page.getByTestId('job').filter({ hasText: `Import of ${name}` })).toHaveAttribute(
    'data-status',
    'succeeded',
  );
  await expect(source).toContainText('Status: read');

  // Edited in place (issue 37): an empty address keeps the playlist's; the guide and the interval change.
  await source.getByRole('button', { name: 'Edit' }).click();
  const form = source.getByRole('form', { name: `Edit ${name}` });
  await expect(form.getByLabel('Address (URL)')).toBeFocused();
  await expect(form.getByText(`Leave empty to keep ${base}/small.m3u`)).toBeVisible();
  await form.getByLabel('Read again every (minutes)').fill('3');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter 5 to 525600 minutes')).toBeVisible();
  await form.getByLabel('Guide address (XMLTV, optional)').fill(`${base}${LONG_GUIDE}`);
  await form.getByLabel('Read again every (minutes)').fill('30');
  await shoot(page, 'console-sources-edit');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
    'Saved. The next refresh reads the new addresses.',
  );
  await expect(source.getByTestId('source-refresh')).toHaveText('Read again every 30 minutes');
  await expect(source.getByTestId('source-guide')).toHaveText(`Guide: ${base}${LONG_GUIDE}`);
  await expect(source.getByTestId('source-location')).toHaveText(`${base}/small.m3u`);

  // Deleted after the kit's confirmation, which says what happens to its channel; Cancel changes nothing.
  await source.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText(
    `Delete the source ${name}? Its 1 channel stays in the line-up and is no longer updated from it.`,
  );
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(source).toBeVisible();
  await source.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toHaveText(
    `Source ${name} deleted. Its 1 channel stays in the line-up.`,
  );
  await expect(source).toHaveCount(0);
  const db = new DatabaseSync(join(repoRoot, E2E_DATA_DIR, 'ottkit.db'), { readOnly: true });
  try {
    // The channel is still in the line-up, no longer linked to any source; both changes are audited.
    const cove = db.prepare(
      "SELECT logical_channel_id AS id FROM channels WHERE logical_channel_name = 'Cove TV'",
    );
    const ids = (cove.all() as { id: string }[]).map((c) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    const linked = db.prepare(
      'SELECT COUNT(*) AS n FROM source_channels s JOIN lineup_sources l USING (source_id) WHERE l.name = ?',
    );
    expect(linked.get(name)).toEqual({ n: 0 });
    const audit = db.prepare('SELECT action FROM operator_audit WHERE target = ? ORDER BY seq').all(name);
    expect((audit as { action: string }[]).map((a) => a.action)).toEqual([
      'source.add',
      'source.import',
      'source.edit',
      'source.remove',
    ]);
  } finally {
    db.close();
  }
});

async function shoot(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`, { fullPage: true });
  }
}

test('an editor adds an Xtream Codes account in the console; its password is used and never shown again', async ({
  page,
}) => {
  await signInOperator(page, createOperator('editor'), '/admin/sources');
  await consoleReady(page);
  const name = `Harbour panel ${Date.now()}`;

  await page.getByLabel('Kind').selectOption({ label: 'Xtream Codes account' });
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Panel address (URL)').fill(base);
  await page.getByLabel('Read again every (minutes)').fill('2');
  await page.getByRole('button', { name: 'Add' }).click();
  // The user and the password are asked for, and the interval's limits said, before anything is sent.
  await expect(page.getByLabel('User name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter 5 to 525600 minutes')).toBeVisible();

  await page.getByLabel('User name').fill(PANEL.user);
  await page.getByLabel('Password').fill(PANEL.password);
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  // A corrected field no longer says it is wrong; one not yet corrected still does.
  await expect(page.getByLabel('User name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter 5 to 525600 minutes')).toBeVisible();
  await page
    .getByLabel('Guide address (XMLTV, optional: the panel’s own otherwise)')
    .fill(`${base}${LONG_GUIDE}`);
  await page.getByLabel('Read again every (minutes)').fill('360');
  await expect(page.getByText('Enter 5 to 525600 minutes')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add' }).click();

  const card = page.getByTestId('source').filter({ hasText: name });
  await expect(card.getByTestId('source-location')).toHaveText(`${base} (user ${PANEL.user})`);
  await expect(card.getByTestId('source-guide')).toHaveText(`Guide: ${base}${LONG_GUIDE}`);
  await expect(card).toContainText('Read again every 360 minutes');
  await expect(card).toContainText('Status: not read yet');
  // The form is empty again: the password is not kept in the page either.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  // The panel answers only with the right user and password: its groups show, so the server kept them.
  await card.getByRole('button', { name: 'Preview groups' }).click();
  const preview = page.getByTestId('preview');
  await expect(preview).toContainText(`Groups of ${name}: 2 channels`);
  await preview.getByRole('button', { name: 'Import the chosen groups' }).click();
  const job = page.getByTestId('job').filter({ hasText: name });
  await expect(job).toHaveAttribute('data-status', 'succeeded');
  await expect(card).toContainText('Status: read');

  // Never answered, never on screen, never in the audit log.
  const listed = await (await page.request.get(sourceList.path)).text();
  expect(listed).toContain(name);
  expect(listed).not.toContain(PANEL.password);
  await page.reload();
  await consoleReady(page);
  expect(await page.content()).not.toContain(PANEL.password);
  const db = new DatabaseSync(join(repoRoot, E2E_DATA_DIR, 'ottkit.db'), { readOnly: true });
  try {
    const audit = db.prepare('SELECT action, after_json FROM operator_audit WHERE target = ?').all(name) as {
      action: string;
      after_json: string;
    }[];
    expect(audit.map((a) => a.action)).toContain('source.add');
    for (const a of audit) expect(a.after_json).not.toContain(PANEL.password);
  } finally {
    db.close();
  }

  // The long guide address wraps between its parts on a phone: nothing is wider than the screen.
  await shoot(page, 'console-sources-xtream');
  const address = page
    .getByTestId('source')
    .filter({ hasText: name })
    .getByTestId('source-guide')
    .locator('span');
  // The last character of each line it takes: a line ends after a slash, a dot, a question mark…, not mid-word.
  const lineEnds = await address.evaluate((el) => {
    const ends = new Map<number, string>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        ends.set(top, text[i] ?? '');
      }
    }
    return [...ends.values()];
  });
  expect(lineEnds.length, 'the address takes several lines at 390 px').toBeGreaterThan(1);
  // (After a hyphen too: the browser's own break between two words.)
  for (const end of lineEnds.slice(0, -1)) expect('/?&.=-').toContain(end);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
