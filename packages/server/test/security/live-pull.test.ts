import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChannelRunner, DEFAULT_RULES } from '../../src/live/channel.ts';
import { liveFfmpegPath } from '../../src/live/ffmpegRun.ts';
import { probeInput } from '../../src/live/probeInput.ts';
import { parseSourceUrl } from '../../src/live/sourceUrl.ts';
import { UPSTREAM_ALLOW_ENV } from '../../src/upstream/address.ts';

// Issue 35, decision 0364: an HLS pull's upstream is judged once before ffmpeg starts, and then ffmpeg fetches
// what the playlist names. A hostile upstream on an allowed address names segments, variants, keys and init
// sections on a refused one, or redirects there: all of it goes through the pull relay, which refuses it, and the
// listener on the refused address (127.0.0.2; only 127.0.0.1 is allowed here) receives no byte.
const UPSTREAM_PORT = 7176;
const INTERNAL_PORT = 7175;
const inside = `http://127.0.0.2:${INTERNAL_PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'ottkit-live-pull-'));

const vod = (lines: string[]) =>
  ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', ...lines, '#EXT-X-ENDLIST', ''].join('\n');
const seg = (uri: string) => ['#EXTINF:2.0,', uri];

/** Hostile playlists on the allowed upstream, each naming the refused address its own way. */
const HOSTILE: Record<string, string> = {
  'segment.m3u8': vod([...seg(`${inside}/seg.ts`), ...seg('enc1.ts')]),
  'variant.m3u8': `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\n${inside}/v.m3u8\n`,
  'key.m3u8': vod([`#EXT-X-KEY:METHOD=AES-128,URI="${inside}/k.bin"`, ...seg('enc0.ts')]),
  'init.m3u8': vod([`#EXT-X-MAP:URI=${inside}/init.mp4`, ...seg('enc0.ts')]),
  'redirected-segment.m3u8': vod([...seg('to-inside.ts'), ...seg('enc1.ts')]),
};
/** Paths the upstream redirects to the refused address. */
const REDIRECT: Record<string, string> = {
  '/redirect.m3u8': `${inside}/x.m3u8`,
  '/to-inside.ts': `${inside}/seg.ts`,
};

let upstream: Server;
let internal: TcpServer;
let connections = 0;
let bytes = 0;
/** What the upstream was asked, and by whom. */
const requests: { path: string; agent?: string }[] = [];
const savedAllow = process.env[UPSTREAM_ALLOW_ENV];

beforeAll(async () => {
  // The test run allows loopback for its fixtures; here only what each runner's allow-list says is allowed.
  delete process.env[UPSTREAM_ALLOW_ENV];
  // A short AES-128 stream (H.264, AAC, three 2 s segments), its key named relative to the playlist.
  writeFileSync(join(dir, 'enc.key'), randomBytes(16));
  writeFileSync(
    join(dir, 'key.info'),
    `enc.key\n${join(dir, 'enc.key')}\n${randomBytes(16).toString('hex')}\n`,
  );
  const made = spawnSync(liveFfmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '6'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-c:a', 'aac', '-f', 'hls', '-hls_time', '2'],
    ...['-hls_list_size', '0', '-hls_key_info_file', join(dir, 'key.info'), join(dir, 'enc.m3u8')],
  ]);
  expect(made.status, made.stderr.toString()).toBe(0);
  upstream = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, agent: req.headers['user-agent'] });
    const to = REDIRECT[path];
    if (to) return void res.writeHead(302, { location: to }).end();
    const name = path.slice(1);
    const hostile = HOSTILE[name];
    if (hostile)
      return void res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' }).end(hostile);
    // The stream as a live one (no end): ffmpeg keeps waiting for more, so the runner sees its segments.
    if (name === 'live.m3u8')
      return void res.end(readFileSync(join(dir, 'enc.m3u8'), 'utf8').replace('#EXT-X-ENDLIST', ''));
    let body: Buffer | undefined;
    try {
      if (/^[\w.-]+$/.test(name)) body = readFileSync(join(dir, name));
    } catch {
      // Not there: 404.
    }
    res.writeHead(body ? 200 : 404).end(body);
  });
  await new Promise<void>((r) => upstream.listen(UPSTREAM_PORT, '127.0.0.1', r));
  // The refused address: counts connections and bytes, answers nothing.
  internal = createTcpServer((socket) => {
    connections++;
    socket.on('data', (d) => {
      bytes += d.length;
    });
  });
  await new Promise<void>((r) => internal.listen(INTERNAL_PORT, '127.0.0.2', r));
}, 60_000);

afterAll(() => {
  if (savedAllow !== undefined) process.env[UPSTREAM_ALLOW_ENV] = savedAllow;
  upstream?.close();
  internal?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  connections = 0;
  bytes = 0;
  requests.length = 0;
});

/** Runs one channel on `path` of the upstream with real ffmpeg until `done`, then stops it. */
async function pull(path: string, allow: string, done: (r: ChannelRunner, segments: number) => boolean) {
  const lines: string[] = [];
  let segments = 0;
  const runner = new ChannelRunner(
    {
      logicalChannelId: 'ch-pull',
      sources: [{ position: 1, url: `hls+http://127.0.0.1:${UPSTREAM_PORT}/${path}`, origin: 'operator' }],
    } as never,
    {
      ffmpeg: liveFfmpegPath(),
      mediaDir: dir,
      workRoot: join(dir, 'work'),
      timeline: {
        beginRun() {},
        add: () => {
          segments++;
        },
        addPart() {},
      } as never,
      rules: { ...DEFAULT_RULES, backoffMs: 60_000, maxBackoffMs: 60_000 },
      now: Date.now,
      log: (l) => lines.push(l),
      onSegment: () => {},
      upstreamAllow: async () => allow,
    },
  );
  runner.start();
  try {
    await vi.waitFor(() => expect(done(runner, segments), lines.join('\n')).toBe(true), {
      timeout: 20_000,
      interval: 50,
    });
  } finally {
    await runner.stop();
  }
  return { health: runner.health[0], lines };
}

const refused = (r: ChannelRunner) => r.health[0]?.lastError === 'refused: internal address';

describe('live HLS pulls through the pull relay (issue 35, decision 0364)', () => {
  it('plays an AES-128 stream: ffmpeg reads playlist, key and segments from the relay only', async () => {
    await pull('live.m3u8', '127.0.0.1', (_r, segments) => segments > 0);
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/live.m3u8', '/enc.key', '/enc0.ts']),
    );
    // Every fetch of the upstream was the relay's: ffmpeg itself never touched the network.
    expect(requests.every((r) => r.agent === 'ottkit-live-pull')).toBe(true);
  });

  it.each([...Object.keys(HOSTILE), 'redirect.m3u8'])(
    'refuses what %s names on an internal address, and no byte reaches it',
    async (path) => {
      const { health, lines } = await pull(path, '127.0.0.1', refused);
      expect(health?.lastError).toBe('refused: internal address');
      expect(health?.state).toBe('failed');
      // The log names the refused address, never the relay's URL (its token) in its place.
      expect(lines.join('\n')).toMatch(`${inside}/`);
      expect(lines.join('\n')).not.toMatch(/127\.0\.0\.1:\d+\/[\w-]{32}\//);
      expect(connections).toBe(0);
      expect(bytes).toBe(0);
    },
  );

  // The console's "Test input" (decision 0382) reads a source the same way, before it is saved.
  const probe = (path: string, allow: string) =>
    probeInput(parseSourceUrl(`hls+http://127.0.0.1:${UPSTREAM_PORT}/${path}`, dir), {
      ffmpeg: liveFfmpegPath(),
      allow,
      log: () => {},
    });

  it('an input test reads the AES-128 stream through the relay: its codecs and size', async () => {
    expect(await probe('live.m3u8', '127.0.0.1')).toMatchObject({
      ok: true,
      videoCodec: 'h264',
      audioCodec: 'aac',
      resolution: '160x90',
    });
    expect(requests.every((r) => r.agent === 'ottkit-live-pull')).toBe(true);
  });

  it.each([...Object.keys(HOSTILE), 'redirect.m3u8'])(
    'an input test of %s says the address is internal, and no byte reaches it',
    async (path) => {
      expect(await probe(path, '127.0.0.1')).toEqual({ ok: false, error: 'internal-address' });
      expect(connections).toBe(0);
      expect(bytes).toBe(0);
    },
  );

  it('an input test of a host not on the allow-list is refused before any fetch', async () => {
    expect(await probe('live.m3u8', '')).toEqual({ ok: false, error: 'internal-address' });
    expect(requests).toEqual([]);
  });

  it('the internal listener is real: allowed, the relay reaches it', async () => {
    await pull('segment.m3u8', '127.0.0.0/8', () => connections > 0);
    expect(connections).toBeGreaterThan(0);
  });
});
