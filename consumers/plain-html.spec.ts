import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { serveFolder } from '../packages/player/e2e/packed.ts';
import { advances, look, visibleOverlays } from '../packages/player/e2e/page.ts';
import { type Consumer, createConsumer } from './consumer.ts';
import { tarball } from './pack.ts';
import { shoot, watchProblems } from './page.ts';
import { STREAM_ORIGIN } from './playwright.config.ts';

// Issue 15 §4 (b): the packed player installed by npm into a folder with nothing else, and a plain HTML page that
// loads it from node_modules as it is (no bundler) and plays a live stream of another origin with <ottkit-player>.

let consumer: Consumer;
let site: { origin: string; server: Server };
test.beforeAll(async () => {
  consumer = createConsumer('plain-html', { '@ottkit/player': tarball('player') });
  site = await serveFolder(consumer.dir);
});
test.afterAll(() => {
  site?.server.close();
  consumer?.remove();
});

test('a plain page plays a live stream with the installed <ottkit-player>', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/index.html?src=${encodeURIComponent(`${STREAM_ORIGIN}/live.m3u8`)}`);
  await expect.poll(async () => (await look(page)).state, { timeout: 60_000 }).toBe('playing');
  await advances(page, 2);
  expect((await look(page)).mode).toBe('live');
  expect(await visibleOverlays(page)).toEqual([]);
  // The stylesheet came with it: the element's controls are laid out, not bare buttons.
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect(problems).toEqual([]);
  await shoot(page, 'plain-html');
});
