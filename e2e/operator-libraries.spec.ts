import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type ConsoleTitle, titleList, titleUnpublish } from '../packages/api-client/src/contract/index.ts';
import { LANG_COOKIE } from '../packages/api-client/src/contract/langs.ts';
import { ffmpegPath } from '../packages/server/src/media/ffmpeg.ts';
import {
  PANEL_ACCOUNT,
  panelTitles,
  startXtreamPanel,
  type XtreamPanel,
} from '../packages/server/test/xtreamPanel.ts';
import {
  consoleReady,
  createOperator,
  expectRefusedAsTyped,
  shootBothWidths,
  signInOperator,
} from './console.ts';
import { seriousViolationsHere } from './axe.ts';
import { repoRoot } from './operator.ts';
import { E2E_DATA_DIR } from './playwright.config.ts';
import { logIn } from './session.ts';
import { expectPlaying, hydrated } from './vod.ts';

// Issue 42 (decision 0423): an editor names a folder of films on the server a library in the console, sees what
// an import would add and what it cannot read, imports it as a job that transcodes the film and publishes it,
// and a subscriber finds the film by its actor's name in Spanish and plays it.

const stamp = Date.now();
const name = `Back catalogue ${stamp}`;
const actor = `Marisol Quintanar${stamp.toString(36)}`;
// Inside the product's allowed library folder (OTTKIT_LIBRARY_ROOTS: by default <data>/library).
const folder = resolve(repoRoot, E2E_DATA_DIR, 'library', `films-${stamp}`);

test.beforeAll(() => {
  const film = join(folder, 'The Lantern (2021)');
  mkdirSync(film, { recursive: true });
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=10:d=5', '-f', 'lavfi', '-i', 'sine=f=300:d=5'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    join(film, 'The Lantern (2021).mp4'),
  ]);
  writeFileSync(
    join(film, 'The Lantern (2021).json'),
    JSON.stringify({
      type: 'movie',
      title: { en: `The Lantern ${stamp}`, es: `La Linterna ${stamp}` },
      plot: { en: 'A light in the harbour.', es: 'Una luz en el puerto.' },
      year: 2021,
      genres: ['Drama'],
      cast: [actor],
    }),
  );
  writeFileSync(join(folder, 'notes.mkv'), 'not a video');
});
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('an editor imports a film library folder; a subscriber finds its film by the actor in Spanish and plays it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInOperator(page, createOperator('editor'), '/admin/libraries');
  await consoleReady(page);

  // The folder is checked against the contract before anything is sent: a whole path.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Folder on the server').fill('films');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectRefusedAsTyped(
    page.getByLabel('Folder on the server'),
    'films',
    'admin.libraries.error.folder',
  );
  await page.getByLabel('Folder on the server').fill(folder);
  await page.getByLabel('Put each title in the catalogue as soon as its video is ready').check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const card = page.getByTestId('library').filter({ hasText: name });
  await expect(card).toContainText('Not imported yet');
  await expect(card).toContainText('Titles go into the catalogue when ready');

  // The preview: the film from its sidecar, and the file that cannot be read, with why.
  await card.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('library-preview');
  await expect(preview).toContainText('1 new title');
  await expect(preview).toContainText(
    `The Lantern ${stamp} (2021) · The Lantern (2021)/The Lantern (2021).mp4 · texts from json`,
  );
  await expect(preview.getByTestId('unreadable')).toContainText(
    'notes.mkv: it is not a video ffprobe can read',
  );
  expect(await seriousViolationsHere(page, '/admin/libraries with a preview')).toEqual([]);
  await shootBothWidths(page, 'console-libraries');

  // The import, a job whose progress the server keeps: transcoded and published.
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText(`Import of ${name} started: follow it in the jobs below.`)).toBeVisible();
  const job = page.getByTestId('job').filter({ hasText: `Import of the library ${name}` });
  await expect(job).toHaveAttribute('data-status', 'succeeded', { timeout: 120_000 });
  await expect(job.getByRole('status')).toContainText('Added 1 film and 0 episodes');
  await expect(job.getByRole('status')).toContainText('1 published');
  await expect(card).toContainText('Last import: Added 1 film');

  // A subscriber in Spanish finds the film by its actor and plays it.
  await playFoundInSpanish(browser, baseURL as string, actor, `La Linterna ${stamp}`);
});

/**
 * Takes the console titles named `names` out of the catalogue: a title played from an upstream this spec stops
 * would be a dead title on the shared product's home for the journeys after it.
 */
async function unpublishNamed(page: Page, names: string[]) {
  for (const name of names) {
    const listed = await page.request.get(`${titleList.path}?q=${encodeURIComponent(name)}`);
    const metaId = ((await listed.json()) as { data: { titles: ConsoleTitle[] } }).data.titles[0]?.metaId;
    if (metaId) await page.request.post(titleUnpublish.path, { data: { metaId } });
  }
}

/** A subscriber whose language is Spanish searches `actor`, opens the film named `film` and plays it. */
async function playFoundInSpanish(browser: Browser, baseURL: string, actor: string, film: string) {
  const context = await browser.newContext({ baseURL });
  try {
    await context.addCookies([{ name: LANG_COOKIE, value: 'es', url: baseURL }]);
    const sub = await context.newPage();
    await logIn(sub);
    await sub.goto(`/search?keyword=${encodeURIComponent(actor)}`);
    const link = sub.getByRole('link', { name: film, exact: true });
    await expect(link).toBeVisible();
    await link.click();
    await hydrated(sub);
    await sub.getByRole('button', { name: 'Reproducir', exact: true }).click();
    await expectPlaying(sub.getByRole('dialog').locator('video'));
  } finally {
    await context.close();
  }
}

// Decision 0435: an editor names an MRSS feed a library; its film, HLS already, is imported without a transcode and
// a subscriber plays it from the feed's URL, through the origin.
test.describe('a feed library', () => {
  const feedName = `Partner feed ${stamp}`;
  const feedActor = `Inés Marlow${stamp.toString(36)}`;
  let cdn: Server;
  let cdnDir: string;
  let feedUrl: string;
  let base: string;

  test.beforeAll(async () => {
    cdnDir = mkdtempSync(join(tmpdir(), 'ottkit-cdn-'));
    execFileSync(ffmpegPath(), [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=10:d=6', '-f', 'lavfi', '-i', 'sine=f=300:d=6'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
      ...['-hls_segment_filename', join(cdnDir, 'seg%d.ts'), join(cdnDir, 'index.m3u8')],
    ]);
    // A CDN on loopback (the product's upstream allow-list has it in the test runs).
    cdn = createServer((req, res) => {
      const file = (req.url ?? '').split('?')[0]?.slice(1) ?? '';
      try {
        res.writeHead(200).end(readFileSync(join(cdnDir, /^[\w.-]+$/.test(file) ? file : '-')));
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    feedUrl = `${base}/films.rss`;
    writeFileSync(
      join(cdnDir, 'films.rss'),
      `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
<item><guid>harbour-${stamp}</guid><title>Harbour Lights ${stamp}</title><title xml:lang="es">Luces del puerto ${stamp}</title>
<description xml:lang="es">Un pueblo de noche.</description><media:credit role="actor">${feedActor}</media:credit>
<media:content url="${base}/index.m3u8" duration="6"/></item>
<item><guid>trailer-${stamp}</guid><title>Coming soon</title></item>
</channel></rss>`,
    );
  });
  test.afterAll(async () => {
    await new Promise((r) => cdn?.close(r));
    rmSync(cdnDir, { recursive: true, force: true });
  });

  test('an editor imports an MRSS feed without a transcode; a subscriber plays its film from the feed', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInOperator(page, createOperator('editor'), '/admin/libraries');
    await consoleReady(page);
    await page.getByLabel('Name', { exact: true }).fill(feedName);
    await page.getByLabel('Where its titles are').selectOption('feed');
    await expect(
      page.getByLabel('Read the feed again every (minutes; 0: only when you import)'),
    ).toBeVisible();
    // The URL is checked against the contract before anything is sent.
    await page.getByLabel('Feed URL').fill('films.rss');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expectRefusedAsTyped(page.getByLabel('Feed URL'), 'films.rss', 'admin.libraries.error.feed');
    await page.getByLabel('Feed URL').fill(feedUrl);
    await page.getByLabel('Put each title in the catalogue as soon as its video is ready').check();
    await shootBothWidths(page, 'console-libraries-feed');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const card = page.getByTestId('library').filter({ hasText: feedName });
    await expect(card).toContainText(feedUrl);

    await card.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('library-preview');
    await expect(preview).toContainText('1 new title');
    await expect(preview).toContainText(`Harbour Lights ${stamp} · harbour-${stamp} · texts from feed`);
    await expect(preview.getByTestId('unreadable')).toContainText(`trailer-${stamp}: it names no media URL`);
    await preview.getByRole('button', { name: 'Import' }).click();
    const job = page.getByTestId('job').filter({ hasText: `Import of the library ${feedName}` });
    await expect(job).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(job.getByRole('status')).toContainText('1 played from the feed, 1 published');

    // The console marks the title as played from its feed: no upload, no transcode.
    const listed = await page.request.get(
      `${titleList.path}?q=${encodeURIComponent(`Harbour Lights ${stamp}`)}`,
    );
    const title = ((await listed.json()) as { data: { titles: ConsoleTitle[] } }).data.titles[0];
    await page.goto(`/admin/titles?title=${title?.metaId}`);
    await consoleReady(page);
    await expect(page.getByTestId('remote-video')).toHaveText(
      `Plays from its feed, as HLS, without transcoding: ${base}/index.m3u8`,
    );
    await shootBothWidths(page, 'console-title-from-feed');

    try {
      await playFoundInSpanish(browser, baseURL as string, feedActor, `Luces del puerto ${stamp}`);
    } finally {
      await unpublishNamed(page, [`Harbour Lights ${stamp}`]);
    }
  });
});

// Decision 0435: the films and series of the Xtream Codes account a line-up source reads, named a library in the
// console; the film (MP4 on the panel) is transcoded from there and a subscriber finds it by its actor and plays it.
test.describe('an Xtream Codes library', () => {
  const suffix = ` ${stamp.toString(36)}`;
  const names = panelTitles(suffix);
  const source = `Partner panel ${stamp}`;
  let panel: XtreamPanel;
  test.beforeAll(async () => {
    panel = await startXtreamPanel(suffix);
  });
  test.afterAll(() => panel?.close());

  test('an editor names an Xtream account’s films and series a library; a subscriber plays its film', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInOperator(page, createOperator('editor'), '/admin/sources');
    await consoleReady(page);
    await page.getByLabel('Kind').selectOption({ label: 'Xtream Codes account' });
    await page.getByLabel('Name', { exact: true }).fill(source);
    await page.getByLabel('Panel address (URL)').fill(panel.base);
    await page.getByLabel('User name').fill(PANEL_ACCOUNT.user);
    await page.getByLabel('Password').fill(PANEL_ACCOUNT.password);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByTestId('source').filter({ hasText: source })).toBeVisible();

    await page.goto('/admin/libraries');
    await consoleReady(page);
    await page.getByLabel('Name', { exact: true }).fill(`${source} films`);
    await page.getByLabel('Where its titles are').selectOption('xtream');
    // The source is chosen from the Xtream accounts of the line-up's sources, or the form says so.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByLabel('Line-up source of the account')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Line-up source of the account').selectOption(source);
    await expect(
      page.getByLabel('Read the panel again every (minutes; 0: only when you import)'),
    ).toBeVisible();
    await page.getByLabel('Put each title in the catalogue as soon as its video is ready').check();
    await shootBothWidths(page, 'console-libraries-xtream');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const card = page.getByTestId('library').filter({ hasText: `${source} films` });
    await expect(card).toContainText(`Films and series of the Xtream Codes source ${source}`);

    await card.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('library-preview');
    await expect(preview).toContainText('2 new titles');
    await expect(preview).toContainText(
      `${names.series} S1E1 ${names.episode} · episode/701 · texts from xtream`,
    );
    await expect(preview).toContainText(`${names.film} (2018) · movie/101 · texts from xtream`);
    expect(await page.content()).not.toContain(PANEL_ACCOUNT.password);
    await preview.getByRole('button', { name: 'Import' }).click();
    const job = page.getByTestId('job').filter({ hasText: `Import of the library ${source} films` });
    await expect(job).toHaveAttribute('data-status', 'succeeded', { timeout: 90_000 });
    await expect(job.getByRole('status')).toContainText('1 played from the panel, 1 transcoded, 2 published');

    try {
      await playFoundInSpanish(browser, baseURL as string, names.actor, names.film);
    } finally {
      await unpublishNamed(page, [names.series]);
    }
  });
});
