/**
 * VOD page benchmark (run by hand, never by the tests):
 *
 *   node bench/vod-lighthouse.ts [--base http://127.0.0.1:4321] [--runs 1] [--details]
 *                                [--pages home,detail] [--presets desktop,mobile] [--detail META_ID]
 *
 * Runs Lighthouse (npm `lighthouse`, performance category) in Debian's Chromium on /home and on a detail page,
 * with the desktop preset and with Lighthouse's default mobile emulation (simulated slow 4G, 4x CPU), and prints
 * per page: performance score, LCP, CLS, TBT, and the JavaScript shipped before any playback (bytes on the
 * wire and gzip-compressed). Issue 7 goals: score ≥ 95, LCP < 1.5 s, CLS < 0.02, < 100 KB gzipped JS on /home.
 * Without --base it starts the product itself (temporary data folder, tiny media profile) and stops it after.
 */
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('runs') ?? 1);
/** `--pages home` or `--pages detail` to audit one page only; `--presets mobile` likewise. */
const PAGES = (arg('pages') ?? 'home,detail').split(',');
const PRESETS = (arg('presets') ?? 'desktop,mobile').split(',') as ('desktop' | 'mobile')[];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function startProduct(): Promise<{ base: string; child: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ottkit-bench-'));
  const child = spawn(
    process.execPath,
    ['packages/server/src/cli.ts', 'serve', '--site', 'site/dist/server/entry.mjs'],
    {
      env: { ...process.env, PORT: '0', OTTKIT_DATA_DIR: dataDir, OTTKIT_MEDIA_PROFILE: 'tiny' },
      stdio: 'pipe',
    },
  );
  const base = await new Promise<string>((resolve, reject) => {
    let log = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(log);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${log}`)));
  });
  return { base, child };
}

const DEBUG_PORT = 9339;

/** Debian's Chromium with a DevTools port for Lighthouse (a fresh profile, no extensions). */
async function launchChromium(): Promise<ChildProcess> {
  const profile = mkdtempSync(join(tmpdir(), 'ottkit-bench-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${DEBUG_PORT}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('Chromium did not open its DevTools port');
}

async function firstDetailId(base: string): Promise<string> {
  const post = async (path: string, body: object) =>
    (await (
      await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as {
      data: never;
    };
  const root = (await post(routes.vod.playlistRoot.path, {})).data as {
    playlists: { playlistId: string; levelType: number }[];
  };
  const home = root.playlists.find((p) => p.levelType === 99);
  if (!home) throw new Error('no home playlist');
  const batch = (await post(routes.vod.batchPlaylist.path, { playlistIds: [home.playlistId] })).data as {
    playlists: { list: { metaId: string }[] }[];
  };
  const metaId = batch.playlists[0]?.list[0]?.metaId;
  if (!metaId) throw new Error('empty home playlist');
  return metaId;
}

interface Row {
  page: string;
  preset: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsWireBytes: number;
  jsGzipBytes: number;
}

async function gzippedSize(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

const INSIGHTS = [
  'layout-shifts',
  'lcp-breakdown-insight',
  'lcp-discovery-insight',
  'cls-culprits-insight',
  'render-blocking-insight',
  'document-latency-insight',
  'image-delivery-insight',
  'cache-insight',
  'font-display-insight',
];

async function audit(url: string, preset: 'desktop' | 'mobile', port: number): Promise<Row> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('lighthouse gave no result');
  const { lhr } = result;
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  if (process.argv.includes('--details')) {
    // Where the main-thread time goes (Lighthouse's bootup-time and main-thread work breakdown).
    const items = (id: string) => (lhr.audits[id]?.details as { items?: object[] })?.items ?? [];
    console.log(`${preset} ${url}`);
    console.table(items('mainthread-work-breakdown'));
    console.table(items('bootup-time'));
    // Lighthouse's insights on the LCP (its element, phases and discovery), shifts, blocking and caching.
    for (const id of INSIGHTS) {
      const a = lhr.audits[id];
      if (!a) continue;
      console.log(`${id}: score ${a.score ?? '-'} ${a.displayValue ?? ''}`);
      if (a.score !== 1 || id.startsWith('lcp') || id.startsWith('cls') || id === 'layout-shifts')
        console.log(JSON.stringify(a.details ?? {}).slice(0, 1500));
    }
  }
  return {
    page: new URL(url).pathname,
    preset,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(num('first-contentful-paint')),
    lcpMs: Math.round(num('largest-contentful-paint')),
    cls: Number(num('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(num('total-blocking-time')),
    jsWireBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsGzipBytes: await gzippedSize(scripts.map((r) => r.url)),
  };
}

const given = arg('base');
const product = given ? null : await startProduct();
const base = given ?? product?.base ?? '';
const chrome = await launchChromium();
try {
  // `--detail` names the title (catalogue-scale.ts audits the same one it times); else home's first.
  const detail = `/vod/detail/${arg('detail') ?? (await firstDetailId(base))}`;
  // One unmeasured visit per page, so the server's first-render work (module loading) is not in the figures.
  for (const path of ['/home', detail]) await fetch(base + path);
  const rows: Row[] = [];
  const paths = [...(PAGES.includes('home') ? ['/home'] : []), ...(PAGES.includes('detail') ? [detail] : [])];
  for (let run = 0; run < RUNS; run++) {
    for (const path of paths) {
      for (const preset of PRESETS) rows.push(await audit(base + path, preset, DEBUG_PORT));
    }
  }
  console.log(`Lighthouse ${RUNS} run(s) against ${base} (Chromium ${CHROMIUM})`);
  console.table(rows);
} finally {
  chrome.kill();
  product?.child.kill();
}
