import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebian } from '../src/cluster/debian.mjs';
import { createServer } from '../src/app.ts';
import { TELEMETRY_LIMITS } from '../src/domain/telemetryLimits.ts';
import { freePort, type RunningRedis, startRedis } from '../src/shared/redisServer.ts';
import { slaBatch, startServer, type TestServer } from './helpers.ts';

// Issue 19: two servers (two processes' worth: each its own database here) over one Redis share the telemetry
// budget; Redis going away makes the call answer the server-error envelope at once, and it comes back by itself.
let redis: RunningRedis;
let redisDir: string;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  ensureDebian('redis-server', ['redis-server'], 'for the shared-state tests');
  redisDir = mkdtempSync(join(tmpdir(), 'ottkit-redis-'));
  redis = await startRedis(redisDir, await freePort());
  a = await startServer({ config: { redisUrl: redis.url } });
  b = await startServer({ config: { redisUrl: redis.url } });
}, 300_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
  rmSync(redisDir, { recursive: true, force: true });
});

const batch = (t: TestServer, prefix: string, n: number) =>
  slaBatch(t, n, (i) => `${prefix}-${String(i).padStart(6, '0')}`);
const PATH = contract.metrics.metricsBatchPost.path;

describe('shared state over Redis between servers', () => {
  it("spends one address's telemetry budget on every server", async () => {
    const full = TELEMETRY_LIMITS.address.capacity / 200;
    for (let i = 0; i < full; i++) {
      const r = await (i % 2 ? b : a).post(PATH, batch(a, `shared-${i}`, 200));
      expect(r.body.errCode).toBe(0);
    }
    // The budget is spent across both: B refuses too, not only A.
    expect((await b.post(PATH, batch(b, 'over-b', 200))).body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    expect((await a.post(PATH, batch(a, 'over-a', 200))).body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
  });

  it('answers the server-error envelope while Redis is down, and recovers when it is back', async () => {
    const port = redis.port;
    await redis.stop();
    const down = await a.post(PATH, batch(a, 'down', 1));
    expect(down.status).toBe(500);
    expect(down.body.errCode).toBe(ErrCode.INTERNAL);
    redis = await startRedis(redisDir, port);
    let back = -1;
    for (let i = 0; i < 50 && back !== 0; i++) {
      back = (await a.post(PATH, batch(a, `back-${i}`, 1))).body.errCode;
      if (back !== 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(back).toBe(0);
  });

  it('refuses to start when Redis is not there, naming OTTKIT_REDIS_URL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ottkit-test-'));
    const server = createServer({
      config: {
        dataDir,
        port: 0,
        secret: 'test-secret-0123456789abcdef0123456789',
        passwordHashLog2N: 10,
        redisUrl: `redis://127.0.0.1:${await freePort()}`,
      },
      logger: { info: () => {}, error: () => {} },
    });
    try {
      await expect(server.listen()).rejects.toThrow(/OTTKIT_REDIS_URL/);
    } finally {
      await server.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
