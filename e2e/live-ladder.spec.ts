import { expect, test } from '@playwright/test';
import { startTestSource, type TestSource } from '../packages/server/test/liveSource.ts';
import { newAccount } from './accounts.ts';
import { consoleReady, createOperator, signInOperator } from './console.ts';
import { livePlayer, openLiveTv, playsOn } from './livePlayer.ts';
import { operator } from './operator.ts';
import { E2E_PORT } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issue 17's last item (decision 0270): an editor sets a channel's `ladder` video option in /admin/live; the channel
// is transcoded into three H.264 renditions under one master playlist, and a viewer's <ottkit-player> on /liveTv
// plays them, fetching the rungs' own segments (never the input's own rendition).

const CHANNEL = 'lc-036'; // Kids Songs: free, and no other journey uses it
const UDP_PORT = E2E_PORT + 288;
const UDP = `udp://127.0.0.1:${UDP_PORT}`;

test.describe.configure({ timeout: 120_000 });

test('an editor picks the transcode ladder in the console; the channel plays on /liveTv from 3 H.264 renditions', async ({
  page,
  browser,
}) => {
  const source: TestSource = startTestSource({ target: UDP, format: 'mpegts', label: 'LADDER' });
  try {
    // The editor gives the channel its source and the ladder in /admin/live (the operator call, audited).
    await signInOperator(page, createOperator('editor'), `/admin/live?channel=${CHANNEL}`);
    await consoleReady(page);
    const editor = page.getByTestId('live-editor');
    await editor.getByLabel('Sources, one per line, primary first').fill(UDP);
    await editor.getByRole('radio', { name: /^Relay:/ }).check();
    await editor.getByLabel('Video').selectOption({ label: 'Ladder: 3 H.264 qualities' });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('status')).toContainText('uses these sources now');
    await shot(page, 'admin-live-ladder-1280', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'admin-live-ladder-360', { fullPage: true });
    // What the server stored: the editor opened again shows the ladder.
    await page.reload();
    await consoleReady(page);
    await expect(page.getByTestId('live-editor').getByLabel('Video')).toHaveValue('ladder');

    const viewer = await browser.newContext({ baseURL: page.url().replace(/\/admin.*$/, '') });
    const watch = await viewer.newPage();
    await newAccount(watch.request);
    const masters: string[] = [];
    const rungs = new Set<string>();
    watch.on('response', async (r) => {
      const url = r.url();
      if (url.includes(`/media/live/live-${CHANNEL}/master.m3u8`) && r.ok()) masters.push(await r.text());
      const m = new RegExp(`/media/live/live-${CHANNEL}/([^/]+)/\\d+(?:\\.\\d+)?\\.m4s`).exec(url);
      if (m?.[1]) rungs.add(m[1]);
    });
    await openLiveTv(watch, `/liveTv?id=${CHANNEL}`);
    await expect(livePlayer(watch)).toHaveAttribute('aria-label', /Kids Songs/);
    // Relay: the first viewer opens the input; one ffmpeg encodes the three rungs.
    await playsOn(watch, 4, 60_000);
    const master = masters.at(-1) ?? '';
    const inf = [...master.matchAll(/#EXT-X-STREAM-INF:([^\n]*)/g)].map((m) => m[1] ?? '');
    expect(inf).toHaveLength(3);
    for (const attrs of inf)
      expect(attrs).toMatch(/BANDWIDTH=\d+,.*CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2",RESOLUTION=\d+x\d+/);
    expect(master).toMatch(/^hd\/index\.m3u8/m);
    expect(master).toMatch(/^lq\/index\.m3u8/m);
    // What the player fetched are the ladder's segments.
    expect(rungs.size).toBeGreaterThanOrEqual(1);
    expect([...rungs].every((r) => ['hd', 'sd', 'lq'].includes(r))).toBe(true);
    await expect(livePlayer(watch)).not.toHaveAttribute('data-state', 'error');
    // The player offers the three renditions (and Auto); picking the smallest plays the `lq` rung's segments.
    const quality = livePlayer(watch).getByLabel('Quality');
    await expect(quality.locator('option')).toHaveCount(4);
    await quality.selectOption({ label: 'SD 60p' });
    rungs.clear();
    await expect.poll(() => rungs.has('lq'), { timeout: 30_000 }).toBe(true);
    await playsOn(watch, 2);
    await shot(watch, 'live-ladder-1280');
    await watch.setViewportSize({ width: 360, height: 740 });
    await playsOn(watch, 2);
    await shot(watch, 'live-ladder-360');
    await viewer.close();
  } finally {
    await source.stop();
    try {
      operator('live', 'remove', CHANNEL, '1');
      // The CLI sets the option too (audited like the console's change).
      expect(operator('live', 'mode', CHANNEL, 'relay', '--video', 'copy')).toContain('video copy');
    } catch {
      // Nothing was stored.
    }
  }
});
