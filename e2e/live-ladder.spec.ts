import { expect, test } from '@playwright/test';
import { startTestSource, type TestSource } from '../packages/server/test/liveSource.ts';
import { newAccount } from './accounts.ts';
import { livePlayer, openLiveTv, playsOn } from './livePlayer.ts';
import { operator } from './operator.ts';

// Issue 17's last item (decision 0270): a channel with the `ladder` video option is transcoded into three H.264
// renditions under one master playlist; the viewer's <ottkit-player> on /liveTv plays them, fetching the rungs'
// own segments (never the input's own rendition).

const CHANNEL = 'lc-036'; // Kids Songs: free, and no other journey uses it
const UDP_PORT = Number(process.env.OTTKIT_E2E_PORT ?? 4400) + 288;
const UDP = `udp://127.0.0.1:${UDP_PORT}`;

test.describe.configure({ timeout: 120_000 });

test('a channel with the transcode ladder plays on /liveTv from a master of 3 H.264 renditions', async ({
  page,
}) => {
  const source: TestSource = startTestSource({ target: UDP, format: 'mpegts', label: 'LADDER' });
  try {
    operator('live', 'add', CHANNEL, UDP);
    // The operator's CLI sets the option like the console's select does (both audited).
    expect(operator('live', 'mode', CHANNEL, 'relay', '--video', 'ladder')).toContain('video ladder');

    await newAccount(page.request);
    const masters: string[] = [];
    const rungs = new Set<string>();
    page.on('response', async (r) => {
      const url = r.url();
      if (url.includes(`/media/live/live-${CHANNEL}/master.m3u8`) && r.ok()) masters.push(await r.text());
      const m = new RegExp(`/media/live/live-${CHANNEL}/([^/]+)/\\d+\\.m4s`).exec(url);
      if (m?.[1]) rungs.add(m[1]);
    });
    await openLiveTv(page, `/liveTv?id=${CHANNEL}`);
    await expect(livePlayer(page)).toHaveAttribute('aria-label', /Kids Songs/);
    // Relay: the first viewer opens the input; one ffmpeg encodes the three rungs.
    await playsOn(page, 4, 60_000);
    const master = masters.at(-1) ?? '';
    const inf = [...master.matchAll(/#EXT-X-STREAM-INF:([^\n]*)/g)].map((m) => m[1] ?? '');
    expect(inf).toHaveLength(3);
    for (const attrs of inf)
      expect(attrs).toMatch(/BANDWIDTH=\d+,.*CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2",RESOLUTION=\d+x\d+/);
    expect(master).toMatch(/^hd\/index\.m3u8/m);
    expect(master).toMatch(/^lq\/index\.m3u8/m);
    // What the player fetched are the ladder's segments.
    expect([...rungs].length).toBeGreaterThanOrEqual(1);
    expect([...rungs].every((r) => ['hd', 'sd', 'lq'].includes(r))).toBe(true);
    await expect(livePlayer(page)).not.toHaveAttribute('data-state', 'error');
    await page.screenshot({ path: '.data/screens/live-ladder-1280.png' });
    await page.setViewportSize({ width: 360, height: 740 });
    await playsOn(page, 2);
    await page.screenshot({ path: '.data/screens/live-ladder-360.png' });
  } finally {
    await source.stop();
    try {
      operator('live', 'remove', CHANNEL, '1');
      operator('live', 'mode', CHANNEL, 'relay', '--video', 'copy');
    } catch {
      // Nothing was stored.
    }
  }
});
