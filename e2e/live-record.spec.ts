import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestSource } from '../packages/server/test/liveSource.ts';
import { importGuideDay, operator, repoRoot } from './operator.ts';
import { E2E_DATA_DIR, E2E_PORT } from './playwright.config.ts';
import { logIn } from './session.ts';
import { shot } from './screens.ts';

// Issue 17: a channel in `record` mode, fed by a real input (a UDP test pattern made by ffmpeg on loopback), keeps
// its recording; once a programme of its guide has ended, a viewer picks it in the guide on /liveTv and it plays as
// catch-up, cut from what the server recorded (not from the sample loop).
// Issue 36, in the same journey (one recording to wait for, decision 0367): the guide offered "Playback" for
// programmes that ended before the recording began (which then failed). Only what exists is offered, and a
// programme recorded in part says from when.

const CHANNEL = 'lc-044'; // Music Videos: free, 1 day of catch-up, and no other journey uses it
const UDP_PORT = E2E_PORT + 283;
const BEFORE = 'Aired Before Recording';
const TITLE = 'Recorded Live Set';

test.describe.configure({ timeout: 150_000 });

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Replaces the channel's guide around these programmes, fillers before them from the first one's UTC day start
 * and after them to the end of the last one's day. `guide-import` takes one UTC day of programmes (each starting
 * on it), so a list that crosses midnight (a run just after 00:00 UTC) is imported a day at a time.
 */
function importGuide(programmes: { start: number; stop: number; title: string }[]) {
  const first = programmes[0]?.start ?? Date.now();
  const dayStart = Date.parse(`${dayOf(first)}T00:00:00Z`);
  const last = programmes.at(-1)?.stop ?? first;
  const lastDayEnd = Date.parse(`${dayOf(last)}T00:00:00Z`) + DAY_MS;
  const text = (title: string) => [{ lang: 'en', title, content: '' }];
  const list = [
    ...(first > dayStart ? [{ start: dayStart, stop: first, texts: text('Music Before') }] : []),
    ...programmes.map((p) => ({ start: p.start, stop: p.stop, texts: text(p.title) })),
    { start: last, stop: Math.max(last + 60_000, lastDayEnd), texts: text('Music After') },
  ];
  for (const day of new Set(list.map((p) => dayOf(p.start)))) {
    importGuideDay(
      CHANNEL,
      day,
      list.filter((p) => dayOf(p.start) === day),
    );
  }
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

test("a recorded channel's guide offers Playback only for what was recorded, says from when for a part, and plays it from the recording", async ({
  page,
}) => {
  const source = startTestSource({ target: `udp://127.0.0.1:${UDP_PORT}`, format: 'mpegts', label: 'REC' });
  try {
    operator('live', 'add', CHANNEL, `udp://127.0.0.1:${UDP_PORT}`);
    operator('live', 'mode', CHANNEL, 'record');
    // Record channels run without viewers: the server picks the channel up within 5 s and records.
    await expect.poll(() => recorded().length, { timeout: 30_000 }).toBeGreaterThan(0);
    // The guide is written once the recording runs, so the programme can end soon after it began however long the
    // pick-up took (a fixed margin waited about 40 s). Whole seconds: the guide and the catch-up URL carry the
    // programme's times. The programme began before the recording (so it is recorded in part) and ends 8 s from
    // now (enough recorded to play through); the one before it ended before.
    const now = Math.floor(Date.now() / 1000) * 1000;
    const start = now - 10 * 60_000;
    const stop = now + 8_000;
    importGuide([
      { start: now - 20 * 60_000, stop: start, title: BEFORE },
      { start, stop, title: TITLE },
    ]);
    // The programme ends, and the recording has a segment past its end (the catch-up is then complete: VOD).
    await expect
      .poll(() => recorded().some((s) => s.startMs >= stop), { timeout: 45_000, intervals: [1_000] })
      .toBe(true);

    await logIn(page);
    const fetched: { window: string; n: number }[] = [];
    page.on('request', (r) => {
      const m = /\/media\/catchup\/live-[^/]+\/(\d+-\d+)\/[^/]+\/(\d+)\.m4s/.exec(r.url());
      if (m) fetched.push({ window: m[1] as string, n: Number(m[2]) });
    });
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`/liveTv?id=${CHANNEL}`);
    await expect(page.locator('[data-live-ready="true"]')).toBeVisible({ timeout: 60_000 });
    const guide = page.getByRole('list', { name: 'Programme guide' });
    const before = guide.locator('li').filter({ hasText: BEFORE });
    const part = guide.locator('li').filter({ hasText: TITLE });
    await expect(part.getByRole('button', { name: /^Playback/ })).toBeVisible();
    // Ended before the recording began: no Playback, nothing to fail.
    await expect(before.getByRole('button', { name: /^Playback/ })).toHaveCount(0);
    // Began before it: says from when, in the guide's time format.
    await expect(part).toContainText(/Recorded from \d{1,2}:\d{2}/);
    await part.scrollIntoViewIfNeeded();
    await shot(page, 'viewer-catchup-range-1366');

    // What is offered plays, in the catch-up dialog, from the recording.
    await part.getByRole('button', { name: /^Playback/ }).click();
    const dialog = page.locator('section.ottkit-dialog');
    await expect(dialog).toHaveAttribute('aria-label', /Music Videos/);
    await expect(dialog.locator('.ottkit-dialog-title')).toContainText(TITLE);
    const video = dialog.locator('video');
    const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0);
    const t0 = await time();
    await expect.poll(time, { timeout: 30_000, intervals: [1_000] }).toBeGreaterThan(t0 + 3);
    expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    // The segments played are the recording's segments of this programme's window.
    expect(fetched.length).toBeGreaterThan(0);
    const stored = new Map(recorded().map((s) => [s.n, s]));
    for (const f of fetched) {
      expect(f.window).toBe(`${start}-${stop}`);
      const s = stored.get(f.n);
      expect(s, `segment ${f.n} is in the recording`).toBeDefined();
      expect(s && s.startMs < stop && s.startMs + s.durationSec * 1000 > start).toBe(true);
    }
    await shot(page, 'live-record-catchup-1366');
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(t0 + 4);
    await shot(page, 'live-record-catchup-360');
    // The guide at phone width, the part still saying from when.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await part.scrollIntoViewIfNeeded();
    await expect(part).toContainText(/Recorded from \d{1,2}:\d{2}/);
    await shot(page, 'viewer-catchup-range-360');
  } finally {
    await source.stop();
    operator('live', 'remove', CHANNEL, '1');
  }
});
