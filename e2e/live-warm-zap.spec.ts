import { expect, type Page, test } from '@playwright/test';
import { channelPlaySource } from '../packages/api-client/src/contract/playback.ts';
import { livePlayer, openLiveTv, playsOn } from './livePlayer.ts';
import { logIn, SUBSCRIBER } from './session.ts';

// Instant channel change (issue 20 §1, decision 0201): the player keeps the channels next to the one watched
// (and the one under the pointer) warm, so a zap to one shows its first frame from what was fetched ahead.

/** Every `playing` of a video and every resource fetched, in the page's own clock. */
async function recordTimeline(page: Page) {
  await page.addInitScript(() => {
    performance.setResourceTimingBufferSize(100_000);
    const w = window as unknown as { playingAt: number[] };
    w.playingAt = [];
    document.addEventListener('playing', () => w.playingAt.push(performance.now()), true);
  });
}

/** The live URL the site was answered for each channel (request body → answer). */
function playAnswers(page: Page) {
  const urls = new Map<string, string>();
  page.on('response', async (res) => {
    if (!res.url().endsWith(channelPlaySource.path)) return;
    const body = res.request().postDataJSON() as { logicalChannelId?: string; mode?: string };
    if (body.mode && body.mode !== 'live') return;
    const answer = (await res.json().catch(() => null)) as { data?: { url?: string } } | null;
    if (body.logicalChannelId && answer?.data?.url) urls.set(body.logicalChannelId, answer.data.url);
  });
  return urls;
}

const resources = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ url: e.name, at: e.startTime })),
  );
const tokenOf = (url: string) => new URL(url, 'http://h').searchParams.get('token') ?? '';
const playable = (page: Page) => page.locator('[data-playback][data-locked="false"]');

test('a zap to a warm neighbour fetches no playlist, init or first segment again before its first frame', async ({
  page,
}) => {
  await recordTimeline(page);
  const answers = playAnswers(page);
  await logIn(page, SUBSCRIBER);
  await openLiveTv(page);
  await playsOn(page, 1);
  // The channel under the pointer is warmed too: point at a playable one further down the list. The neighbours
  // were asked for when the channel started; the next answer asked is the pointed channel's.
  const askedBefore = answers.size;
  const pointed = playable(page).nth(3);
  await pointed.hover();
  await expect.poll(() => answers.size).toBeGreaterThan(askedBefore);
  const pointedId = [...answers.keys()][askedBefore] ?? '';
  const segmentsOf = async (token: string) =>
    (await resources(page)).filter(
      (r) => r.url.includes('/media/live/') && tokenOf(r.url) === token && /\.m4s/.test(r.url),
    ).length;
  await expect.poll(() => segmentsOf(tokenOf(answers.get(pointedId) ?? ''))).toBeGreaterThan(0);
  const before = await resources(page);
  const zapAt = await page.evaluate(() => performance.now());
  await pointed.getByRole('button').nth(1).click();
  await expect(page).not.toHaveURL(/id=lc-001/);
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  expect(id).toBe(pointedId);
  const token = tokenOf(answers.get(id) ?? '');
  const ofTarget = (url: string) => url.includes('/media/live/') && tokenOf(url) === token;
  // What was fetched ahead for it: master and media playlists, init segment, a segment.
  const ahead = before.filter((r) => ofTarget(r.url)).map((r) => r.url);
  expect(ahead.some((u) => /master\.m3u8/.test(u))).toBe(true);
  expect(ahead.some((u) => /init\.mp4/.test(u))).toBe(true);
  expect(ahead.some((u) => /\.m4s/.test(u))).toBe(true);
  await playsOn(page, 1);
  const firstFrame = await page.evaluate(
    (t) => (window as unknown as { playingAt: number[] }).playingAt.find((p) => p > t) ?? 0,
    zapAt,
  );
  expect(firstFrame).toBeGreaterThan(zapAt);
  // Fetched ahead marked as a prefetch (decision 0258); the engine asks for the unmarked URL.
  expect(ahead.every((u) => new URL(u).searchParams.get('prefetch') === '1')).toBe(true);
  const fetchedAhead = new Set(ahead.map((u) => u.replace(/[?&]prefetch=1$/, '')));
  const untilFirstFrame = (await resources(page)).filter(
    (r) => ofTarget(r.url) && r.at > zapAt && r.at < firstFrame,
  );
  // Nothing fetched ahead is asked again, and neither is the master or the init segment.
  expect(untilFirstFrame.filter((r) => fetchedAhead.has(r.url)).map((r) => r.url)).toEqual([]);
  expect(untilFirstFrame.filter((r) => /master\.m3u8|init\.mp4/.test(r.url)).map((r) => r.url)).toEqual([]);
  await expect(livePlayer(page)).toHaveAttribute('data-state', 'playing');
});

test('Save-Data turns preloading off: neither the neighbours nor the pointed channel are fetched ahead', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: {
        saveData: true,
        type: 'wifi',
        effectiveType: '4g',
        addEventListener() {},
        removeEventListener() {},
      },
    });
  });
  await recordTimeline(page);
  const answers = playAnswers(page);
  await logIn(page, SUBSCRIBER);
  await openLiveTv(page);
  await playsOn(page, 1);
  await playable(page).nth(3).hover();
  // A few more seconds of playback: time enough for the warming the first journey sees at once.
  await playsOn(page, 4);
  expect([...answers.keys()]).toEqual(['lc-001']);
  const tokens = new Set(
    (await resources(page)).filter((r) => r.url.includes('/media/live/')).map((r) => tokenOf(r.url)),
  );
  expect([...tokens]).toEqual([tokenOf(answers.get('lc-001') ?? '')]);
});
