/**
 * A stand-alone HLS origin for the player's benchmark and manual checks: ffmpeg encodes a 5-minute test
 * pattern once (two renditions, 2 s MPEG-TS segments) into the OS temp folder, and a tiny HTTP server
 * slides a 120 s live window over it on the wall clock (looping with a discontinuity), next to the VOD
 * playlist, the built player (`/dist/`) and its examples (`/examples/`).
 *
 *   node packages/player/e2e/fixture-origin.ts [port]      (default 4555)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';

const SEG_S = 2;
/**
 * The stream: the benchmark's by default (300 s at 25 frames a second, as a channel a viewer watches), or with
 * OTTKIT_PLAYER_FIXTURE=tests the browser suites' (130 s, still longer than the window, at 10 frames a second:
 * Chromium decodes and draws by the frame, and what they prove does not depend on the rate; decision 0380).
 */
const PROFILE =
  process.env.OTTKIT_PLAYER_FIXTURE === 'tests' ? { seconds: 130, fps: 10 } : { seconds: 300, fps: 25 };
const DURATION_S = PROFILE.seconds;
const SEGMENTS = DURATION_S / SEG_S;
const WINDOW = 60; // segments in the live window: 120 s, enough for time-shift (≥ 110 s)
const RENDITIONS = [
  { name: '240', width: 426, height: 240, bitrate: 400_000 },
  { name: '480', width: 854, height: 480, bitrate: 1_200_000 },
];
const ROOT = new URL('../../..', import.meta.url).pathname;
const MEDIA = join(tmpdir(), `ottkit-player-fixture-${DURATION_S}s-${PROFILE.fps}fps`);

function ffmpegPath(): string {
  const require = createRequire(join(ROOT, 'packages/server/package.json'));
  return join(dirname(require.resolve('@ffmpeg-installer/linux-x64/package.json')), 'ffmpeg');
}

/** Encodes the renditions once; later runs reuse them. */
export function prepareMedia(): string {
  for (const r of RENDITIONS) {
    const dir = join(MEDIA, r.name);
    if (existsSync(join(dir, 'done'))) continue;
    mkdirSync(dir, { recursive: true });
    const args = [
      ...[
        '-y',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${r.width}x${r.height}:rate=${PROFILE.fps}`,
      ],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(DURATION_S)],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-b:v',
        String(r.bitrate),
        // A key frame starts every segment.
        '-g',
        String(SEG_S * PROFILE.fps),
        '-keyint_min',
        String(SEG_S * PROFILE.fps),
      ],
      ...['-sc_threshold', '0', '-c:a', 'aac', '-b:a', '64k', '-f', 'hls', '-hls_time', String(SEG_S)],
      ...['-hls_list_size', '0', '-hls_segment_filename', join(dir, 'seg%04d.ts'), join(dir, 'vod.m3u8')],
    ];
    const res = spawnSync(ffmpegPath(), args, { stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`ffmpeg failed for ${r.name}`);
    spawnSync('touch', [join(dir, 'done')]);
  }
  return MEDIA;
}

function master(kind: 'live' | 'vod'): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const r of RENDITIONS) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bitrate + 64_000},RESOLUTION=${r.width}x${r.height}`);
    lines.push(`${kind}-${r.name}.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Loops of the encoded media counted from this fixture's start: the discontinuity sequence stays small, as
 * ottkit's origin counts it (real discontinuities since the channel began). An epoch-derived one (about 5.9
 * million) made hls.js copy its initPTS array, which it indexes by discontinuity, for 100-300 ms on every load.
 */
const LOOPS_AT_START = Math.floor((Date.now() / 1000 / SEG_S - WINDOW) / SEGMENTS);

/** The live window ending at `now`: segment number = floor(epoch / 2 s), looping over the encoded ones. */
export function livePlaylist(rendition: string, now: number): string {
  const last = Math.floor(now / 1000 / SEG_S);
  const first = last - WINDOW + 1;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${SEG_S}`];
  lines.push(
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.max(0, Math.floor(first / SEGMENTS) - LOOPS_AT_START)}`,
  );
  for (let n = first; n <= last; n++) {
    if (n % SEGMENTS === 0 && n !== first) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(n * SEG_S * 1000).toISOString()}`);
    lines.push(`#EXTINF:${SEG_S.toFixed(3)},`, `${rendition}/seg${String(n % SEGMENTS).padStart(4, '0')}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

export const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.map': 'application/json',
};

/**
 * The fault switch (player-under-faults tests and bench): `GET /__fault?drop=0.1` drops that share of segment
 * requests, `GET /__fault?cutMs=5000` cuts the stream (playlists and segments) for that long from now,
 * `GET /__fault` with neither clears both; each answers the faults as they are then, and `GET /__fault?status` only
 * that. A dropped or cut request has its connection closed unanswered, which the browser sees as a network failure
 * (status 0), like an origin that went away. The drops are every n-th segment request (0.1: the 10th, 20th…), not
 * drawn at random: a random tenth dropped nothing in 30 s of playback in about one run in five, and the test then
 * proved nothing.
 */
interface Faults {
  drop: number;
  cutUntil: number;
  /** Segment requests seen since the drop share was set, and how many of them were dropped. */
  segments: number;
  dropped: number;
}

const NO_FAULTS: Faults = { drop: 0, cutUntil: 0, segments: 0, dropped: 0 };

function faultSwitch(faults: Faults, url: URL): Faults {
  const drop = Number(url.searchParams.get('drop') ?? 0);
  const cutMs = Number(url.searchParams.get('cutMs') ?? 0);
  return {
    ...NO_FAULTS,
    drop: Number.isFinite(drop) ? Math.max(0, Math.min(1, drop)) : 0,
    cutUntil: Number.isFinite(cutMs) && cutMs > 0 ? Date.now() + cutMs : faults.cutUntil,
  };
}

/** Whether this request fails; counts the segment requests and the drops. */
function faulted(faults: Faults, path: string): boolean {
  const stream = /\.(m3u8|ts)$/.test(path);
  if (stream && Date.now() < faults.cutUntil) return true;
  if (!path.endsWith('.ts') || faults.drop <= 0) return false;
  faults.segments += 1;
  const drop = faults.segments % Math.max(1, Math.round(1 / faults.drop)) === 0;
  if (drop) faults.dropped += 1;
  return drop;
}

export function startFixtureServer(port = 4555): Promise<Server> {
  const media = prepareMedia();
  let faults: Faults = { ...NO_FAULTS };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/__fault') {
      if (!url.searchParams.has('status')) faults = url.search ? faultSwitch(faults, url) : { ...NO_FAULTS };
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return res.end(JSON.stringify(faults));
    }
    // `/ch/<n>/…` is the same stream under another path, so a benchmark can zap between "channels" whose
    // segments the browser has not cached.
    const raw = normalize(decodeURIComponent(url.pathname));
    const path = raw.replace(/^\/ch\/\d+(?=\/)/, '');
    if (faulted(faults, path)) return req.socket.destroy();
    const send = (body: string | Buffer, type: string, cache = 'no-cache') => {
      res.writeHead(200, {
        'content-type': type,
        'cache-control': cache,
        'access-control-allow-origin': '*',
      });
      res.end(body);
    };
    const m = /^\/(live|vod)(?:-(\w+))?\.m3u8$/.exec(path);
    if (m) {
      const [, kind, rendition] = m;
      if (!rendition) return send(master(kind as 'live' | 'vod'), TYPES['.m3u8'] ?? '');
      if (kind === 'live') return send(livePlaylist(rendition, Date.now()), TYPES['.m3u8'] ?? '');
      const vod = readFileSync(join(media, rendition, 'vod.m3u8'), 'utf8').replace(
        /^seg/gm,
        `${rendition}/seg`,
      );
      return send(vod, TYPES['.m3u8'] ?? '');
    }
    if (path === '/blank')
      return send('<!doctype html><title>bench</title><body></body>', TYPES['.html'] ?? '');
    if (path.startsWith('/hls/')) {
      const hlsFile = join(ROOT, 'packages/player/node_modules/hls.js/dist', path.slice(5));
      return existsSync(hlsFile) ? send(readFileSync(hlsFile), TYPES['.js'] ?? '') : res.writeHead(404).end();
    }
    const file = path.startsWith('/dist/')
      ? join(ROOT, 'packages/player', path)
      : path.startsWith('/examples/')
        ? join(ROOT, 'packages/player', path)
        : join(media, path);
    if (!file.startsWith(ROOT) && !file.startsWith(media)) return res.writeHead(403).end();
    if (!existsSync(file)) return res.writeHead(404).end();
    send(readFileSync(file), TYPES[extname(file)] ?? 'application/octet-stream', 'max-age=3600');
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 4555);
  await startFixtureServer(port);
  console.log(`player fixture on http://127.0.0.1:${port}/live.m3u8 (examples: /examples/plain.html)`);
}
