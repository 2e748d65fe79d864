import { expect, test } from '@playwright/test';
import { startTestSource, type TestSource } from '../packages/server/test/liveSource.ts';
import { newAccount } from './accounts.ts';
import { livePlayer, openLiveTv, playsOn } from './livePlayer.ts';
import { operator } from './operator.ts';
import { E2E_PORT } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issue 17: a channel fed by a real live input (SRT from a test pattern with a burnt-in clock, made by ffmpeg on
// loopback) plays on /liveTv through ottkit's own origin; when the primary dies, the backup (UDP) takes over and
// the viewer's player keeps playing without a reload.

const CHANNEL = 'lc-040'; // Weather 24: free, and no other journey uses it
const SRT_PORT = E2E_PORT + 280;
const UDP_PORT = SRT_PORT + 1;

interface Status {
  channels: { logicalChannelId: string; activeSource?: number; sources: { state: string }[] }[];
}
const liveStatus = (): Status['channels'][0] | undefined => {
  try {
    return (JSON.parse(operator('live', 'status', '--json')) as Status).channels.find(
      (c) => c.logicalChannelId === CHANNEL,
    );
  } catch {
    return undefined;
  }
};

test.describe.configure({ timeout: 120_000 });

test('an SRT-fed channel plays on /liveTv and keeps playing on its backup when the primary dies', async ({
  page,
}) => {
  const sources: TestSource[] = [
    startTestSource({
      target: `srt://127.0.0.1:${SRT_PORT}?mode=listener`,
      format: 'mpegts',
      label: 'PRIMARY',
    }),
    startTestSource({ target: `udp://127.0.0.1:${UDP_PORT}`, format: 'mpegts', label: 'BACKUP' }),
  ];
  try {
    operator('live', 'add', CHANNEL, `srt://127.0.0.1:${SRT_PORT}?mode=caller`);
    operator('live', 'add', CHANNEL, `udp://127.0.0.1:${UDP_PORT}`);
    operator('live', 'mode', CHANNEL, 'relay');
    // The server reads the sources again within 5 s.
    await expect.poll(liveStatus, { timeout: 15_000 }).toBeTruthy();

    await newAccount(page.request);
    const segments: string[] = [];
    page.on('request', (r) => {
      const m = /\/media\/live\/([^/]+)\/[^/]+\/(\d+)(?:\.\d+)?\.m4s/.exec(r.url());
      if (m) segments.push(`${m[1]}/${m[2]}`);
    });
    await openLiveTv(page, `/liveTv?id=${CHANNEL}`);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await expect(livePlayer(page)).toHaveAttribute('aria-label', /Weather 24/);
    // Relay: the first viewer opens the upstream; the page plays ottkit's packaging of it.
    await playsOn(page, 4, 45_000);
    expect(segments.some((s) => s.startsWith(`live-${CHANNEL}/`))).toBe(true);
    expect(liveStatus()?.activeSource).toBe(1);
    await shot(page, 'live-sources-srt-1280');

    // The primary dies mid-stream: the watchdog puts the backup on air; the same page plays on. The longest
    // stall the viewer sees is printed (issue 17's goal: < 4 s), not asserted.
    await livePlayer(page)
      .locator('video')
      .evaluate((v: HTMLVideoElement) => {
        const w = window as unknown as { stalls: number[]; stalledAt?: number };
        w.stalls = [];
        v.addEventListener('waiting', () => {
          w.stalledAt = performance.now();
        });
        v.addEventListener('playing', () => {
          if (w.stalledAt !== undefined) w.stalls.push(performance.now() - w.stalledAt);
          w.stalledAt = undefined;
        });
      });
    await sources[0]?.stop();
    await expect.poll(() => liveStatus()?.activeSource, { timeout: 30_000 }).toBe(2);
    await playsOn(page, 6, 45_000);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await expect(livePlayer(page)).not.toHaveAttribute('data-state', 'error');
    const stalls = await page.evaluate(() => (window as unknown as { stalls: number[] }).stalls);
    console.log(
      `failover in Chromium: ${stalls.length} stall(s), longest ${Math.round(Math.max(0, ...stalls))} ms, no reload`,
    );
    await shot(page, 'live-sources-backup-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await playsOn(page, 2);
    await shot(page, 'live-sources-backup-360');
  } finally {
    await Promise.all(sources.map((s) => s.stop()));
    operator('live', 'remove', CHANNEL, '2');
    operator('live', 'remove', CHANNEL, '1');
  }
});
