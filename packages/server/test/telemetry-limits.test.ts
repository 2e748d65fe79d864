import { gzipSync } from 'node:zlib';
import { contract, ErrCode } from '@ottkit/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import { TELEMETRY_LIMITS } from '../src/domain/telemetryLimits.ts';
import { rollUpTelemetry, telemetryReportSince } from '../src/domain/telemetryRetention.ts';
import { DEMO_PASSWORD } from '../src/seed/accounts.ts';
import { countTelemetryEvents } from '../src/store/telemetry.ts';
import { bearer, loginAs, startServer, type TestServer } from './helpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue #21.2: the telemetry call needed no login, had no limit and kept events forever.
const PATH = contract.metrics.metricsBatchPost.path;
const DAY = 24 * 3600 * 1000;
let t: TestServer;
afterEach(() => t?.close());

let seq = 0;
const sla = (sourceId = 'lc-001', startupMs = 400) => ({
  eventId: `evt-${String(++seq).padStart(10, '0')}`,
  ts: t.clock.now,
  sourceId,
  type: 'streamSla',
  mode: 'live',
  startupMs,
  stalls: 0,
  stallMs: 0,
  bitrateSwitches: 0,
  errors: 0,
});
const batch = (n: number) => ({ events: Array.from({ length: n }, () => sla()) });

describe('telemetry limits', () => {
  it('stops a flood from one address at its bucket, stores nothing of the refused batches, refills with time', async () => {
    t = await startServer();
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await t.post(PATH, batch(200)));
    const refused = answers.filter((a) => a.body.errCode === ErrCode.TOO_MANY_ATTEMPTS);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.status).toBe(429);
    expect(refused[0]?.body.errMsg).toMatch(/Too many telemetry events; try again in \d+ s/);
    expect(await countTelemetryEvents(t.server.db)).toBe(TELEMETRY_LIMITS.address.capacity);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    t.advance(10_000);
    expect((await t.post(PATH, batch(200))).body.errCode).toBe(0);
  });

  it('limits one account on its own, whatever address it uses', async () => {
    t = await startServer();
    const demo = await loginAs(t, 'demo@ottkit.test', DEMO_PASSWORD);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await t.post(PATH, batch(200), bearer(demo.token))).body.errCode);
    expect(codes).toEqual([0, 0, 0, ErrCode.TOO_MANY_ATTEMPTS]);
    // Another caller from the same address is still served.
    expect((await t.post(PATH, batch(10))).body.errCode).toBe(0);
  });

  it('caps batch and event sizes with a clear error and stores nothing of them', async () => {
    t = await startServer();
    const big = await t.post(PATH, batch(201));
    expect(big.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(big.body.errMsg).toMatch(/events: .*200/);
    const long = await t.post(PATH, {
      events: [
        {
          eventId: 'evt-long-0001',
          ts: t.clock.now,
          type: 'playError',
          mode: 'live',
          code: 'x',
          message: 'm'.repeat(501),
        },
      ],
    });
    expect(long.body.errMsg).toMatch(/events\.0\.message/);
    const tooLarge = await t.post(PATH, JSON.stringify({ events: [], pad: 'x'.repeat(70_000) }));
    expect(tooLarge.body.errCode).toBe(ErrCode.BODY_TOO_LARGE);
    // A gzip bomb in the beacon form: 50 MB of zeros in a few kB.
    const bomb = new URLSearchParams({
      data: gzipSync(Buffer.alloc(50 * 1024 * 1024)).toString('base64'),
    }).toString();
    const res = await fetch(t.url + PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: bomb,
    });
    expect(res.status).toBeLessThan(500);
    expect(await countTelemetryEvents(t.server.db)).toBe(0);
  });

  it('refuses events once the store holds its cap, rather than filling the disk', async () => {
    t = await startServer({ config: { telemetryMaxEvents: 300 } });
    expect((await t.post(PATH, batch(200))).body.errCode).toBe(0);
    const full = await t.post(PATH, batch(200));
    expect(full.status).toBe(503);
    expect(full.body).toMatchObject({ errCode: ErrCode.STORAGE_FULL });
    expect(await countTelemetryEvents(t.server.db)).toBe(200);
  });

  it('a telemetry write that fails (disk full) fails that call only: login still works, the log says disk full', async () => {
    t = await startServer();
    t.server.db.exec(
      "CREATE TRIGGER no_space BEFORE INSERT ON telemetry_events BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END",
    );
    const r = await t.post(PATH, batch(3));
    expect(r.status).toBe(503);
    expect(r.body.errCode).toBe(ErrCode.STORAGE_FULL);
    expect(String(t.errors.at(-1))).toMatch(/disk full: cannot write to .*ottkit\.db/);
    const login = await t.post(contract.account.login.path, {
      loginInfo: { email: 'demo@ottkit.test', password: DEMO_PASSWORD },
    });
    expect(login.body.errCode).toBe(0);
  });
});

describe('telemetry retention', () => {
  it('rolls raw events up into daily aggregates after two days; the report reads the same; old days expire', async () => {
    t = await startServer();
    const events = [sla('lc-001', 400), sla('lc-001', 800), sla('lc-002', 1234)];
    expect((await t.post(PATH, { events })).body.errCode).toBe(0);
    const since = t.clock.now - DAY;
    const before = telemetryReportSince(t.server.db, since);
    expect(before.find((r) => r.sourceId === 'lc-001')).toMatchObject({
      sessions: 2,
      startupP50Ms: 400,
      startupP95Ms: 800,
    });

    t.advance(DAY);
    expect((await rollUpTelemetry(t.server.db, t.clock.now, 30)).rolledUp).toBe(0);
    t.advance(1.5 * DAY);
    // The hourly roll-up asks nothing of the synchronous store (issue 39, decision 0440): on PostgreSQL it would stop
    // the process for as long as two days of a large audience's events take.
    let done: { rolledUp: number } | undefined;
    const asked = await synchronousQueries(t.server.db, async () => {
      done = await rollUpTelemetry(t.server.db, t.clock.now, 30);
    });
    expect(asked).toEqual([]);
    expect(done?.rolledUp).toBe(3);
    expect(await countTelemetryEvents(t.server.db)).toBe(0);
    expect(telemetryReportSince(t.server.db, since)).toEqual(before);

    t.advance(30 * DAY);
    expect((await rollUpTelemetry(t.server.db, t.clock.now, 30)).expiredDays).toBe(2);
    expect(telemetryReportSince(t.server.db, since)).toEqual([]);
  });
});
