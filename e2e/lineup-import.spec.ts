import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { serveFolder, startTestSource, type TestSource } from '../packages/server/test/liveSource.ts';
import { playsOn } from './livePlayer.ts';
import { operator } from './operator.ts';
import { E2E_PORT } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issue 16: an operator imports their own line-up and guide with the CLI; viewers see the channel on /liveTv
// under its group with today's programmes, and it plays: the playlist's stream URL (a local HLS stream written by
// ffmpeg) is the channel's first live source, relayed through ottkit's own origin (issue 17).

const UPSTREAM_PORT = E2E_PORT + 284;
let upstream: { source: TestSource; http: Server } | undefined;
test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-e2e-upstream-'));
  dirs.push(dir);
  upstream = {
    source: startTestSource({ target: dir, format: 'hls', audio: 'aac', label: 'HARBOUR' }),
    http: await serveFolder(dir, UPSTREAM_PORT),
  };
});
test.afterAll(async () => {
  await upstream?.source.stop();
  upstream?.http.close();
});

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (ts: number) => {
  const d = new Date(ts);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}0000 +0000`;
};

const dirs: string[] = [];
test.afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
test.describe.configure({ timeout: 90_000 });

/** A playlist of two channels in a group of its own, and a two-language guide of yesterday to tomorrow. */
function writeLineup(streamBase: string): { m3u: string; xmltv: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-e2e-lineup-'));
  dirs.push(dir);
  const m3u = join(dir, 'lineup.m3u8');
  writeFileSync(
    m3u,
    [
      '#EXTM3U',
      '#EXTINF:-1 tvg-id="harbour.tv" tvg-chno="901" group-title="Harbour Imports",Harbour TV',
      `${streamBase}/index.m3u8`,
      '#EXTINF:-1 tvg-chno="902" group-title="Harbour Imports",Lighthouse HD',
      `${streamBase}/lighthouse/index.m3u8`,
    ].join('\n'),
  );
  const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const programmes: string[] = [];
  for (const [id, name] of [
    ['harbour.tv', 'Harbour'],
    ['lighthouse', 'Lighthouse'],
  ]) {
    for (let t = midnight - 86_400_000; t < midnight + 2 * 86_400_000; t += 4 * 3_600_000) {
      const h = new Date(t).getUTCHours();
      programmes.push(
        `<programme start="${stamp(t)}" stop="${stamp(t + 4 * 3_600_000)}" channel="${id}">` +
          `<title lang="en">${name} watch ${h}h</title><title lang="es">${name} guardia ${h}h</title></programme>`,
      );
    }
  }
  const xmltv = join(dir, 'guide.xml');
  writeFileSync(
    xmltv,
    `<?xml version="1.0"?><tv>
<channel id="harbour.tv"><display-name>Harbour TV</display-name></channel>
<channel id="lighthouse"><display-name>Lighthouse</display-name></channel>
${programmes.join('\n')}
</tv>`,
  );
  return { m3u, xmltv };
}

test('an imported channel is listed under its group, plays its stream and its guide shows today', async ({
  page,
}) => {
  const { m3u, xmltv } = writeLineup(`http://127.0.0.1:${UPSTREAM_PORT}`);
  const relayed: string[] = [];
  page.on('request', (r) => {
    if (/\/media\/live\/(live-)?s\d+-1\/.+\.m4s/.test(r.url())) relayed.push(r.url());
  });
  operator('sources', 'add', 'harbour', '--m3u', m3u, '--xmltv', xmltv);
  expect(operator('sources', 'preview', 'harbour')).toMatch(/2\s+Harbour Imports/);
  expect(operator('sources', 'import', 'harbour')).toMatch(/2 channels \(2 added.*2 mapped, 0 unmapped/);
  // No wait for the server's periodic read of live sources: the first playlist request of a channel it does not
  // know yet reads that channel from the store (decision 0255); the page's own waits below are the conditions.

  await page.goto('/liveTv');
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  await page.getByRole('tab', { name: 'Harbour Imports' }).click();
  await expect(page.getByRole('button', { name: /^Lighthouse HD/ })).toBeVisible();
  await page.getByRole('button', { name: /^Harbour TV/ }).click();
  await expect(page).toHaveURL(/id=s\d+-1/);
  const guide = page.getByRole('list', { name: 'Programme guide' });
  const hour = Math.floor(new Date().getUTCHours() / 4) * 4;
  await expect(guide.getByRole('button', { name: `Playing : Harbour watch ${hour}h` })).toBeVisible();
  await expect(guide.getByText('Harbour watch 0h', { exact: true })).toBeVisible();
  // It plays: the upstream is opened for its first viewer and packaged by ottkit's origin.
  await playsOn(page, 3, 60_000);
  expect(relayed.length).toBeGreaterThan(0);
  await shot(page, 'lineup-import-desktop');

  // In Spanish, the guide shows the feed's Spanish titles (XMLTV lang="es").
  await expect(page.locator('header .lang-picker')).toHaveAttribute('data-ready', 'true');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const spanishGuide = page.getByRole('list', { name: 'Guía de programación' });
  await expect(spanishGuide.getByText('Harbour guardia 0h', { exact: true })).toBeVisible();
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A refresh keeps the ids: the name-mapped channel, opened by its id, shows its guide (at phone width).
  expect(operator('sources', 'refresh', 'harbour')).toMatch(/0 added, 0 updated, 0 removed/);
  const lighthouse = page.url().replace(/id=s(\d+)-1/, 'id=s$1-2');
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(lighthouse);
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  await expect(guide.getByText('Lighthouse watch 0h', { exact: true })).toBeVisible();
  await shot(page, 'lineup-import-phone');
});
