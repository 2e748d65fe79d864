/**
 * Login flood benchmark (issue #21.3; run by hand, never by the tests):
 *
 *   node bench/login-flood.ts [--logins 100] [--seconds 8] [--port 0]
 *
 * Starts the real product (`cli.ts serve` with the built site, tiny media, production scrypt N=2^17) in a child
 * process on 127.0.0.1 over a data folder in the OS temp folder, then measures, one request after another, the
 * latency (first byte to last byte) of a static script of the site and of a live segment:
 *   1. baseline: nothing else happening, for --seconds;
 *   2. during: while --logins parallel wrong logins (different accounts, one address) are answered.
 * It prints p50/p99/max for both and what the logins got (password checks, wrong-password and too-many answers).
 * Loopback only; every request has a time-out and the whole run is bounded. Build the site first.
 */
import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    logins: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '8' },
    port: { type: 'string', default: '0' },
  },
});
const LOGINS = Number(values.logins);
const SECONDS = Number(values.seconds);
const SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';
const root = fileURLToPath(new URL('..', import.meta.url));
const REQUEST_TIMEOUT_MS = 60_000;

// The prepared media are kept between runs; the database (with the last run's attempt counters) is not.
const dataDir = join(tmpdir(), 'ottkit-bench-login-flood');
for (const f of ['ottkit.db', 'ottkit.db-wal', 'ottkit.db-shm']) rmSync(join(dataDir, f), { force: true });

const child = spawn(
  process.execPath,
  ['packages/server/src/cli.ts', 'serve', '--site', 'site/dist/server/entry.mjs', '--port', values.port],
  {
    cwd: root,
    env: {
      ...process.env,
      OTTKIT_DATA_DIR: dataDir,
      OTTKIT_SECRET: SECRET,
      OTTKIT_MEDIA_PROFILE: 'tiny',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const stop = () => child.kill('SIGTERM');
process.on('exit', stop);
const guard = setTimeout(
  () => {
    console.error('login-flood: took too long, stopping');
    stop();
    process.exit(2);
  },
  (SECONDS * 4 + 300) * 1000,
);
guard.unref();

const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk;
    const m = /ottkit listening on (http:\/\/\S+)/.exec(out);
    if (m?.[1]) resolve(m[1]);
  });
  child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
});

/** Fetches a URL fully on a fresh connection; ms from request to last byte, or -1 on error. */
function timed(url: string): Promise<{ ms: number; body: string }> {
  return new Promise((resolve) => {
    const t = performance.now();
    const req = httpGet(url, { agent: false, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          ms: res.statusCode === 200 ? performance.now() - t : -1,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ ms: -1, body: '' }));
  });
}

const { createMediaUrls } = await import('../packages/server/src/origin/urls.ts');
const { ErrCode } = await import('../packages/api-client/src/errors/catalogue.ts');
const { login } = await import('../packages/api-client/src/contract/account.ts');
const master = createMediaUrls(SECRET).live({ liveStreamId: 'ch1', accountId: 'bench' });
const masterUrl = new URL(master, base);
const variantUri = (await timed(masterUrl.href)).body.split('\n').find((l) => l.includes('index.m3u8'));
if (!variantUri) throw new Error('no variant playlist in the master playlist');
const variantUrl = new URL(variantUri, masterUrl);
const segmentUri = (await timed(variantUrl.href)).body
  .split('\n')
  .filter((l) => l.includes('.m4s'))
  .at(-1);
if (!segmentUri) throw new Error('no segment in the live playlist');
const segmentUrl = new URL(segmentUri, variantUrl).href;
const script = readdirSync(join(root, 'site/dist/client/_astro')).find((f) => f.endsWith('.js'));
const scriptUrl = `${base}/_astro/${script}`;

/** Probes both URLs one after another until `until()` says stop; returns the latencies of each. */
async function probe(until: () => boolean) {
  const s: number[] = [];
  const m: number[] = [];
  while (!until()) {
    s.push((await timed(scriptUrl)).ms);
    m.push((await timed(segmentUrl)).ms);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { script: s, segment: m };
}

function summary(ms: number[]) {
  const ok = ms.filter((x) => x >= 0).sort((a, b) => a - b);
  const pct = (p: number) => ok[Math.min(ok.length - 1, Math.floor(p * ok.length))] ?? Number.NaN;
  return `n=${ms.length} p50=${pct(0.5).toFixed(1)} ms p99=${pct(0.99).toFixed(1)} ms max=${(ok.at(-1) ?? Number.NaN).toFixed(1)} ms errors=${ms.length - ok.length}`;
}

async function wrongLogin(i: number): Promise<number> {
  try {
    const res = await fetch(base + login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        loginInfo: { email: `flood-${Date.now()}-${i}@example.com`, password: 'wrong-pass' },
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return ((await res.json()) as { errCode: number }).errCode;
  } catch {
    return -1;
  }
}

console.log(`login-flood against ${base}: ${LOGINS} parallel wrong logins; scrypt N=2^17 (production)`);
const t0 = performance.now();
const baseline = await probe(() => performance.now() - t0 > SECONDS * 1000);
console.log(`baseline (no flood)  static script: ${summary(baseline.script)}`);
console.log(`baseline (no flood)  live segment:  ${summary(baseline.segment)}`);

let done = false;
const t1 = performance.now();
const flood = Promise.all(Array.from({ length: LOGINS }, (_, i) => wrongLogin(i))).finally(() => {
  done = true;
});
const during = await probe(() => done && performance.now() - t1 > 1000);
const answers = await flood;
const floodMs = performance.now() - t1;
console.log(`during the flood     static script: ${summary(during.script)}`);
console.log(`during the flood     live segment:  ${summary(during.segment)}`);
const count = (code: number) => answers.filter((c) => c === code).length;
console.log(
  `logins answered in ${(floodMs / 1000).toFixed(1)} s: wrong password (a password check) ` +
    `${count(ErrCode.WRONG_CREDENTIALS)}, too many attempts / busy ${count(ErrCode.TOO_MANY_ATTEMPTS)}, ` +
    `other ${LOGINS - count(ErrCode.WRONG_CREDENTIALS) - count(ErrCode.TOO_MANY_ATTEMPTS)}`,
);
clearTimeout(guard);
stop();
process.exit(0);
