import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestSource } from '../packages/server/test/liveSource.ts';
import { operator, repoRoot } from './operator.ts';
import { E2E_DATA_DIR, E2E_PORT } from './playwright.config.ts';
import { logIn } from './session.ts';

// Issue 17: a channel in `record` mode, fed by a real input (a UDP test pattern made by ffmpeg on loopback), keeps
// its recording; once a programme of its guide has ended, a viewer picks it in the guide on /liveTv and it plays as
// catch-up, cut from what the server recorded (not from the sample loop).

const CHANNEL = 'lc-044'; // Music Videos: free, 1 day of catch-up, and no other journey uses it
const UDP_PORT = E2E_PORT + 283;
const TITLE = 'Recorded Live Set';

test.describe.configure({ timeout: 120_000 });

/** Replaces today's guide of the channel: the short programme [start, stop) between two fillers. */
function importGuide(start: number, stop: number) {
  const day = new Date(start).toISOString().slice(0, 10);
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const dayEnd = dayStart + 86_400_000;
  const text = (title: string) => [{ lang: 'en', title, content: '' }];
  const programmes = [
    ...(start > dayStart ? [{ start: dayStart, stop: start, texts: text('Music Before') }] : []),
    { start, stop, texts: text(TITLE) },
    ...(stop < dayEnd ? [{ start: stop, stop: dayEnd, texts: text('Music After') }] : []),
  ];
  const file = join(tmpdir(), `ottkit-e2e-guide-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(programmes));
  operator('guide-import', `epg-${CHANNEL}`, day, file);
}

/** The channel's recording as the server stored it (decision 0221): one line per segment. */
function recorded(): { n: number; startMs: number; durationSec: number }[] {
  try {
    return readFileSync(join(repoRoot, E2E_DATA_DIR, 'live', 'channels', CHANNEL, 'index.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

test("a recorded channel's past programme plays as catch-up from the guide", async ({ page }) => {
  // Whole seconds: the guide and the catch-up URL carry the programme's times.
  const start = Math.floor(Date.now() / 1000) * 1000 - 60_000;
  const stop = start + 95_000; // ends about 35 s from now
  importGuide(start, stop);
  const source = startTestSource({ target: `udp://127.0.0.1:${UDP_PORT}`, format: 'mpegts', label: 'REC' });
  try {
    operator('live', 'add', CHANNEL, `udp://127.0.0.1:${UDP_PORT}`);
    operator('live', 'mode', CHANNEL, 'record');
    // Record channels run without viewers: the server picks the channel up within 5 s and records.
    await expect.poll(() => recorded().length, { timeout: 30_000 }).toBeGreaterThan(0);
    // The programme ends, and the recording has a segment past its end (the catch-up is then complete: VOD).
    await expect
      .poll(() => recorded().some((s) => s.startMs >= stop), { timeout: 60_000, intervals: [1_000] })
      .toBe(true);

    await logIn(page);
    const fetched: { window: string; n: number }[] = [];
    page.on('request', (r) => {
      const m = /\/media\/catchup\/live-[^/]+\/(\d+-\d+)\/[^/]+\/(\d+)\.m4s/.exec(r.url());
      if (m) fetched.push({ window: m[1] as string, n: Number(m[2]) });
    });
    await page.goto(`/liveTv?id=${CHANNEL}`);
    await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
    const guide = page.getByRole('list', { name: 'Programme guide' });
    // Today's guide: the short programme is over, so it offers Playback.
    await guide.getByRole('button', { name: new RegExp(`^Playback.*${TITLE}`) }).click();
    const dialog = page.locator('section.ottkit-dialog');
    await expect(dialog).toHaveAttribute('aria-label', /Music Videos/);
    await expect(dialog.locator('.ottkit-dialog-title')).toContainText(TITLE);
    const video = dialog.locator('video');
    const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0);
    const t0 = await time();
    await expect.poll(time, { timeout: 30_000, intervals: [1_000] }).toBeGreaterThan(t0 + 3);
    expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();

    // The segments played are the recording's segments of this programme's window.
    expect(fetched.length).toBeGreaterThan(0);
    const stored = new Map(recorded().map((s) => [s.n, s]));
    for (const f of fetched) {
      expect(f.window).toBe(`${start}-${stop}`);
      const s = stored.get(f.n);
      expect(s, `segment ${f.n} is in the recording`).toBeDefined();
      expect(s && s.startMs < stop && s.startMs + s.durationSec * 1000 > start).toBe(true);
    }
    await page.screenshot({ path: '.data/screens/live-record-catchup-1280.png' });
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(t0 + 4);
    await page.screenshot({ path: '.data/screens/live-record-catchup-360.png' });
  } finally {
    await source.stop();
    operator('live', 'remove', CHANNEL, '1');
  }
});
