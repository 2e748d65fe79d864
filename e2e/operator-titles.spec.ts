import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  ARTWORK_MAX_BYTES,
  OperatorErrCode,
  titleCreate,
  titleCredits,
  titleUploadChunk,
} from '../packages/api-client/src/contract/index.ts';
import { ffmpegPath } from '../packages/server/src/media/ffmpeg.ts';
import { seriousViolations } from './axe.ts';
import {
  confirmInConsole,
  consoleConfirm,
  consoleReady,
  createOperator,
  expectRefusedAsTyped,
  shootBothWidths,
  signInOperator,
} from './console.ts';
import { logIn } from './session.ts';
import { expectPlaying, hydrated } from './vod.ts';
import { shot } from './screens.ts';

// Issue 18 §4: an editor creates a movie, uploads a short video (the upload is cut off by a reload and
// continues from the server's offset when the same file is picked again), watches the transcode reach done,
// publishes it, and a subscriber finds it with search and plays it (real segments, the clock moves).

let dir: string;
let clip: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ottkit-e2e-titles-'));
  clip = join(dir, 'harbour.mp4');
  // 4 s of noisy picture at a high quality: about 7 MB, so the upload takes two 4 MiB chunks.
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25:d=4,noise=alls=50:allf=t'],
    ...['-f', 'lavfi', '-i', 'sine=f=300:d=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '8', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', clip],
  ]);
});
let backdrop: string;
test.beforeAll(() => {
  // A 16:9 picture larger than the 1280x720 box, to be resized (decision 0239).
  backdrop = join(dir, 'backdrop.png');
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1600x900:d=1'],
    ...['-frames:v', '1', backdrop],
  ]);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an editor uploads, transcodes and publishes a movie; a subscriber finds and plays it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInOperator(page, createOperator('editor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Titles' }).click();
  await consoleReady(page);

  // Field errors from the contract's schema before anything is sent.
  await page.getByLabel('Release year').fill('1700');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Give the title a name of at most 200 characters')).toBeVisible();
  await expect(page.getByText('A year between 1888 and 2100')).toBeVisible();

  const name = `Harbour Lights ${Date.now()}`;
  await page.getByLabel('Title (English)').fill(name);
  await page.getByLabel('Plot (English)').fill('Boats come home at dusk.');
  await page.getByLabel('Release year').fill('2026');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByTestId('title-status')).toHaveText('Draft');
  await expect(page).toHaveURL(/\/admin\/titles\?title=m-/);

  // The first chunk arrives; then the network drops (every later chunk fails), the client says it is
  // retrying, and the page is reloaded meanwhile.
  let chunks = 0;
  await page.route(`**${titleUploadChunk.path}?**`, (route) => {
    chunks += 1;
    return chunks === 1 ? route.continue() : route.abort('connectionreset');
  });
  await page.getByLabel('Video file').setInputFiles(clip);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Connection lost; trying again…')).toBeVisible();
  await expect(page.getByTestId('upload')).toContainText(/^4\.0 MB of 6\.\d MB uploaded$/);
  await page.reload();
  await page.unrouteAll();
  await consoleReady(page);
  await expect(page.getByTestId('upload')).toContainText(/^4\.0 MB of 6\.\d MB uploaded$/);

  // The same file again: the upload continues from the server's offset, not from 0.
  await page.getByLabel('Video file').setInputFiles(clip);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Continuing from 4.0 MB the server already holds')).toBeVisible();
  await expect(page.getByTestId('upload')).toContainText(/^(6\.\d) MB of \1 MB uploaded$/);

  // The transcode job's progress, read from the server, reaches done; a reload shows the same.
  const job = page.getByTestId('transcode');
  await expect(job).toHaveAttribute('data-status', 'succeeded', { timeout: 120_000 });
  await expect(job.getByRole('progressbar')).toHaveAttribute('value', '100');
  await expect(job.getByRole('status')).toHaveText(/^Finished · Ready: 240p, [45] s$/);
  // The title's credits are held back on the way in: until they are there the form takes no typing (what was
  // typed earlier was overwritten by the load, and a repeated name got saved instead of refused, note 3).
  // One gate for every request of them: a second request (the island asking again) once replaced the release
  // of the first, which then stayed held for ever with the form disabled (the credits step's flakiness).
  let letCreditsIn = () => {};
  const gate = new Promise<void>((release) => {
    letCreditsIn = release;
  });
  const creditsAsked = new Promise<void>((asked) => {
    void page.route(`**${titleCredits.path}?**`, async (route) => {
      asked();
      await gate;
      await route.continue();
    });
  });
  await page.reload();
  await consoleReady(page);
  await expect(page.getByTestId('transcode')).toHaveAttribute('data-status', 'succeeded');
  await creditsAsked;
  const credits = page.getByTestId('title-credits');
  await expect(credits.getByLabel('Cast')).toBeDisabled();
  await expect(credits.getByRole('button', { name: 'Save people and genres' })).toBeDisabled();
  letCreditsIn();
  await expect(credits.getByLabel('Cast')).toBeEditable();
  await page.unroute(`**${titleCredits.path}?**`);
  // People and genres (decision 0238): a name twice is a field error; new names are made, known ones reused.
  const genre = `Maritime Noir ${Date.now()}`;
  await credits.getByLabel('Cast').fill('Ada Quayside, ada quayside');
  await credits.getByRole('button', { name: 'Save people and genres' }).click();
  await expect(credits.getByText('Each name once, at most 100 characters, at most 30 names')).toBeVisible();
  await credits.getByLabel('Cast').fill('Ada Quayside');
  await credits.getByLabel('Directors').fill('Noor Harbourmaster');
  await credits.getByLabel('Genres').fill(`Drama, ${genre}`);
  await credits.getByRole('button', { name: 'Save people and genres' }).click();
  await expect(credits.getByRole('status')).toHaveText('People and genres saved.');
  await page.reload();
  await consoleReady(page);
  await expect(page.getByTestId('title-credits').getByLabel('Genres')).toHaveValue(`Drama, ${genre}`);

  // Artwork (decision 0239): a text file, and a PNG over 5 MB, are refused before sending; each stays picked with
  // the words under its box (issue 38). Then the backdrop is uploaded and previewed.
  const artwork = page.getByTestId('title-artwork');
  const backdropBox = artwork.getByLabel('Backdrop (16:9)');
  const posterBox = artwork.getByLabel('Poster (2:3)');
  await backdropBox.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await artwork.getByRole('button', { name: 'Save backdrop' }).click();
  await expectRefusedAsTyped(backdropBox, 'C:\\fakepath\\notes.txt', 'admin.artwork.error');
  await posterBox.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(ARTWORK_MAX_BYTES + 1),
  });
  await artwork.getByRole('button', { name: 'Save poster' }).click();
  await expectRefusedAsTyped(posterBox, 'C:\\fakepath\\huge.png', 'admin.artwork.error');
  await expectRefusedAsTyped(backdropBox, 'C:\\fakepath\\notes.txt', 'admin.artwork.error');
  await expect(artwork.getByRole('status')).toHaveCount(0);
  await shootBothWidths(page, 'console-artwork-refused');
  await backdropBox.setInputFiles(backdrop);
  await artwork.getByRole('button', { name: 'Save backdrop' }).click();
  await expect(artwork.getByRole('status')).toHaveText('Picture uploaded: the site shows it now.');
  await expect
    .poll(() =>
      artwork.getByRole('img', { name: 'Backdrop (16:9)' }).evaluate((i: HTMLImageElement) => i.naturalWidth),
    )
    .toBe(1280);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'titles-editor-1280', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, 'titles-editor-360', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(page, page.url())).toEqual([]);
  await consoleReady(page);
  // Reopened, the title shows the picture it has.
  await expect
    .poll(() =>
      page
        .getByTestId('title-artwork')
        .getByRole('img', { name: 'Backdrop (16:9)' })
        .evaluate((i: HTMLImageElement) => i.naturalWidth),
    )
    .toBe(1280);

  // Publishing asks first and says what will happen.
  await page.getByRole('button', { name: 'Publish' }).click();
  // The kit's dialog asks, in the console's words, at a desk and on a phone (issue 37: not the browser's).
  await expect(consoleConfirm(page)).toBeVisible();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await shot(page, `titles-publish-confirm-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const asked = await confirmInConsole(page, 'Publish');
  await expect(page.getByText('Published: subscribers can find and play it.')).toBeVisible();
  expect(asked).toContain('Subscribers will find and play it at once');
  await expect(page.getByTestId('title-status')).toHaveText('Published');

  // A subscriber finds it with search and plays it.
  const viewer = await browser.newContext();
  const sub = await viewer.newPage();
  await logIn(sub);
  await sub.goto(`/search?keyword=${encodeURIComponent(name)}`);
  const results = sub.getByRole('list', { name: /Results for/ });
  await results.getByRole('link', { name, exact: true }).click();
  await expect(sub).toHaveURL(/\/vod\/detail\/m-/);
  await hydrated(sub);
  // The title page names its people and genres; search by the new genre finds the title.
  await expect(sub.getByRole('region', { name: 'Cast' })).toContainText('Ada Quayside');
  await expect(sub.getByRole('region', { name: 'Cast' })).toContainText('Noor Harbourmaster');
  await expect(sub.getByText(`Drama · ${genre}`)).toBeVisible();
  // The detail page's picture is the uploaded backdrop, served by ottkit (resized, JPEG).
  const hero = sub.locator('.vod-hero__image');
  await expect.poll(() => hero.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1280);
  const heroSrc = await hero.getAttribute('src');
  // Its address has no extension: what it answers changed with the upload (decision 0326).
  expect(heroSrc).toMatch(/^\/media\/art\/m-[a-f0-9]+\/landscape(\?|$)/);
  expect((await sub.request.get(heroSrc as string)).headers()['content-type']).toBe('image/jpeg');
  const detailUrl = sub.url();
  await sub.goto(`/search?keyword=${encodeURIComponent(genre)}`);
  await expect(
    sub.getByRole('list', { name: /Results for/ }).getByRole('link', { name, exact: true }),
  ).toBeVisible();
  await sub.goto(detailUrl);
  await hydrated(sub);
  await sub.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(sub.getByRole('dialog').locator('video'), 2);
  await viewer.close();
});

test('support sees titles but cannot change them; the server refuses', async ({ page }) => {
  await signInOperator(page, createOperator('support'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Titles' }).click();
  await consoleReady(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Titles' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create draft' })).toHaveCount(0);
  const res = await page.request.post(titleCreate.path, {
    data: { vodType: 'movie', releaseYear: 2026, en: { title: 'Not mine', plot: '' } },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).errCode).toBe(OperatorErrCode.ROLE_REFUSED);
  const chunk = await page.request.post(`${titleUploadChunk.path}?uploadId=upl-x&offset=0`, {
    headers: { 'content-type': 'application/octet-stream' },
    data: Buffer.from('not mine'),
  });
  expect((await chunk.json()).errCode).toBe(OperatorErrCode.ROLE_REFUSED);
  await shot(page, 'titles-support-1280', { fullPage: true });
  // The search box keeps what was searched; a search that finds nothing says so (support can search too).
  const search = page.getByLabel('Search titles');
  await search.fill(`No such title ${Date.now()}`);
  await page.getByRole('button', { name: 'Search titles' }).click();
  await expect(page.getByText('No title yet.')).toBeVisible();
  await expect(page.getByTestId('title-row')).toHaveCount(0);
  await expect(search).toHaveValue(/^No such title \d+$/);
});
