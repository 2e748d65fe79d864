/**
 * Live latency benchmark (issue 41), run by hand, never by the tests:
 *
 *   node bench/live-latency.ts [--seconds 600] [--port 4760] [--edge-viewers 0]   (--seconds 0: the edge's part only)
 *
 * Source to screen, measured in Chromium (Debian's, via Playwright):
 *   - The source is ffmpeg sending MPEG-TS over UDP in real time (`-re`), H.264 in 2 s GOPs. Every frame carries
 *     its own time: the top band of the picture is 20 blocks, black or white, the bits of the frame's time since
 *     the source began in hundredths of a second (ffmpeg's `geq`, `T`). A relay in this process forwards the UDP to
 *     ottkit's packager and notes when the first packet left: frame T left the source at first + T.
 *   - ottkit packages the channel (`record`, remuxed) and serves it from its real origin, as in the product.
 *   - Two pages play it side by side in the same run: the player's hls.js settings in standard mode (today's,
 *     "Most stable") and in low-latency mode ("Lowest delay"). On every presented frame (requestVideoFrameCallback)
 *     a page reads the band's bits from the picture; the frame's display time minus its sending time is the
 *     latency. Printed: p50 / p95 / max per mode, each mode's stalls (a `waiting` after playback began), and
 *     the delay the player's statistics overlay shows (now minus the picture's EXT-X-PROGRAM-DATE-TIME), which
 *     should read the same as the measured one (decision 0446).
 *   - Then the same, with 5 % of part and segment requests held 500 ms by the server (a slow network's tail):
 *     each mode's stalls and latency again.
 * With --edge-viewers N (1,000 for the issue's goal), a third part: a cluster (nginx edge, 3 processes) and N
 * simulated low-latency viewers of a sample channel through the edge, each asking for the next part with a
 * blocking reload as soon as the last answer came; printed: the blocking answers' p50 / p99 (a part is 400 ms) and
 * how many requests per part reached ottkit.
 * Needs Debian's ffmpeg and Chromium (scripts/ottkit.mjs installs them).
 */
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { HLS_CONFIG, HLS_LOW_LATENCY_CONFIG } from '../packages/player/src/engines/hlsConfig.ts';
import { openDataStore } from '../packages/server/src/dataStore.ts';
import { ingestedStreams } from '../packages/server/src/live/originStreams.ts';
import { addChannelSource, setChannelMode } from '../packages/server/src/live/store.ts';
import { LiveSupervisor } from '../packages/server/src/live/supervisor.ts';
import { cachedMedia } from '../packages/server/src/media/prepare.ts';
import { PART_FILE } from '../packages/server/src/origin/lowLatency.ts';
import { createOrigin } from '../packages/server/src/origin/origin.ts';
import { createMediaUrls, liveUrl } from '../packages/server/src/origin/urls.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    port: { type: 'string', default: '4760' },
    'edge-viewers': { type: 'string', default: '0' },
  },
});
/** 0 runs only the edge's part (with --edge-viewers). */
const SECONDS = Math.min(Number(values.seconds), 1800);
const PORT = Number(values.port);
const EDGE_VIEWERS = Math.min(Number(values['edge-viewers']), 2000);
const ROOT = new URL('..', import.meta.url).pathname;
const SECRET = 'bench-live-latency-0123456789abcdef0123456789';
const BITS = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The source: a black picture whose top band carries the frame's time in hundredths of a second, 20 bits. */
function startSource(target: string) {
  const bit = `mod(floor(floor(T*100)/pow(2,${BITS - 1}-floor(X/32))),2)`;
  const band = `geq=lum='if(lt(Y,32),if(${bit},235,16),16)':cb=128:cr=128`;
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `color=c=black:s=640x360:r=25,format=yuv420p,${band}`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '50', '-keyint_min', '50'],
      ...['-c:a', 'aac', '-f', 'mpegts', `${target}?pkt_size=1316`],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

// Runs in the page: plays `src` with `config` for `seconds`; per presented frame, its display time (epoch ms)
// and the time it carries (hundredths of a second since the source began).
const play = async ([src, config, seconds, bits]: [string, object, number, number]) => {
  const { default: Hls } = await import('/hls/hls.mjs' as string);
  const video = document.createElement('video');
  video.muted = true;
  document.body.append(video);
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 32;
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  const frames: [number, number][] = [];
  // What the player's statistics overlay shows as the delay to the source (engines/hls.ts): now minus the
  // EXT-X-PROGRAM-DATE-TIME of the picture shown, per presented frame.
  const overlay: number[] = [];
  let stalls = 0;
  let playing = false;
  video.addEventListener('playing', () => {
    playing = true;
  });
  video.addEventListener('waiting', () => {
    if (playing) stalls++;
  });
  const hls = new Hls(config);
  hls.loadSource(src);
  hls.attachMedia(video);
  void video.play();
  const end = performance.now() + seconds * 1000;
  await new Promise<void>((resolve) => {
    const tick = (_now: number, meta: { expectedDisplayTime: number }) => {
      ctx.drawImage(video, 0, 0, 640, 32, 0, 0, 640, 32);
      const d = ctx.getImageData(0, 0, 640, 32).data;
      let v = 0;
      for (let b = 0; b < bits; b++) v = v * 2 + ((d[(16 * 640 + b * 32 + 16) * 4] ?? 0) > 128 ? 1 : 0);
      frames.push([performance.timeOrigin + meta.expectedDisplayTime, v]);
      const shown = hls.playingDate as Date | null;
      if (shown) overlay.push(Date.now() - shown.getTime());
      if (performance.now() > end) resolve();
      else video.requestVideoFrameCallback(tick);
    };
    video.requestVideoFrameCallback(tick);
  });
  hls.destroy();
  return { frames, overlay, stalls };
};

function quantiles(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s.at(-1) ?? Number.NaN, count: s.length };
}

const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-bench-latency-'));
const { db } = openDataStore(dataDir);
const CHANNEL = 'lc-004'; // a channel of the seeded line-up
const udp = PORT + 1;
await addChannelSource(db, CHANNEL, `udp://127.0.0.1:${udp}`);
await setChannelMode(db, CHANNEL, 'record', 1);
const sup = new LiveSupervisor({ db, dataDir, mediaDir: join(dataDir, 'media'), log: () => {} });
await sup.start();
await sleep(1500); // ffmpeg opens its UDP port

let first = 0;
const relay = createSocket('udp4');
relay.on('message', (msg) => {
  if (!first) first = Date.now();
  relay.send(msg, udp, '127.0.0.1');
});
await new Promise<void>((r) => relay.bind(udp + 1, '127.0.0.1', r));
const source = startSource(`udp://127.0.0.1:${udp + 1}`);

const library = await cachedMedia(process.env.OTTKIT_MEDIA_CACHE || tmpdir(), 'tiny');
const origin = createOrigin({
  secret: SECRET,
  library,
  dataDir,
  ingested: ingestedStreams(sup, {
    now: Date.now,
    windowSegments: 6,
    dvrWindowSec: 3600,
    maxCatchupDays: 1,
    liveSlackSec: 30,
  }),
});
/** Media requests held 500 ms, 5 % of them, in the second half. */
let faults = false;
let held = 0;
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/blank')
    return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><body>');
  if (url.pathname.startsWith('/hls/')) {
    const file = join(ROOT, 'packages/player/node_modules/hls.js/dist', url.pathname.slice(5));
    return res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
  }
  const file = url.pathname.split('/').at(-1) ?? '';
  if (faults && (PART_FILE.test(file) || /^\d+\.m4s$/.test(file)) && Math.random() < 0.05) {
    held++;
    await sleep(500);
  }
  if (!(await origin.handle(req, res, url))) res.writeHead(404).end();
});
await new Promise<void>((r) => server.listen(PORT, '127.0.0.1', r));
const base = `http://127.0.0.1:${PORT}`;

const browser = await chromium.launch(
  chromiumLaunchOptions(['--headless', '--autoplay-policy=no-user-gesture-required']),
);
const streamId =
  db.get<{ live_stream_id: string }>(
    'SELECT live_stream_id FROM channels WHERE logical_channel_id = ?',
    CHANNEL,
  )?.live_stream_id ?? '';
const MODES = [
  ['standard (Most stable)', HLS_CONFIG],
  ['low-latency (Lowest delay)', HLS_LOW_LATENCY_CONFIG],
] as const;

/** Both modes side by side for `seconds`: latency per presented frame and stalls. */
async function phase(seconds: number) {
  const runs = await Promise.all(
    MODES.map(async ([, config]) => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${base}/blank`);
      const src = `${base}${createMediaUrls(SECRET, Date.now).live({ liveStreamId: streamId, accountId: 'bench', ttlSec: 7200 })}`;
      const r = await page.evaluate(play, [src, config, seconds, BITS] as [string, object, number, number]);
      await page.context().close();
      return r;
    }),
  );
  return runs.map((r) => {
    // The first seconds are start-up (a player joins at its distance, then holds it); the rest is the steady state.
    const steady = r.frames.slice(Math.floor(r.frames.length * 0.05));
    const overlay = quantiles(r.overlay.slice(Math.floor(r.overlay.length * 0.05)));
    return {
      latency: quantiles(steady.map(([shown, t]) => shown - (first + t * 10))),
      overlay,
      stalls: r.stalls,
    };
  });
}

try {
  while (SECONDS > 0 && (!first || (sup.timeline(CHANNEL)?.segments.length ?? 0) < 3)) await sleep(200);
  if (SECONDS > 0) await chromiumPhases();
} finally {
  await browser.close();
  source.kill('SIGKILL');
  relay.close();
  await sup.close();
  server.close();
  db.close();
  await rm(dataDir, { recursive: true, force: true });
}

async function chromiumPhases() {
  console.log(`load average at start: ${load()}; ${SECONDS} s per phase, Chromium ${browser.version()}`);
  const clean = await phase(SECONDS);
  console.log('\nsource to screen, no faults (ms: p50 / p95 / max over presented frames; stalls):');
  MODES.forEach(([name], i) => {
    const r = clean[i];
    if (r)
      console.log(
        `  ${name.padEnd(28)} ${r.latency.p50.toFixed(0)} / ${r.latency.p95.toFixed(0)} / ${r.latency.max.toFixed(0)}  (${r.latency.count} frames), stalls ${r.stalls}; the overlay's delay (PDT) p50 ${r.overlay.p50.toFixed(0)}`,
      );
  });
  faults = true;
  const slow = await phase(SECONDS);
  console.log(`\nwith 5 % of part and segment requests held 500 ms (${held} held):`);
  MODES.forEach(([name], i) => {
    const r = slow[i];
    if (r)
      console.log(
        `  ${name.padEnd(28)} ${r.latency.p50.toFixed(0)} / ${r.latency.p95.toFixed(0)} / ${r.latency.max.toFixed(0)}, stalls ${r.stalls}; the overlay's delay (PDT) p50 ${r.overlay.p50.toFixed(0)}`,
      );
  });
  console.log(`load average at end: ${load()}`);
}

if (EDGE_VIEWERS > 0) await edgeViewers(EDGE_VIEWERS);

/** N simulated low-latency viewers of a sample channel through the nginx edge of a 3-process cluster. */
async function edgeViewers(n: number) {
  const { startCluster } = await import('../packages/server/src/cluster/cluster.ts');
  const dir = await mkdtemp(join(tmpdir(), 'ottkit-bench-ll-edge-'));
  const c = await startCluster({
    dir,
    port: PORT + 100,
    env: { OTTKIT_MEDIA_PROFILE: 'tiny' },
    log: () => {},
  });
  try {
    const secret = (JSON.parse(readFileSync(join(c.dataDir, 'secrets.json'), 'utf8')) as { secret: string })
      .secret;
    const url = liveUrl(secret, { accountId: 'edge-bench', liveStreamId: 'ch3', ttlSec: 3600 });
    const token = url.split('token=')[1];
    const master = await (await fetch(c.edgeUrl + url)).text();
    const rendition = /^(\w+)\/index\.m3u8/m.exec(master)?.[1];
    const path = `/media/live/ch3/${rendition}/index.m3u8`;
    const times: number[] = [];
    const parts = new Set<string>();
    const from = readFileSync(c.edgeLog, 'utf8').length;
    const end = Date.now() + 60_000;
    const viewer = async () => {
      let text = await (await fetch(`${c.edgeUrl}${path}?token=${token}`)).text();
      while (Date.now() < end) {
        const [, msn, part] = /PRELOAD-HINT:TYPE=PART,URI="(\d+)\.(\d+)\.m4s/.exec(text) ?? [];
        const t0 = performance.now();
        const res = await fetch(`${c.edgeUrl}${path}?token=${token}&_HLS_msn=${msn}&_HLS_part=${part}`);
        text = await res.text();
        times.push(performance.now() - t0);
        parts.add(`${msn}.${part}`);
      }
    };
    await Promise.all(Array.from({ length: n }, (_, i) => sleep((i * 400) / n).then(viewer)));
    await sleep(1500);
    const upstream = readFileSync(c.edgeLog, 'utf8')
      .slice(from)
      .split('\n')
      .filter((l) => l.includes('_HLS_msn=') && l.split(' ')[2] !== '-').length;
    const q = quantiles(times);
    console.log(`\n${n} low-latency viewers through the edge, 60 s (3 processes, part 400 ms):`);
    console.log(
      `  blocking reloads: ${q.count}, answered p50 ${q.p50.toFixed(0)} ms, p99 ${q.p99.toFixed(0)} ms, max ${q.max.toFixed(0)} ms`,
    );
    console.log(
      `  parts asked for: ${parts.size}; blocking reloads that reached ottkit: ${upstream} (${(upstream / parts.size).toFixed(2)} per part)`,
    );
  } finally {
    await c.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
