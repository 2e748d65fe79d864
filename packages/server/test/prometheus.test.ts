// Store engine: SQLite only. What it proves is Prometheus reading the metrics; the store's figures in them are
// read on PostgreSQL by monitoring.test.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForPort } from '../src/shared/redisServer.ts';
import { startServer, type TestServer } from './helpers.ts';

// Issue 40: Debian's Prometheus scrapes a running ottkit with the configuration docs/operations.md gives
// (packages/server/src/monitoring/ottkit-prometheus.yml, only its target, token file and interval changed), loads
// the alerts given beside it, and sees the series move. The project's own `npm test` installs the package.

const MONITORING = join(import.meta.dirname, '../src/monitoring');
const TOKEN = 'prometheus-test-token-0123456789';

function need(command: string) {
  if (spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `${command} is missing: 'npm test' installs Debian's prometheus, or 'apt-get install prometheus'`,
    );
  }
}

let t: TestServer;
let dir: string;
let prometheus: ChildProcess | undefined;
let api: string;

beforeAll(async () => {
  need('prometheus');
  t = await startServer({ config: { metricsToken: TOKEN } });
  dir = mkdtempSync(join(tmpdir(), 'ottkit-prometheus-'));
  writeFileSync(join(dir, 'token'), TOKEN, { mode: 0o600 });
  const config = readFileSync(join(MONITORING, 'ottkit-prometheus.yml'), 'utf8')
    .replace(/scrape_interval: 15s/, 'scrape_interval: 1s')
    .replace('/etc/prometheus/ottkit-metrics-token', join(dir, 'token'))
    .replace('127.0.0.1:4321', new URL(t.url).host);
  expect(config).toContain(join(dir, 'token'));
  expect(config).toContain(new URL(t.url).host);
  writeFileSync(join(dir, 'prometheus.yml'), config);
  writeFileSync(join(dir, 'ottkit-alerts.yml'), readFileSync(join(MONITORING, 'ottkit-alerts.yml')));
  const port = await freePort();
  api = `http://127.0.0.1:${port}/api/v1`;
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  await waitForPort(port, 20_000, 'prometheus');
}, 60_000);

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const gone = new Promise((r) => prometheus?.once('exit', r));
    prometheus.kill('SIGTERM');
    await gone;
  }
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One instant query's first value, or undefined while Prometheus has none. */
async function value(query: string): Promise<number | undefined> {
  const res = await fetch(`${api}/query?query=${encodeURIComponent(query)}`);
  const body = (await res.json()) as { data?: { result?: { value: [number, string] }[] } };
  const v = body.data?.result?.[0]?.value[1];
  return v === undefined ? undefined : Number(v);
}

describe('Prometheus scraping ottkit', () => {
  it('scrapes with the token, loads the alerts, and sees the request count move', async () => {
    const lastError = async () => {
      const r = (await (await fetch(`${api}/targets`)).json()) as {
        data: { activeTargets: { lastError: string }[] };
      };
      return r.data.activeTargets[0]?.lastError;
    };
    // Scraped: the target is up, with no error (its last one is shown when it is not).
    await expect
      .poll(async () => [await value('up{job="ottkit"}'), await lastError()], { timeout: 20_000 })
      .toEqual([1, '']);
    const rules = (await (await fetch(`${api}/rules`)).json()) as {
      data: { groups: { name: string; rules: { name: string; health: string }[] }[] };
    };
    const ottkit = rules.data.groups.find((g) => g.name === 'ottkit');
    expect(ottkit?.rules.map((r) => r.name)).toContain('OttkitDown');
    expect(ottkit?.rules.every((r) => r.health !== 'err')).toBe(true);

    const series = 'ottkit_http_requests_total{route="/healthz",status="200"}';
    await expect.poll(() => value(`sum(${series}) or vector(0)`), { timeout: 20_000 }).toBeDefined();
    const before = (await value(`sum(${series}) or vector(0)`)) ?? 0;
    for (let i = 0; i < 3; i++) await fetch(`${t.url}/healthz`);
    await expect.poll(() => value(`sum(${series})`), { timeout: 20_000 }).toBe(before + 3);
    // The store's and the live figures are there too.
    expect(await value('sum(ottkit_jobs)')).toBeGreaterThanOrEqual(0);
    expect(await value('ottkit_database_info')).toBe(1);
    expect(await value('ottkit_database_pool_waiting')).toBe(0);
    expect(ottkit?.rules.map((r) => r.name)).toContain('OttkitDatabasePoolExhausted');
  }, 60_000);
});
