import { gzipSync } from 'node:zlib';
import { ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTelemetryReport } from '../src/domain/telemetryReport.ts';
import { telemetryEventsSince } from '../src/store/telemetry.ts';
import { startServer, type TestServer } from './helpers.ts';

const PATH = '/dataReport/metric/batchpost/v1';
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const sla = (eventId: string, sourceId: string, startupMs: number, stallMs = 0) => ({
  eventId,
  ts: s.clock.now,
  sourceId,
  type: 'streamSla',
  mode: 'live',
  startupMs,
  stalls: stallMs ? 1 : 0,
  stallMs,
  bitrateSwitches: 0,
  errors: 0,
});
const compressedForm = (body: unknown) =>
  new URLSearchParams({ data: gzipSync(JSON.stringify(body)).toString('base64') }).toString();

async function postForm(form: string) {
  const res = await fetch(s.url + PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as { errCode: number; errMsg: string; data?: unknown },
  };
}

describe('metrics batch post (spec §7)', () => {
  it('stores a JSON batch', async () => {
    const r = await s.post(PATH, { events: [sla('evt-json-0001', 'lc-001', 400)] });
    expect(r.body).toMatchObject({ errCode: 0, data: { accepted: 1, duplicates: 0 } });
  });

  it('accepts the compressed form body a beacon sends', async () => {
    const r = await postForm(compressedForm({ events: [sla('evt-form-0001', 'lc-001', 800, 1000)] }));
    expect(r.body).toMatchObject({ errCode: 0, data: { accepted: 1, duplicates: 0 } });
  });

  it('stores each event once however often it is sent', async () => {
    const batch = { events: [sla('evt-dup-00001', 'lc-002', 300), sla('evt-dup-00002', 'lc-002', 500)] };
    expect((await s.post(PATH, batch)).body.data).toEqual({ accepted: 2, duplicates: 0 });
    expect((await postForm(compressedForm(batch))).body.data).toEqual({ accepted: 0, duplicates: 2 });
    const stored = telemetryEventsSince(s.server.db, 0).filter((e) => e.sourceId === 'lc-002');
    expect(stored).toHaveLength(2);
  });

  it('rejects a form body that is not compressed JSON, and stores nothing of it', async () => {
    const before = telemetryEventsSince(s.server.db, 0).length;
    const r = await postForm('data=not-gzip');
    expect(r.status).toBe(400);
    expect(r.body.errCode).toBe(ErrCode.BAD_JSON);
    const r2 = await postForm('other=1');
    expect(r2.body.errCode).toBe(ErrCode.BAD_JSON);
    expect(telemetryEventsSince(s.server.db, 0)).toHaveLength(before);
  });

  it('rejects an event of an unknown type with a message naming the field', async () => {
    const r = await s.post(PATH, { events: [{ ...sla('evt-bad-00001', 'x', 1), type: 'nope' }] });
    expect(r.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(r.body.errMsg).toMatch(/events\.0/);
  });

  it('reports per-source start-up and stall ratio from what was stored', async () => {
    await s.post(PATH, {
      events: [
        {
          eventId: 'evt-live-0001',
          ts: s.clock.now,
          sourceId: 'lc-001',
          type: 'livePlayData',
          startedAt: s.clock.now,
          watchedMs: 9000,
          timeshift: false,
        },
        {
          eventId: 'evt-err-00001',
          ts: s.clock.now,
          sourceId: 'lc-001',
          type: 'playError',
          mode: 'live',
          code: 'media',
          message: 'x',
        },
      ],
    });
    const report = buildTelemetryReport(telemetryEventsSince(s.server.db, 0));
    const lc1 = report.find((r) => r.sourceId === 'lc-001');
    expect(lc1).toMatchObject({ sessions: 2, startupP50Ms: 400, startupP95Ms: 800, errors: 1 });
    expect(lc1?.stallRatio).toBeCloseTo(1000 / 10000);
  });
});
