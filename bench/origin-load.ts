/**
 * Live origin load benchmark (run by hand, never by the tests):
 *
 *   node bench/origin-load.ts [--viewers 100,500,1000] [--seconds 20] [--profile tiny|full] [--rendition lq]
 *
 * The origin runs in a child process on 127.0.0.1 (so the simulated viewers do not share its event loop),
 * over a media library prepared into the OS temp folder. Each simulated viewer behaves like a live player:
 * master playlist, variant playlist, init segment and the last three segments to start, then every 2 s the
 * variant playlist again and any segment it has not fetched yet. Viewers are spread over ch1, ch2 and ch3 and
 * start spread over 2 s. For each N it prints requests/s, p50/p99/max latency (ms, first byte to last byte)
 * and errors. Each step is bounded by --seconds.
 */
import { fork } from 'node:child_process';
import { Agent, createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '100,500,1000' },
    seconds: { type: 'string', default: '20' },
    profile: { type: 'string', default: 'tiny' },
    rendition: { type: 'string', default: 'lq' },
    serve: { type: 'boolean', default: false },
  },
});
const SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';

if (values.serve) {
  // Child: prepare (or reuse) the library and serve the origin.
  const { prepareMedia } = await import('../packages/server/src/media/prepare.ts');
  const { createOrigin } = await import('../packages/server/src/origin/origin.ts');
  const profile = values.profile === 'full' ? 'full' : 'tiny';
  const dataDir = join(tmpdir(), `ottkit-bench-origin-${profile}`);
  const library = await prepareMedia({ dataDir, profile });
  const origin = createOrigin({ dataDir, secret: SECRET, library });
  // Server-side time per request (arrival to last byte handed to the socket), so the client's own load on a
  // shared machine can be told apart from the origin's.
  let served: number[] = [];
  process.on('message', (m: string) => {
    if (m !== 'stats') return;
    served.sort((a, b) => a - b);
    const pct = (p: number) => served[Math.min(served.length - 1, Math.floor(p * served.length))] ?? 0;
    process.send?.({ p50: pct(0.5), p99: pct(0.99) });
    served = [];
  });
  const server = createServer((req, res) => {
    const t = performance.now();
    res.on('finish', () => served.push(performance.now() - t));
    origin.handle(req, res, new URL(req.url ?? '/', 'http://x')).then((mine) => {
      if (!mine) res.writeHead(404).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  // Never outlive the benchmark that started us.
  process.on('disconnect', () => process.exit(0));
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
} else {
  await main();
}

async function main() {
  const { createMediaUrls } = await import('../packages/server/src/origin/urls.ts');
  const child = fork(new URL(import.meta.url).pathname, ['--serve', '--profile', values.profile], {
    stdio: 'inherit',
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m: { port: number }) => resolve(m.port)),
  );
  const stats = () =>
    new Promise<{ p50: number; p99: number }>((resolve) => {
      child.once('message', (m: { p50: number; p99: number }) => resolve(m));
      child.send('stats');
    });
  await stats();
  const base = `http://127.0.0.1:${port}`;
  const urls = createMediaUrls(SECRET);
  console.log(
    `origin on ${base}, profile ${values.profile}, rendition ${values.rendition}, ${values.seconds} s per step`,
  );
  console.log('viewers requests    req/s   p50 ms   p99 ms   max ms   errors  server p50 / p99 ms');

  try {
    for (const n of values.viewers.split(',').map(Number)) {
      const r = await run(n, Number(values.seconds) * 1000, base, (i) =>
        urls.live({ liveStreamId: `ch${(i % 3) + 1}`, accountId: `bench-${i}` }),
      );
      const pct = (p: number) =>
        r.latencies[Math.min(r.latencies.length - 1, Math.floor(p * r.latencies.length))] ?? 0;
      console.log(
        `${[
          n,
          r.latencies.length,
          (r.latencies.length / r.seconds).toFixed(0),
          pct(0.5).toFixed(1),
          pct(0.99).toFixed(1),
          (r.latencies.at(-1) ?? 0).toFixed(1),
          r.errors,
        ]
          .map((x, i) => String(x).padStart(i === 0 ? 7 : 9))
          .join('')}   ${await stats().then((x) => `${x.p50.toFixed(2)} / ${x.p99.toFixed(2)}`)}`,
      );
    }
  } finally {
    child.kill();
  }
}

async function run(n: number, durationMs: number, base: string, masterOf: (i: number) => string) {
  const latencies: number[] = [];
  let errors = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const started = performance.now();
  const end = started + durationMs;
  // node:http with keep-alive: far cheaper per request than fetch, so the client starves the origin less.
  const get = (url: URL): Promise<string | undefined> =>
    new Promise((resolve) => {
      const t = performance.now();
      const req = httpGet(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          latencies.push(performance.now() - t);
          if (res.statusCode !== 200) errors++;
          resolve(res.headers['content-type']?.includes('mpegurl') ? Buffer.concat(chunks).toString() : '');
        });
      });
      req.on('error', () => {
        errors++;
        resolve(undefined);
      });
    });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const viewer = async (i: number) => {
    await sleep((i / n) * 2000);
    const masterUrl = new URL(masterOf(i), base);
    const master = await get(masterUrl);
    const variant = master
      ?.split('\n')
      .find((l) => l.startsWith(`${values.rendition}/`) || l.includes('index.m3u8'));
    if (!variant) return;
    const variantUrl = new URL(variant, masterUrl);
    const seen = new Set<string>();
    let first = true;
    while (performance.now() < end) {
      const tick = performance.now();
      const text = await get(variantUrl);
      const lines = text?.split('\n') ?? [];
      if (first) {
        const map = /URI="([^"]+)"/.exec(lines.find((l) => l.startsWith('#EXT-X-MAP')) ?? '')?.[1];
        if (map) await get(new URL(map, variantUrl));
      }
      const segs = lines.filter((l) => l.includes('.m4s'));
      for (const s of first ? segs.slice(-3) : segs) {
        if (!seen.has(s)) {
          seen.add(s);
          if (!first || segs.indexOf(s) >= segs.length - 3) await get(new URL(s, variantUrl));
        }
      }
      if (first) for (const s of segs) seen.add(s);
      first = false;
      await sleep(Math.max(0, 2000 - (performance.now() - tick)));
    }
  };
  await Promise.all(Array.from({ length: n }, (_, i) => viewer(i)));
  latencies.sort((a, b) => a - b);
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}
