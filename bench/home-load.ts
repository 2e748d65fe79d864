/**
 * /home under load (issue 21.7; run by hand, never by the tests):
 *
 *   node bench/home-load.ts [--clients 50] [--seconds 15] [--timeout-ms 5000] [--port 4741] [--modes off,on]
 *     [--encoding 'br, gzip']
 *
 * Starts the product (server + built site: run the site build first) on 127.0.0.1 in a child process with a
 * temporary data folder and the tiny media profile, once per mode: `off` sets OTTKIT_SITE_HOME_CACHE_MS=0
 * (every request asks the API for the public part, as before decision 0131), `on` uses the default cache.
 * In each mode, `--clients` clients (half of them logged in as the demo subscriber) request /home back to back
 * over keep-alive connections for `--seconds`; a request that takes longer than `--timeout-ms` is abandoned
 * and counted as a time-out. Prints requests/s, p50, p99 and max latency (ms) and errors per mode.
 */
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    'timeout-ms': { type: 'string', default: '5000' },
    port: { type: 'string', default: '4741' },
    modes: { type: 'string', default: 'off,on' },
    /** What the clients accept: browsers send br and gzip; `identity` leaves compression out of the figure. */
    encoding: { type: 'string', default: 'br, gzip' },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const timeoutMs = Number(values['timeout-ms']);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const repo = new URL('..', import.meta.url).pathname;

async function startProduct(dataDir: string, cacheMs: string | undefined): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['packages/server/src/cli.ts', 'serve', '--site', 'site/dist/server/entry.mjs'],
    {
      cwd: repo,
      env: {
        ...process.env,
        OTTKIT_DATA_DIR: dataDir,
        OTTKIT_MEDIA_PROFILE: 'tiny',
        PORT: String(port),
        ...(cacheMs === undefined ? {} : { OTTKIT_SITE_HOME_CACHE_MS: cacheMs }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`product exited with ${code}`)));
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('listening on')) resolve();
    });
  });
  return child;
}

async function stopProduct(child: ChildProcess) {
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The demo subscriber's session cookie. */
async function loginCookie(): Promise<string> {
  const res = await fetch(`${base}${routes.account.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginInfo: { email: 'demo@ottkit.test', password: 'demo1234' } }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

type Outcome = { ms: number; ok: boolean; timedOut: boolean };

function getHome(agent: Agent, cookie: string | undefined): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${base}/home`,
      { agent, headers: { 'accept-encoding': values.encoding, ...(cookie ? { cookie } : {}) } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ ms: performance.now() - start, ok: res.statusCode === 200, timedOut: false }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve({ ms: performance.now() - start, ok: false, timedOut: true });
    });
    req.on('error', () => resolve({ ms: performance.now() - start, ok: false, timedOut: false }));
    req.end();
  });
}

async function run(mode: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-bench-home-'));
  const child = await startProduct(dataDir, mode === 'off' ? '0' : undefined);
  try {
    const cookie = await loginCookie();
    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    await getHome(agent, undefined);
    await getHome(agent, cookie);
    const outcomes: Outcome[] = [];
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        while (performance.now() < end) outcomes.push(await getHome(agent, i % 2 === 0 ? cookie : undefined));
      }),
    );
    agent.destroy();
    const ok = outcomes
      .filter((o) => o.ok)
      .map((o) => o.ms)
      .sort((a, b) => a - b);
    const pct = (p: number) => ok[Math.min(ok.length - 1, Math.floor(p * ok.length))] ?? Number.NaN;
    const timeouts = outcomes.filter((o) => o.timedOut).length;
    return {
      mode: mode === 'off' ? 'cache off (before)' : 'cache on',
      'req/s': Math.round((ok.length / seconds) * 10) / 10,
      p50: Math.round(pct(0.5)),
      p99: Math.round(pct(0.99)),
      max: Math.round(ok.at(-1) ?? Number.NaN),
      errors: outcomes.length - ok.length - timeouts,
      timeouts,
    };
  } finally {
    await stopProduct(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`/home: ${clients} clients (half logged in) for ${seconds} s each, time-out ${timeoutMs} ms`);
const results = [];
for (const mode of values.modes.split(',')) results.push(await run(mode));
console.table(results);
