import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { LANG_COOKIE } from '../packages/api-client/src/contract/langs.ts';
import { ffmpegPath } from '../packages/server/src/media/ffmpeg.ts';
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
  const context = await browser.newContext({ baseURL });
  try {
    await context.addCookies([{ name: LANG_COOKIE, value: 'es', url: baseURL as string }]);
    const sub = await context.newPage();
    await logIn(sub);
    await sub.goto(`/search?keyword=${encodeURIComponent(actor)}`);
    const film = sub.getByRole('link', { name: `La Linterna ${stamp}`, exact: true });
    await expect(film).toBeVisible();
    await film.click();
    await hydrated(sub);
    await sub.getByRole('button', { name: 'Reproducir', exact: true }).click();
    await expectPlaying(sub.getByRole('dialog').locator('video'));
  } finally {
    await context.close();
  }
});
