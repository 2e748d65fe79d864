import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestSource } from '../packages/server/test/liveSource.ts';
import { operator, repoRoot } from './operator.ts';
import { E2E_DATA_DIR, E2E_PORT } from './playwright.config.ts';
import { logIn } from './session.ts';

// Issue 36: on a channel fed by a live source and switched to recording, the guide offered "Playback" for
// programmes that ended before the recording began (which then failed). Now only what exists is offered, and a
// programme recorded in part says from when.

const CHANNEL = 'lc-012'; // Cartoon Land: free, catch-up, and no other journey uses it
const UDP_PORT = E2E_PORT + 287;
const BEFORE = 'Aired Before Recording';
const PART = 'Recorded In Part';

test.describe.configure({ timeout: 150_000 });

/** Replaces today's guide of the channel with these programmes, fillers around them. */
function importGuide(programmes: { start: number; stop: number; title: string }[]) {
  const first = programmes[0]?.start ?? Date.now();
  const day = new Date(first).toISOString().slice(0, 10);
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const last = programmes.at(-1)?.stop ?? first;
  const text = (title: string) => [{ lang: 'en', title, content: '' }];
  const list = [
    ...(first > dayStart ? [{ start: dayStart, stop: first, texts: text('Cartoons Earlier') }] : []),
    ...programmes.map((p) => ({ start: p.start, stop: p.stop, texts: text(p.title) })),
    { start: last, stop: Math.max(last + 60_000, dayStart + 86_400_000), texts: text('Cartoons Later') },
  ];
  const file = join(tmpdir(), `ottkit-e2e-range-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(list));
  operator('guide-import', `epg-${CHANNEL}`, day, file);
}

const recorded = (): { startMs: number; durationSec: number }[] => {
  try {
    return readFileSync(join(repoRoot, E2E_DATA_DIR, 'live', 'channels', CHANNEL, 'index.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};

test('the guide offers Playback only for what was recorded, and says from when for a part', async ({
  page,
}) => {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const partStop = now + 40_000;
  importGuide([
    { start: now - 20 * 60_000, stop: now - 10 * 60_000, title: BEFORE },
    { start: now - 10 * 60_000, stop: partStop, title: PART },
  ]);
  const source = startTestSource({ target: `udp://127.0.0.1:${UDP_PORT}`, format: 'mpegts', label: 'REC' });
  try {
    operator('live', 'add', CHANNEL, `udp://127.0.0.1:${UDP_PORT}`);
    operator('live', 'mode', CHANNEL, 'record');
    await expect.poll(() => recorded().length, { timeout: 30_000 }).toBeGreaterThan(0);
    // The part-recorded programme ends, and the recording goes past its end.
    await expect
      .poll(() => recorded().some((s) => s.startMs >= partStop), { timeout: 70_000, intervals: [1_000] })
      .toBe(true);

    await logIn(page);
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`/liveTv?id=${CHANNEL}`);
    await expect(page.locator('[data-live-ready="true"]')).toBeVisible({ timeout: 60_000 });
    const guide = page.getByRole('list', { name: 'Programme guide' });
    const before = guide.locator('li').filter({ hasText: BEFORE });
    const part = guide.locator('li').filter({ hasText: PART });
    await expect(part.getByRole('button', { name: /^Playback/ })).toBeVisible();
    // Ended before the recording began: no Playback, nothing to fail.
    await expect(before.getByRole('button', { name: /^Playback/ })).toHaveCount(0);
    // Began before it: says from when, in the guide's time format.
    await expect(part).toContainText(/Recorded from \d{1,2}:\d{2}/);
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.data/screens/viewer-catchup-range-1366.png' });
    await page.setViewportSize({ width: 360, height: 740 });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.data/screens/viewer-catchup-range-360.png' });

    // What is offered plays.
    await part.getByRole('button', { name: /^Playback/ }).click();
    const video = page.locator('section.ottkit-dialog video');
    const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(page.locator('section.ottkit-dialog').getByRole('alert')).toHaveCount(0);
  } finally {
    await source.stop();
    operator('live', 'remove', CHANNEL, '1');
  }
});
