import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { serveFolder } from '../packages/player/e2e/packed.ts';
import { type Consumer, createConsumer } from './consumer.ts';
import { tarball } from './pack.ts';
import { shoot, watchProblems } from './page.ts';
import { STREAM_ORIGIN } from './playwright.config.ts';

// Issue 15 §4 (a): the packed UI kit and player installed by npm into a Vite + React app with nothing of the
// workspace, type-checked against the published types (no skipLibCheck), built by Vite, and used in Chromium: a
// kit row renders with the kit's styles, and a click on it plays a stream in the React player.

const rootManifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** The same versions the workspace builds and tests with (root package.json), one place for them. */
const pinned = (names: string[]) =>
  Object.fromEntries(
    names.map((n) => [n, (rootManifest.devDependencies as Record<string, string>)[n] ?? '']),
  );

let consumer: Consumer;
let site: { origin: string; server: Server };
test.beforeAll(async () => {
  consumer = createConsumer('vite-react', {
    '@ottkit/ui': tarball('ui'),
    '@ottkit/player': tarball('player'),
    ...pinned([
      'react',
      'react-dom',
      'vite',
      '@vitejs/plugin-react',
      'typescript',
      '@types/react',
      '@types/react-dom',
    ]),
  });
  consumer.node('node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn');
  site = await serveFolder(join(consumer.dir, 'dist'));
});
test.afterAll(() => {
  site?.server.close();
  consumer?.remove();
});

test('the app type-checks against the published types alone', () => {
  let out = '';
  try {
    consumer.node('node_modules/typescript/bin/tsc', '-p', '.');
  } catch (e) {
    out = String((e as { stdout?: string }).stdout ?? e);
  }
  expect(out).toBe('');
});

const video = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('.ottkit-player');
    return { state: root?.dataset.state, time: root?.querySelector('video')?.currentTime ?? 0 };
  });

test('a kit row renders styled, and a click on it plays the stream in the React player', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/index.html?src=${encodeURIComponent(`${STREAM_ORIGIN}/live.m3u8`)}`);
  const row = page.getByRole('button', { name: /^Test Pattern Channel/ });
  await expect(row).toBeVisible();
  // The kit's stylesheet and tokens arrived through the bundler: the row is laid out as the kit lays it out.
  const rowBox = row.locator('xpath=..');
  expect(await rowBox.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
  expect(await rowBox.getAttribute('data-state')).toBe('idle');
  await expect(page.locator('.ottkit-player')).toHaveCount(0);

  await row.click();
  await expect(rowBox).toHaveAttribute('data-state', 'active');
  await expect.poll(async () => (await video(page)).state, { timeout: 60_000 }).toBe('playing');
  const start = (await video(page)).time;
  await expect.poll(async () => (await video(page)).time - start, { timeout: 30_000 }).toBeGreaterThan(2);
  await expect(page.getByRole('region', { name: /Test Pattern/ })).toBeVisible();
  expect(problems).toEqual([]);
  await shoot(page, 'vite-react');
});
