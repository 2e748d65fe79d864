import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { contract } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { jsonLogger, logFormatOf } from '../src/logger.ts';
import { freePort, type RunningRedis, startRedis } from '../src/shared/redisServer.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { DEFAULT_POOL_MAX } from '../src/store/kysely/pgPool.ts';
import { loginAs, startServer, type TestServer } from './helpers.ts';
import { TEST_SECRETS } from './testSecrets.ts';

// Issue 40 (a service that can be watched): /healthz and /readyz for nginx and orchestrators, and Prometheus
// metrics behind a bearer token (docs/operations.md). Prometheus itself scraping them: prometheus.test.ts.

const TOKEN = 'metrics-token-for-the-tests-0123';
const auth = { authorization: `Bearer ${TOKEN}` };

/** A sample's value in Prometheus's text format, by its name and labels as written (`name{a="b"}`). */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ config: { metricsToken: TOKEN } });
});
afterAll(() => t.close());

const text = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const res = await fetch(t.url + path, { headers, method });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
};

describe('health', () => {
  it('/healthz answers that the process is alive, to GET and HEAD, never cached', async () => {
    const a = await fetch(`${t.url}/healthz`);
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(await a.json()).toEqual({ status: 'alive' });
    const head = await text('/healthz', {}, 'HEAD');
    expect([head.status, head.body]).toEqual([200, '']);
  });

  it('/readyz checks the database and the data folder, and says which one fails, in words', async () => {
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not configured', dataFolder: 'ok' },
    });
    // The data folder takes no write (its probe file cannot be made: a folder stands in its place).
    const probe = join(t.dataDir, `.readyz-${process.pid}`);
    mkdirSync(probe);
    try {
      const not = await fetch(`${t.url}/readyz`);
      expect(not.status).toBe(503);
      const body = (await not.json()) as { status: string; checks: Record<string, string> };
      expect(body.status).toBe('not ready');
      expect(body.checks.dataFolder).toBe('the data folder takes no write (full or read-only)');
      expect(body.checks.database).toBe('ok');
      // The library's words (EISDIR, the path) went to the log, not to whoever asked.
      expect(JSON.stringify(body)).not.toMatch(/EISDIR|readyz-/);
    } finally {
      const { rmSync } = await import('node:fs');
      rmSync(probe, { recursive: true });
    }
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  });

  it('/readyz says when the cluster’s Redis stops answering, and is ready again once it is back', async () => {
    const port = await freePort();
    let redis: RunningRedis | undefined = await startRedis(join(t.dataDir, 'redis'), port);
    const c = await startServer({ config: { redisUrl: redis.url } });
    try {
      const ok = await (await fetch(`${c.url}/readyz`)).json();
      expect(ok).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
      await redis.stop();
      redis = undefined;
      const down = await fetch(`${c.url}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({
        status: 'not ready',
        checks: { redis: 'Redis does not answer' },
      });
      redis = await startRedis(join(t.dataDir, 'redis'), port);
      await expect.poll(async () => (await fetch(`${c.url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
    } finally {
      await c.close();
      await redis?.stop();
    }
  }, 30_000);
});

describe('metrics', () => {
  it('are refused without the token, and off (in words) on a server given none', async () => {
    const none = await text('/metrics');
    expect(none.status).toBe(401);
    expect(none.body).not.toContain('ottkit_');
    expect((await text('/metrics', { authorization: `Bearer ${TOKEN.slice(0, -1)}x` })).status).toBe(401);
    expect((await text('/metrics', { authorization: TOKEN })).status).toBe(401);
    const off = await startServer();
    try {
      const a = await fetch(`${off.url}/metrics`, { headers: auth });
      expect(a.status).toBe(404);
      expect(await a.text()).toMatch(/Metrics are off: set OTTKIT_METRICS_TOKEN/);
    } finally {
      await off.close();
    }
  });

  it('count requests by route and status, and the figures move with what happens', async () => {
    const before = await text('/metrics', auth);
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const healthz = 'ottkit_http_requests_total{route="/healthz",method="GET",status="200"}';
    const had = sample(before.body, healthz) ?? 0;
    await fetch(`${t.url}/healthz`);
    await fetch(`${t.url}/healthz`);
    // A code sent by mail waits in the queue (no SMTP here: the outbox keeps it).
    const waiting = 'ottkit_messages_waiting{channel="email"}';
    const queued = sample(before.body, waiting) ?? 0;
    const sent = await t.post(contract.account.verification.path, {
      email: 'metrics@ottkit.test',
      purpose: 'register',
    });
    expect(sent.body.errCode).toBe(0);
    // Random paths are counted under one label each, never as series of their own.
    await fetch(`${t.url}/api/no/such/call/${Date.now()}`);
    await fetch(`${t.url}/media/nothing-here/${Date.now()}.ts`);

    const after = (await text('/metrics', auth)).body;
    expect(sample(after, healthz)).toBe(had + 2);
    expect(sample(after, waiting)).toBe(queued + 1);
    const verification = `ottkit_http_requests_total{route="${contract.account.verification.path}",method="POST",status="200"}`;
    expect(sample(after, verification)).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'ottkit_http_requests_total{route="/api/(unknown)",method="GET",status="404"}'),
    ).toBe(1);
    expect(
      sample(after, 'ottkit_http_requests_total{route="/media/(other)",method="GET",status="404"}'),
    ).toBe(1);
    expect(after).not.toContain('no/such/call');
    expect(after).toMatch(
      /^ottkit_http_request_duration_seconds_bucket\{le="0\.005",route="\/healthz",method="GET"\} \d+$/m,
    );
    for (const state of ['queued', 'running', 'succeeded', 'failed']) {
      expect(sample(after, `ottkit_jobs{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(sample(after, 'ottkit_viewers')).toBeGreaterThanOrEqual(0);
    expect(sample(after, `ottkit_database_info{engine="${t.server.db.engine ?? 'sqlite'}"}`)).toBe(1);
    expect(sample(after, 'ottkit_live_ffmpeg_starts_total')).toBeGreaterThanOrEqual(0);
    expect(after).toMatch(/^ottkit_process_resident_memory_bytes \d+/m);
    // Nothing secret in what Prometheus keeps.
    expect(after).not.toContain(TOKEN);
  });

  it("show the store's connections: PostgreSQL's pool opens one for a signed-in call; SQLite has its one", async () => {
    const postgres = t.server.db.engine === 'postgres';
    const connections = (body: string) =>
      (sample(body, 'ottkit_database_pool_connections{state="busy"}') ?? Number.NaN) +
      (sample(body, 'ottkit_database_pool_connections{state="idle"}') ?? Number.NaN);
    const { token } = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const list = await t.post(contract.live.channelList.path, {}, { authorization: `Bearer ${token}` });
    expect(list.body.errCode).toBe(0);
    const after = (await text('/metrics', auth)).body;
    expect(sample(after, 'ottkit_database_pool_max')).toBe(postgres ? DEFAULT_POOL_MAX : 1);
    expect(sample(after, 'ottkit_database_pool_waiting')).toBe(0);
    // The call's session was read through the pool: it holds that connection, idle now, for the next call.
    expect(connections(after)).toBeGreaterThanOrEqual(1);
    expect(connections(after)).toBeLessThanOrEqual(postgres ? DEFAULT_POOL_MAX : 1);
  });
});

describe('logs', () => {
  it('JSON lines carry the request id the edge sent, and the answer carries it back', async () => {
    const lines: string[] = [];
    const server = createServer({
      config: { port: 0, host: '127.0.0.1', ...TEST_SECRETS, dataDir: join(t.dataDir, 'json-logs') },
      logger: jsonLogger({ write: (line) => void lines.push(line) }),
      // A page that fails: the server logs it, inside the request.
      site: (_req, _res, next) => next(new Error('the page broke')),
    });
    const { url } = await server.listen();
    try {
      const a = await fetch(`${url}/some/page`, { headers: { 'x-request-id': 'edge-0123abcd' } });
      expect(a.status).toBe(500);
      expect(a.headers.get('x-request-id')).toBe('edge-0123abcd');
      expect(await a.text()).not.toContain('the page broke');
      const line = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.level === 'error');
      expect(line).toMatchObject({
        msg: 'site failed on /some/page',
        requestId: 'edge-0123abcd',
        pid: process.pid,
      });
      expect((line?.err as { message?: string })?.message).toBe('the page broke');
      expect(String(line?.time)).toMatch(/^\d{4}-\d\d-\d\dT/);
      // An id unfit for a log line (spaces, too long) is replaced by one of the server's own.
      const b = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'two words' } });
      expect(b.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
    expect(() => logFormatOf('xml')).toThrow("OTTKIT_LOG_FORMAT must be text or json, got 'xml'");
  });
});
