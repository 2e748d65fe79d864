/**
 * Resilience benchmark (issue #21 item 7): the product server in a child process on loopback, a temporary data
 * folder and the tiny media profile, then, each bounded and printed:
 *   1. concurrent API load (a public and a session call): req/s, p50/p99, errors, RSS before and after,
 *      beside a one-at-a-time baseline measured in the same run;
 *   2. concurrent HLS load (playlists and segments of a live channel, with its signed token): the same figures;
 *   3. slow clients holding sockets (headers sent a byte at a time): are the others still served, how fast;
 *   4. kill -9 during a stream of writes, then restart: is every acknowledged write there, integrity_check;
 *   5. 20 parallel redemptions of one recharge code: how many succeed (must be exactly 1);
 *   6. 20 parallel refreshes with one refresh token: how many succeed (at most 1) and whether the family was
 *      revoked as the rules say (a reused refresh token ends the whole session).
 *
 * Run: node_modules/.bin/node bench/resilience.ts [--port 4771] [--requests 2000] [--concurrency 50]
 * Not part of the tests; figures depend on the machine's load (the load average is printed with them).
 */
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4771' },
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '50' },
    'slow-clients': { type: 'string', default: '200' },
  },
});
const PORT = Number(values.port);
const BASE = `http://127.0.0.1:${PORT}`;
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const SLOW_CLIENTS = Number(values['slow-clients']);
const dataDir = mkdtempSync(join(tmpdir(), 'ottkit-resilience-'));
const repo = new URL('..', import.meta.url).pathname;

let server: ChildProcess | undefined;

/** Starts `serve` (no site) on the data folder; resolves once it listens. */
function startServer(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['packages/server/src/cli.ts', 'serve'], {
      cwd: repo,
      env: { ...process.env, OTTKIT_DATA_DIR: dataDir, OTTKIT_MEDIA_PROFILE: 'tiny', PORT: String(PORT) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('listening on')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out.slice(-500)}`)));
  });
}

const rssMb = (pid: number | undefined) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(BASE + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: a bench reads a few known fields of several answers
  return (await res.json()) as { errCode: number; errMsg: string; data?: any };
}

async function login(email: string) {
  const r = await post(routes.account.login.path, { loginInfo: { email, password: 'demo1234' } });
  if (r.errCode !== 0) throw new Error(`login ${email}: ${r.errMsg}`);
  return r.data as { tokens: { token: string; refreshToken: string }; userInfo: { virtualCode: string } };
}

/** Runs `total` jobs `concurrency` at a time; each job answers whether it succeeded. */
async function load(total: number, concurrency: number, job: (i: number) => Promise<boolean>) {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const ok = await job(i).catch(() => false);
        times.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { reqPerSec: Math.round(total / seconds), p50: pct(times, 50), p99: pct(times, 99), errors };
}

const fmt = (r: { reqPerSec: number; p50: number; p99: number; errors: number }) =>
  `${String(r.reqPerSec).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  errors ${r.errors}`;

async function apiLoad(token: string) {
  const jobs = async (i: number) => {
    const r =
      i % 2 === 0
        ? await post(routes.live.channelList.path, {}, token)
        : await post(routes.account.userInfo.path, {}, token);
    return r.errCode === 0;
  };
  const rssBefore = rssMb(server?.pid);
  const baseline = await load(Math.min(200, REQUESTS), 1, jobs);
  const loaded = await load(REQUESTS, CONCURRENCY, jobs);
  console.log(`1. API load (channel list + user info, ${REQUESTS} requests)`);
  console.log(`   one at a time    ${fmt(baseline)}`);
  console.log(`   ${String(CONCURRENCY).padStart(3)} at a time   ${fmt(loaded)}`);
  console.log(`   RSS ${rssBefore} MB before, ${rssMb(server?.pid)} MB after`);
}

async function hlsLoad(token: string) {
  const play = await post(routes.live.channelPlaySource.path, { logicalChannelId: 'lc-001' }, token);
  const master = new URL(play.data.url as string, BASE);
  const variant = new URL(
    (await (await fetch(master)).text()).split('\n').find((l) => l.includes('.m3u8')) ?? '',
    master,
  );
  const playlist = await (await fetch(variant)).text();
  const segments = playlist
    .split('\n')
    .filter((l) => l.includes('.m4s'))
    .map((l) => new URL(l, variant));
  let bytes = 0;
  const job = async (i: number) => {
    const url = i % 5 === 0 ? variant : (segments[i % segments.length] ?? variant);
    const res = await fetch(url);
    bytes += (await res.arrayBuffer()).byteLength;
    return res.status === 200;
  };
  const rssBefore = rssMb(server?.pid);
  const baseline = await load(Math.min(200, REQUESTS), 1, job);
  bytes = 0;
  const started = performance.now();
  const loaded = await load(REQUESTS, CONCURRENCY, job);
  const mbps = bytes / 1024 / 1024 / ((performance.now() - started) / 1000);
  console.log(
    `2. HLS load (live playlist 1 in 5, segments ${segments.length} in the window, ${REQUESTS} requests)`,
  );
  console.log(`   one at a time    ${fmt(baseline)}`);
  console.log(`   ${String(CONCURRENCY).padStart(3)} at a time   ${fmt(loaded)}  ${mbps.toFixed(1)} MB/s`);
  console.log(`   RSS ${rssBefore} MB before, ${rssMb(server?.pid)} MB after`);
}

async function slowClients(token: string) {
  const sockets: Socket[] = [];
  const drip: NodeJS.Timeout[] = [];
  for (let i = 0; i < SLOW_CLIENTS; i++) {
    const s = connect(PORT, '127.0.0.1');
    s.on('error', () => {});
    s.write(`GET ${routes.live.channelList.path} HTTP/1.1\r\nHost: x\r\n`);
    // One header byte every second: the request never completes while the bench runs.
    drip.push(setInterval(() => s.write('X'), 1000));
    sockets.push(s);
  }
  await new Promise((r) => setTimeout(r, 500));
  const r = await load(
    200,
    10,
    async () => (await post(routes.account.userInfo.path, {}, token)).errCode === 0,
  );
  const open = sockets.filter((s) => !s.destroyed).length;
  for (const d of drip) clearInterval(d);
  for (const s of sockets) s.destroy();
  console.log(`3. ${SLOW_CLIENTS} slow clients holding sockets (${open} still open during the run)`);
  console.log(`   others, 10 at a time ${fmt(r)}`);
}

async function killDuringWrites() {
  const acknowledged: string[] = [];
  let stop = false;
  let n = 0;
  const writer = async () => {
    while (!stop) {
      const eventId = `resilience-${process.pid}-${n++}`;
      try {
        const r = await post(routes.metrics.metricsBatchPost.path, {
          events: [{ eventId, ts: Date.now(), type: 'playError', mode: 'live', code: 'bench', message: 'x' }],
        });
        if (r.errCode === 0 && r.data?.accepted === 1) acknowledged.push(eventId);
      } catch {
        return; // the server is gone
      }
    }
  };
  const writers = Array.from({ length: 8 }, writer);
  await new Promise((r) => setTimeout(r, 1500));
  const exited = new Promise((r) => server?.once('exit', r));
  server?.kill('SIGKILL');
  stop = true;
  await Promise.all(writers);
  await exited;
  server = await startServer();
  const db = new DatabaseSync(join(dataDir, 'ottkit.db'), { readOnly: true });
  const integrity = (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string })
    .integrity_check;
  const has = db.prepare('SELECT 1 FROM telemetry_events WHERE event_id = ?');
  const missing = acknowledged.filter((id) => !has.get(id)).length;
  db.close();
  console.log(`4. kill -9 during a stream of writes (8 writers), then restart`);
  console.log(
    `   ${acknowledged.length} writes acknowledged, ${missing} missing after restart; integrity_check: ${integrity}`,
  );
}

async function parallelRedemptions() {
  const free = await login('free@ottkit.test');
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      post(
        routes.account.recharge.path,
        { rechargeCodePassword: '1111222233330001', virtualCode: free.userInfo.virtualCode },
        free.tokens.token,
      ),
    ),
  );
  const won = answers.filter((a) => a.errCode === 0).length;
  const codes = [...new Set(answers.filter((a) => a.errCode !== 0).map((a) => a.errCode))].join(', ');
  console.log(`5. 20 parallel redemptions of one recharge code: ${won} succeeded (refused with ${codes})`);
}

async function parallelRefresh() {
  const s = await login('demo@ottkit.test');
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      post(routes.account.refreshToken.path, { refreshToken: s.tokens.refreshToken }),
    ),
  );
  const winners = answers.filter((a) => a.errCode === 0);
  const winnerStillWorks = winners[0]
    ? (await post(routes.account.userInfo.path, {}, winners[0].data.tokens.token)).errCode === 0
    : false;
  const oldStillWorks = (await post(routes.account.userInfo.path, {}, s.tokens.token)).errCode === 0;
  console.log(
    `6. 20 parallel refreshes with one refresh token: ${winners.length} succeeded; afterwards the winner's token ${
      winnerStillWorks ? 'works' : 'is revoked'
    }, the old access token ${oldStillWorks ? 'works' : 'is revoked'} (reuse revokes the family)`,
  );
}

try {
  console.log(
    `resilience on ${BASE}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  server = await startServer();
  const subscriber = await login('demo@ottkit.test');
  await apiLoad(subscriber.tokens.token);
  await hlsLoad(subscriber.tokens.token);
  await slowClients(subscriber.tokens.token);
  await killDuringWrites();
  await parallelRedemptions();
  await parallelRefresh();
} finally {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
