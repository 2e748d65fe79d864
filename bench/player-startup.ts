/**
 * Player start-up benchmark (run by hand, never by the tests):
 *
 *   node bench/player-startup.ts [--runs 20] [--src URL --src2 URL]
 *
 * In Chromium (Debian's, via Playwright), for @ottkit/player (built `dist/`, the <ottkit-player> element) and
 * for plain hls.js with its default configuration on the same stream in the same run, it measures:
 *   - first frame: play request → first presented frame (requestVideoFrameCallback), fresh browser context;
 *   - channel change: switching to a second channel → its first presented frame, in the same page.
 * Prints median and p95 of each. Without --src it starts the local fixture origin (packages/player/e2e/fixture-origin.ts),
 * whose `/ch/<n>/` paths make each channel's segments uncached. Build the player first
 * (`npx -y pnpm@10.34.8 --filter @ottkit/player run build`).
 */
import { chromium } from '@playwright/test';
import { startFixtureServer } from '../packages/player/e2e/fixture-origin.ts';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
// The player's own hls.js settings, to tell config from element overhead.
import { HLS_CONFIG as OTTKIT_HLS_CONFIG } from '../packages/player/src/engines/hlsConfig.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('runs') ?? 20);
const PORT = Number(arg('port') ?? 4556);

type Kind = 'ottkit' | 'ottkit (cold)' | 'ottkit (warm zap)' | 'hls.js defaults' | 'hls.js + ottkit config';
const ALL: Kind[] = [
  'ottkit',
  'ottkit (cold)',
  'ottkit (warm zap)',
  'hls.js defaults',
  'hls.js + ottkit config',
];
const KINDS = (arg('kinds')?.split(',') ?? ALL.slice(0, 4)) as Kind[];
/** Seconds a player keeps two neighbours warm to measure the bytes prefetched per minute (0: skip). */
const WARM_SECONDS = Number(arg('warm-seconds') ?? 30);

// Runs in the page. `ottkit` and plain hls.js both have their library loaded before the clock starts (the element
// prefetches its engine chunk while the page is idle after it mounts); `ottkit (cold)` gets its play request at
// once, so the engine chunk is fetched and compiled inside the measured time.
const trial = async ([kind, src, src2, config]: [Kind, string, string, object]) => {
  const frame = (video: HTMLVideoElement, since: number) =>
    new Promise<number>((resolve) => {
      const onPlaying = () => video.requestVideoFrameCallback(() => resolve(performance.now() - since));
      video.addEventListener('playing', onPlaying, { once: true });
    });
  // Both hls.js kinds take the plain path below; every ottkit kind the element.
  if (!kind.startsWith('hls.js')) {
    await import('/dist/element/define.js' as string);
    const el = document.createElement('ottkit-player');
    el.setAttribute('muted', '');
    document.body.append(el);
    if (kind !== 'ottkit (cold)') await new Promise((r) => setTimeout(r, 1000));
    const video = el.querySelector('video') as HTMLVideoElement;
    let t0 = performance.now();
    let wait = frame(video, t0);
    el.setAttribute('src', src);
    const first = await wait;
    if (kind === 'ottkit (warm zap)') {
      // The next channel is a neighbour: warm it, and zap once its first segment is in (as a viewer would,
      // seconds after the channel started).
      const player = el as unknown as { prefetch: { src: string }[]; core: { prefetchedBytes(): number } };
      player.prefetch = [{ src: src2 }];
      const warmed = () =>
        player.core.prefetchedBytes() > 0 &&
        performance
          .getEntriesByType('resource')
          .some((e) => e.name.includes(src2.replace(/live\.m3u8$/, '')) && /\.ts(\?|$)/.test(e.name));
      while (!warmed()) await new Promise((r) => setTimeout(r, 100));
    }
    t0 = performance.now();
    wait = frame(video, t0);
    el.setAttribute('src', src2);
    return [first, await wait];
  }
  const { default: Hls } = await import('/hls/hls.mjs' as string);
  const video = document.createElement('video');
  video.muted = true;
  document.body.append(video);
  let t0 = performance.now();
  let wait = frame(video, t0);
  const options = kind === 'hls.js + ottkit config' ? config : {};
  let hls = new Hls(options);
  hls.loadSource(src);
  hls.attachMedia(video);
  void video.play();
  const first = await wait;
  t0 = performance.now();
  wait = frame(video, t0);
  hls.destroy();
  hls = new Hls(options);
  hls.loadSource(src2);
  hls.attachMedia(video);
  void video.play();
  return [first, await wait];
};

// Runs in the page: one player on `src` with `neighbours` warm for `seconds`; the bytes fetched ahead.
const warmBytes = async ([src, neighbours, seconds]: [string, string[], number]) => {
  await import('/dist/element/define.js' as string);
  const el = document.createElement('ottkit-player') as unknown as HTMLElement & {
    prefetch: { src: string }[];
    core: { prefetchedBytes(): number };
  };
  el.setAttribute('muted', '');
  document.body.append(el);
  el.setAttribute('src', src);
  el.prefetch = neighbours.map((n) => ({ src: n }));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return el.core.prefetchedBytes();
};

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { median: Math.round(at(0.5)), p95: Math.round(at(0.95)) };
}

const external = arg('src');
const server = external ? null : await startFixtureServer(PORT);
const origin = `http://127.0.0.1:${PORT}`;
const browser = await chromium.launch(
  chromiumLaunchOptions(['--headless', '--autoplay-policy=no-user-gesture-required']),
);
let warmed = 0;
const results = Object.fromEntries(
  KINDS.map((k) => [k, { first: [] as number[], zap: [] as number[] }]),
) as Record<Kind, { first: number[]; zap: number[] }>;
try {
  for (let i = 0; i < RUNS; i++) {
    // Rotate who goes first so no one profits from a warmer machine.
    const kinds = KINDS.map((_, k) => KINDS[(k + i) % KINDS.length] as Kind);
    for (const [k, kind] of kinds.entries()) {
      const ch = 1 + (i * 6 + k * 2);
      const src = external ?? `${origin}/ch/${ch}/live.m3u8`;
      const src2 = arg('src2') ?? `${origin}/ch/${ch + 1}/live.m3u8`;
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${origin}/blank`);
      const [first, zap] = await page.evaluate(trial, [kind, src, src2, OTTKIT_HLS_CONFIG] as [
        Kind,
        string,
        string,
        object,
      ]);
      results[kind].first.push(first ?? Number.NaN);
      results[kind].zap.push(zap ?? Number.NaN);
      await context.close();
    }
    process.stdout.write('.');
  }
  if (WARM_SECONDS > 0) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${origin}/blank`);
    const ch = (n: number) => external ?? `${origin}/ch/${900 + n}/live.m3u8`;
    warmed = await page.evaluate(warmBytes, [ch(0), [ch(1), ch(2)], WARM_SECONDS] as [
      string,
      string[],
      number,
    ]);
  }
} finally {
  await browser.close();
  server?.close();
}
console.log(
  `\nruns: ${RUNS}, Chromium ${browser.version()}, stream: ${external ?? `${origin}/ch/*/live.m3u8`}`,
);
console.log('player            first frame (median / p95)   channel change (median / p95)');
for (const kind of KINDS) {
  const f = stats(results[kind].first);
  const z = stats(results[kind].zap);
  console.log(`${kind.padEnd(18)}${`${f.median} / ${f.p95} ms`.padEnd(29)}${z.median} / ${z.p95} ms`);
}
if (WARM_SECONDS > 0) {
  const perMinute = (warmed * 60) / WARM_SECONDS;
  console.log(
    `prefetch: 2 neighbours warm for ${WARM_SECONDS} s fetched ${warmed} bytes = ${Math.round(perMinute / 1000)} kB per minute`,
  );
}
