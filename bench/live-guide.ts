/**
 * Large line-up benchmark (issue 6): a synthetic line-up of 500 channels x 7 days loaded into a running
 * product, measured in Chromium:
 *   - guide sync time (checksums + every day into IndexedDB), cold store;
 *   - from a warm store: time to show the channel list, and one channel's day of programmes, after a reload;
 *   - the longest main-thread task (Long Tasks API, > 50 ms) and the longest frame while scrolling the list.
 * Goal: first view under 300 ms from the store, no task over 50 ms.
 *
 * Run (builds nothing; build the site first):
 *   node_modules/.bin/node bench/live-guide.ts [--channels 500] [--port 4593] [--site site/dist/server/entry.mjs]
 * Not part of the tests.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values } = parseArgs({
  options: {
    channels: { type: 'string', default: '500' },
    port: { type: 'string', default: '4593' },
    /** The built site's entry (a copy, when others rebuild site/dist meanwhile). */
    site: { type: 'string', default: 'site/dist/server/entry.mjs' },
  },
});
const root = new URL('..', import.meta.url).pathname;
const node = process.execPath;
const dataDir = mkdtempSync(join(tmpdir(), 'ottkit-bench-live-'));
const base = `http://127.0.0.1:${values.port}`;

function seed() {
  const r = spawnSync(
    node,
    ['packages/server/src/seed/bench.ts', '--channels', values.channels, '--data', dataDir],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr}`);
  console.log(r.stdout.trim());
}

function serve(): Promise<ChildProcess> {
  const child = spawn(node, ['packages/server/src/cli.ts', 'serve', '--site', values.site], {
    cwd: root,
    env: { ...process.env, PORT: values.port, OTTKIT_DATA_DIR: dataDir, OTTKIT_MEDIA_PROFILE: 'tiny' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) resolve(child);
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

seed();
const server = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Cold: the first visit fills the store.
  await page.goto(`${base}/liveTv`);
  await page.locator('[data-live-ready="true"]').waitFor({ timeout: 60_000 });
  const sync = await page.evaluate(
    () =>
      new Promise<{ ms: number; detail: unknown }>((resolve) => {
        const done = () => {
          const [entry] = performance.getEntriesByName('ottkit:guide-sync') as PerformanceMeasure[];
          if (entry) resolve({ ms: entry.duration, detail: entry.detail });
          else setTimeout(done, 100);
        };
        done();
      }),
  );

  // Warm: reloads show the list and the selected channel's day from the store.
  const firstViews: { html: number; list: number; day: number }[] = [];
  for (let i = 0; i < 5; i++) {
    await page.reload();
    firstViews.push(
      await page.evaluate(
        () =>
          new Promise<{ html: number; list: number; day: number }>((resolve) => {
            const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
            let list = 0;
            const check = () => {
              if (!list && document.querySelector('[data-live-ready="true"] [data-playback]'))
                list = performance.now();
              const day = document.querySelector('li[data-program-id]');
              if (list && day) resolve({ html: nav?.responseEnd ?? 0, list, day: performance.now() });
              else requestAnimationFrame(check);
            };
            check();
          }),
      ),
    );
  }

  // Scrolling the whole list (once the background guide sync of the last reload is over): long tasks and the
  // longest frame.
  await page.waitForFunction(() => performance.getEntriesByName('ottkit:guide-sync').length > 0, undefined, {
    timeout: 60_000,
  });
  const scroll = await page.evaluate(async () => {
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    const viewport = document.querySelector<HTMLElement>('[data-count]');
    if (!viewport) throw new Error('no channel list');
    const frames: number[] = [];
    let last = performance.now();
    while (viewport.scrollTop + viewport.clientHeight < viewport.scrollHeight - 1) {
      viewport.scrollTop += 320;
      await new Promise((r) => requestAnimationFrame(r));
      const t = performance.now();
      frames.push(t - last);
      last = t;
    }
    await new Promise((r) => setTimeout(r, 200));
    observer.disconnect();
    return {
      rows: Number(viewport.dataset.count),
      frames: frames.length,
      longestFrameMs: Math.max(...frames),
      longTasks: longTasks.length,
      longestTaskMs: longTasks.length ? Math.max(...longTasks) : 0,
    };
  });

  const result = {
    channels: Number(values.channels),
    guideSyncColdMs: Math.round(sync.ms),
    guideSync: sync.detail,
    /** All from navigation start: the HTML (server-rendered list) arrives, the island is interactive, the day shows. */
    warmHtmlMs: Math.round(median(firstViews.map((v) => v.html))),
    warmChannelListMs: Math.round(median(firstViews.map((v) => v.list))),
    warmChannelDayMs: Math.round(median(firstViews.map((v) => v.day))),
    /** The store's part: from interactive to the selected channel's day shown. */
    warmDayFromStoreMs: Math.round(median(firstViews.map((v) => v.day - v.list))),
    scroll,
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
