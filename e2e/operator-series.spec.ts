import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ffmpegPath } from '../packages/server/src/media/ffmpeg.ts';
import { seriousViolations } from './axe.ts';
import {
  confirmInConsole,
  consoleReady,
  createOperator,
  expectRefusedAsTyped,
  shootBothWidths,
  signInOperator,
} from './console.ts';
import { logIn } from './session.ts';
import { expectPlaying, hydrated } from './vod.ts';
import { shot } from './screens.ts';

// Issue 18 §4 (decision 0280): an editor creates a series with one season and one episode, uploads the
// episode's video, publishes the series, and a subscriber opens the series, sees the season and plays the episode.

let dir: string;
let clip: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ottkit-e2e-series-'));
  clip = join(dir, 'low-water.mp4');
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25:d=4', '-f', 'lavfi', '-i', 'sine=f=440:d=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip],
  ]);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an editor makes a series with a season and an episode; a subscriber plays the episode', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInOperator(page, createOperator('editor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Titles' }).click();
  await consoleReady(page);

  const name = `Tide Tables ${Date.now()}`;
  await page.getByLabel('Kind').selectOption({ label: 'Series' });
  await page.getByLabel('Title (English)').fill(name);
  await page.getByLabel('Plot (English)').fill('A harbour town, one tide at a time.');
  await page.getByLabel('Release year').fill('2026');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  const seriesUrl = page.url();
  const seriesId = new URL(seriesUrl).searchParams.get('title') as string;

  const parts = page.getByTestId('title-series');
  await expect(parts.getByText('No season yet: add the first one.')).toBeVisible();
  await expect(parts.getByLabel('Season number')).toHaveValue('1');
  await parts.getByLabel('Season title (English)').fill('The Estuary');
  await parts.getByRole('button', { name: 'Add season' }).click();
  const season = parts.getByRole('region', { name: 'Season 1: The Estuary' });
  await expect(season).toBeVisible();

  // The episode's number is checked with the contract's schema before sending.
  await season.getByLabel('Episode number').fill('0');
  await season.getByLabel('Episode title (English)').fill('Low Water');
  await season.getByRole('button', { name: 'Add episode to season 1' }).click();
  await expectRefusedAsTyped(season.getByLabel('Episode number'), '0', 'admin.series.error.number');
  await expect(season.getByLabel('Episode title (English)')).toHaveValue('Low Water');
  await shootBothWidths(page, 'console-series-refused');
  await season.getByLabel('Episode number').fill('1');
  await season.getByRole('button', { name: 'Add episode to season 1' }).click();
  const row = season.getByTestId('episode-row');
  await expect(row).toContainText('Episode 1: Low Water');
  await expect(row).toContainText('Draft · no video yet');
  // Nothing to publish yet: the button says why.
  await expect(parts.getByRole('button', { name: 'Publish the series' })).toBeDisabled();
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'series-editor-1280', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, 'series-editor-360', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(page, page.url())).toEqual([]);
  await consoleReady(page);
  // The server refuses a number already taken, in words; the episode's title stays as typed (issue 38).
  await season.getByLabel('Episode number').fill('1');
  await season.getByLabel('Episode title (English)').fill('Slack Water');
  await season.getByRole('button', { name: 'Add episode to season 1' }).click();
  await expect(parts.getByRole('alert')).toHaveText('That number is taken in this series');
  await expect(season.getByLabel('Episode title (English)')).toHaveValue('Slack Water');
  await expect(season.getByTestId('episode-row')).toHaveCount(1);

  // The episode opens in the title editor and gets its own video through the upload and the transcode job.
  await row.getByRole('button', { name: 'Open Low Water' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Low Water' })).toBeVisible();
  await expect(page.getByText('Season 1, episode 1')).toBeVisible();
  await page.getByLabel('Video file').setInputFiles(clip);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('transcode')).toHaveAttribute('data-status', 'succeeded', {
    timeout: 120_000,
  });
  await shot(page, 'series-episode-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Back to the series' }).click();
  await expect(page).toHaveURL(seriesUrl);
  await expect(season.getByTestId('episode-row')).toContainText('Draft · video ready');
  await parts.getByRole('button', { name: 'Publish the series' }).click();
  const asked = await confirmInConsole(page, 'Publish the series');
  await expect(
    parts.getByText('Published: subscribers can open the series and play its episodes.'),
  ).toBeVisible();
  expect(asked).toContain('with its seasons and every episode that has a video');
  await expect(page.getByTestId('title-status')).toHaveText('Published');
  await expect(season.getByTestId('episode-row')).toContainText('Published · video ready');

  // A subscriber finds the series, sees its season and plays the episode.
  const viewer = await browser.newContext();
  const sub = await viewer.newPage();
  await logIn(sub);
  await sub.goto(`/search?keyword=${encodeURIComponent(name)}`);
  await sub
    .getByRole('list', { name: /Results for/ })
    .getByRole('link', { name, exact: true })
    .click();
  await expect(sub).toHaveURL(new RegExp(`/vod/detail/${seriesId}`));
  await hydrated(sub);
  const episodes = sub.getByRole('region', { name: 'Episodes' });
  await expect(episodes.getByText('The Estuary')).toBeVisible();
  await shot(sub, 'series-site-1280', { fullPage: true });
  await episodes.getByRole('button', { name: /^Play episode 1: Low Water/ }).click();
  await expectPlaying(sub.getByRole('dialog').locator('video'), 2);

  // Unpublishing asks first; the series with its season and episode leave the catalogue, the drafts stay.
  await page.getByRole('button', { name: 'Unpublish' }).click();
  const warned = await confirmInConsole(page, 'Unpublish');
  await expect(page.getByText('Unpublished: subscribers no longer see it.')).toBeVisible();
  expect(warned).toContain('a series goes with all its seasons and episodes');
  await expect(page.getByTestId('title-status')).toHaveText('Draft');
  await expect(season.getByTestId('episode-row')).toContainText('Draft · video ready');
  expect((await sub.goto(`/vod/detail/${seriesId}`))?.status()).toBe(404);
  await viewer.close();
});
