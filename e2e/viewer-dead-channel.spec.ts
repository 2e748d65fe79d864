import { expect, test } from '@playwright/test';
import { startTestSource, type TestSource } from '../packages/server/test/liveSource.ts';
import { newAccount } from './accounts.ts';
import { livePlayer, playsOn } from './livePlayer.ts';
import { operator } from './operator.ts';
import { E2E_PORT } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issue 36: a channel whose upstream is gone showed only a spinner on /liveTv, a minute and more. Within about 10 s
// the viewer reads that the channel is not available, with Retry, and the player keeps trying behind it: when the
// upstream comes back the channel plays without a click.

const CHANNEL = 'lc-016'; // Metro Local: free, and no other journey uses it
const UDP_PORT = E2E_PORT + 286;

test.describe.configure({ timeout: 150_000 });

test('a dead channel says it is not available within about 10 s, and plays once its upstream is back', async ({
  page,
}) => {
  let source: TestSource | undefined;
  try {
    // A relay whose only source sends nothing: the origin never gets a segment.
    operator('live', 'add', CHANNEL, `udp://127.0.0.1:${UDP_PORT}`);
    operator('live', 'mode', CHANNEL, 'relay');
    await page.waitForTimeout(6_000); // the server reads the sources again within 5 s
    await newAccount(page.request);
    await page.goto(`/liveTv?id=${CHANNEL}`);
    // A loaded machine can take long to hydrate; the 10 s are counted from when the player is there.
    await expect(page.locator('[data-live-ready="true"]')).toBeVisible({ timeout: 60_000 });
    const opened = Date.now();
    const notice = livePlayer(page).getByRole('alert');
    // 10 s without a frame (LIVE_UNAVAILABLE_MS, exact in core/unavailable.test.ts), with room for a busy machine.
    await expect(notice).toContainText('This channel is not available right now', { timeout: 20_000 });
    expect(Date.now() - opened).toBeLessThan(20_000);
    await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(livePlayer(page).getByRole('status', { name: 'Loading' })).toHaveCount(0);
    // No engine code anywhere on the page.
    await expect(page.locator('body')).not.toContainText(/levelLoadError|manifestLoadError|HTTP \d{3}/);
    await shot(page, 'viewer-dead-channel-1366');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'viewer-dead-channel-360');
    await page.setViewportSize({ width: 1366, height: 768 });

    // Retry while still dead: the notice stays, nothing else is shown.
    await notice.getByRole('button', { name: 'Retry' }).click();
    await expect(notice).toContainText('This channel is not available right now');

    // The upstream comes back: the quiet retries pick it up, no click needed.
    source = startTestSource({ target: `udp://127.0.0.1:${UDP_PORT}`, format: 'mpegts', label: 'BACK' });
    await playsOn(page, 2, 90_000);
    await expect(livePlayer(page).getByRole('alert')).toHaveCount(0);
  } finally {
    await source?.stop();
    operator('live', 'remove', CHANNEL, '1');
  }
});
