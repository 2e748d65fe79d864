/// <reference path="../../server/test/origin-m3u8-parser.d.ts" />
import { expect, type Page, test } from '@playwright/test';
// The real origin of the product (alternate audio and WebVTT renditions, issue 20 §3), started in the test
// process on a free loopback port; the page is the package's plain example on the fixture origin.
import { createKeyStore } from '../../server/src/origin/keys.ts';
import { startOrigin, tinyLibrary } from '../../server/test/origin-fixture.ts';
import { look } from './page.ts';

type Origin = Awaited<ReturnType<typeof startOrigin>>;
let origin: Origin;

test.beforeAll(async () => {
  origin = await startOrigin({ library: await tinyLibrary(), nowMs: Date.now() });
  // The origin's clock follows the wall clock (live windows slide while the page plays).
  setInterval(() => {
    origin.clock.now = Date.now();
  }, 250).unref();
});
test.afterAll(() => origin?.close());

const abs = (path: string) => new URL(path, origin.base).href;

/** Opens the plain example on `src` (unmuted), optionally with DRM keys, and waits for playback. */
async function open(page: Page, src: string, clearKeys?: Record<string, string>, lang = 'en') {
  await page.goto('/examples/plain.html');
  await page.evaluate(
    ([src, keys, lang]) => {
      document.documentElement.lang = lang as string;
      const old = document.querySelector('ottkit-player');
      const el = document.createElement('ottkit-player');
      old?.replaceWith(el);
      if (keys) el.drm = { clearKeys: keys as Record<string, string> };
      const w = window as unknown as { trackEvents: unknown[] };
      w.trackEvents = [];
      el.addEventListener('ottkit-trackchange', (e) => w.trackEvents.push((e as CustomEvent).detail));
      if ((src as string).includes('/media/vod/')) el.setAttribute('mode', 'vod');
      el.setAttribute('src', src as string);
    },
    [src, clearKeys, lang] as const,
  );
  await expect.poll(async () => (await look(page)).state).toBe('playing');
}

const tracksOf = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('ottkit-player');
    return {
      audio: el?.audioTracks.map((t) => t.language),
      text: el?.textTracks.map((t) => t.language),
      audioTrack: el?.audioTracks.find((t) => t.id === el.audioTrack)?.language ?? null,
      textTrack: el?.textTracks.find((t) => t.id === el.textTrack)?.language ?? null,
      cue: document.querySelector<HTMLElement>('ottkit-player .ottkit-cue')?.textContent ?? '',
    };
  });

/**
 * The loudest frequency of what the video element plays now, Hz, from a WebAudio analyser on its output
 * (hls.js and shaka-player feed it through a same-origin MediaSource, so the samples are readable).
 */
const dominantHz = (page: Page) =>
  page.evaluate(async () => {
    const video = document.querySelector('ottkit-player video') as HTMLVideoElement;
    const w = window as unknown as { analyser?: AnalyserNode; ctx?: AudioContext };
    if (!w.analyser) {
      w.ctx = new AudioContext();
      const source = w.ctx.createMediaElementSource(video);
      w.analyser = w.ctx.createAnalyser();
      w.analyser.fftSize = 8192;
      source.connect(w.analyser);
      w.analyser.connect(w.ctx.destination);
      await w.ctx.resume();
    }
    video.muted = false;
    await new Promise((r) => setTimeout(r, 400));
    const bins = new Float32Array(w.analyser.frequencyBinCount);
    w.analyser.getFloatFrequencyData(bins);
    let best = 0;
    for (let i = 1; i < bins.length; i++) if ((bins[i] ?? -1e9) > (bins[best] ?? -1e9)) best = i;
    return (best * (w.ctx?.sampleRate ?? 48_000)) / w.analyser.fftSize;
  });

async function switchesLanguages(page: Page) {
  await expect.poll(async () => (await tracksOf(page)).audio).toEqual(['en', 'es']);
  expect((await tracksOf(page)).text).toEqual(['en', 'es']);
  // The page is English: English audio, subtitles off.
  expect(await tracksOf(page)).toMatchObject({ audioTrack: 'en', textTrack: null, cue: '' });
  await expect.poll(() => dominantHz(page), { timeout: 20_000 }).toBeCloseTo(440, -1);

  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.getByRole('combobox', { name: 'Audio' }).selectOption({ label: 'Español' });
  // A segment, or a part of one (`<n>.<k>.m4s`) where the live channel offers LL-HLS (decision 0442).
  await expect.poll(() => fetched.some((p) => /\/audio-es\/\d+(\.\d+)?\.m4s$/.test(p))).toBe(true);
  expect((await tracksOf(page)).audioTrack).toBe('es');
  // The Spanish rendition is an octave up: what is heard changed, not only what was fetched.
  await expect.poll(() => dominantHz(page), { timeout: 30_000 }).toBeCloseTo(880, -1);

  await page.getByRole('combobox', { name: 'Subtitles' }).selectOption({ label: 'Español' });
  await expect
    .poll(async () => (await tracksOf(page)).cue, { timeout: 30_000 })
    .toMatch(/^Subtítulos en español \d+:\d\d$/);
  await page.getByRole('combobox', { name: 'Subtitles' }).selectOption({ label: 'English' });
  await expect
    .poll(async () => (await tracksOf(page)).cue, { timeout: 30_000 })
    .toMatch(/^English subtitles \d+:\d\d$/);
  // Drawn inside the picture, above the control bar.
  const [cue, controls] = await Promise.all([
    page.locator('ottkit-player .ottkit-cue').boundingBox(),
    page.locator('ottkit-player .ottkit-controls').boundingBox(),
  ]);
  expect((cue?.y ?? 0) + (cue?.height ?? 0)).toBeLessThanOrEqual(controls?.y ?? 0);
  await page.getByRole('combobox', { name: 'Subtitles' }).selectOption({ label: 'Off' });
  await expect.poll(async () => (await tracksOf(page)).cue).toBe('');

  const events = await page.evaluate(() => (window as unknown as { trackEvents: unknown[] }).trackEvents);
  expect(events).toContainEqual(
    expect.objectContaining({
      kind: 'audio',
      byViewer: true,
      track: expect.objectContaining({ language: 'es' }),
    }),
  );
  expect(events).toContainEqual({ kind: 'text', byViewer: true, track: null });
}

test('hls.js, live channel: audio and subtitle menus switch what is heard and the cue shown', async ({
  page,
}) => {
  await open(page, abs(origin.urls.live({ accountId: 'a', liveStreamId: 'ch1' })));
  expect(await page.evaluate(() => document.querySelector('ottkit-player')?.core)).toBeTruthy();
  await switchesLanguages(page);
});

test('hls.js, on-demand title: the same menus, and a remembered preference applies on load', async ({
  page,
}) => {
  await open(page, abs(origin.urls.vod({ accountId: 'a', assetId: 'vod1' })));
  await switchesLanguages(page);
  // A host hands back what the viewer chose (Spanish audio, Spanish subtitles) for the next item.
  await page.evaluate(() => {
    const el = document.querySelector('ottkit-player');
    if (el) el.trackPreference = { audio: 'es', text: 'es' };
  });
  await expect.poll(async () => (await tracksOf(page)).audioTrack).toBe('es');
  await expect.poll(async () => (await tracksOf(page)).cue, { timeout: 30_000 }).toMatch(/^Subtítulos/);
});

test('shaka-player (ClearKey live channel): the same menus switch audio and subtitles', async ({ page }) => {
  const { kid, key } = createKeyStore(origin.dataDir).cencKey('live/ch1-cenc');
  await open(page, abs(origin.urls.live({ accountId: 'a', liveStreamId: 'ch1-cenc' })), {
    [kid.toString('hex')]: key.toString('hex'),
  });
  await switchesLanguages(page);
});

test('a Spanish page starts with Spanish audio; subtitles stay off', async ({ page }) => {
  await open(page, abs(origin.urls.vod({ accountId: 'a', assetId: 'vod1' })), undefined, 'es');
  await expect.poll(async () => (await tracksOf(page)).audioTrack).toBe('es');
  expect((await tracksOf(page)).textTrack).toBeNull();
});

for (const width of [360, 1280]) {
  test(`screenshot at ${width} px with subtitles on and the controls shown`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await open(page, abs(origin.urls.vod({ accountId: 'a', assetId: 'vod1' })));
    await page.getByRole('combobox', { name: 'Subtitles' }).selectOption({ label: 'Español' });
    await expect(page.locator('ottkit-player .ottkit-cue')).toBeVisible({ timeout: 30_000 });
    await page
      .locator('ottkit-player')
      .screenshot({ path: `../../.data/screens/player-tracks-${width}.png` });
  });
}
