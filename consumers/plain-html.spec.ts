/// <reference path="../packages/server/test/origin-m3u8-parser.d.ts" />
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { serveFolder } from '../packages/player/e2e/packed.ts';
import { advances, look, visibleOverlays } from '../packages/player/e2e/page.ts';
import { type Consumer, createConsumer } from './consumer.ts';
import { tarball } from './pack.ts';
import { shoot, watchProblems } from './page.ts';
import { STREAM_ORIGIN } from './playwright.config.ts';
import { startOrigin, tinyLibrary } from '../packages/server/test/origin-fixture.ts';

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

test('the installed element lists the languages of a stream and switches them, with events', async ({
  page,
}) => {
  // The product's origin (tiny media) serves a title with English and Spanish audio and subtitles (issue 20 §3).
  const origin = await startOrigin({ library: await tinyLibrary(), nowMs: Date.now() });
  try {
    const src = new URL(origin.urls.vod({ accountId: 'a', assetId: 'vod1' }), origin.base).href;
    await page.goto(`${site.origin}/index.html`);
    await page.evaluate((src) => {
      const el = document.querySelector('ottkit-player');
      const w = window as unknown as { seen: unknown[] };
      w.seen = [];
      el?.addEventListener('ottkit-tracks', (e) => w.seen.push(['tracks', (e as CustomEvent).detail]));
      el?.addEventListener('ottkit-trackchange', (e) => w.seen.push(['change', (e as CustomEvent).detail]));
      el?.setAttribute('mode', 'vod');
      el?.setAttribute('src', src);
    }, src);
    await expect.poll(async () => (await look(page)).state, { timeout: 60_000 }).toBe('playing');
    const read = () =>
      page.evaluate(() => {
        const el = document.querySelector('ottkit-player');
        return {
          audio: el?.audioTracks.map((t) => `${t.language}:${t.label}`),
          text: el?.textTracks.map((t) => t.language),
          audioTrack: el?.audioTrack,
          textTrack: el?.textTrack,
          cue: el?.querySelector('.ottkit-cue')?.textContent,
        };
      });
    await expect.poll(async () => (await read()).audio).toEqual(['en:English', 'es:Español']);
    expect(await read()).toMatchObject({ text: ['en', 'es'], textTrack: null });
    await page.evaluate(() => {
      const el = document.querySelector('ottkit-player');
      if (!el) return;
      el.audioTrack = el.audioTracks[1]?.id ?? null;
      el.textTrack = el.textTracks[1]?.id ?? null;
    });
    await expect.poll(async () => (await read()).cue, { timeout: 30_000 }).toMatch(/^Subtítulos en español/);
    const seen = await page.evaluate(() => (window as unknown as { seen: [string, unknown][] }).seen);
    expect(seen.filter(([k]) => k === 'tracks').length).toBeGreaterThan(0);
    expect(seen).toContainEqual([
      'change',
      { kind: 'audio', byViewer: true, track: { id: expect.any(String), language: 'es', label: 'Español' } },
    ]);
    expect(seen).toContainEqual([
      'change',
      { kind: 'text', byViewer: true, track: { id: expect.any(String), language: 'es', label: 'Español' } },
    ]);
  } finally {
    await origin.close();
  }
});
