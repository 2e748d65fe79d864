import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELEMETRY_SHARE } from '../../src/domain/telemetryLimits.ts';
import { DEMO_PASSWORD } from '../../src/seed/accounts.ts';
import { countTelemetryEvents } from '../../src/store/telemetry.ts';
import { bearer, loginAs, slaBatch, startServer, type TestServer } from '../helpers.ts';

// Issue 35: the raw store's cap (200,000 events) could be filled by one address in about 3 hours, after which
// genuine telemetry was refused. Here the cap is 4,000: one address may keep 5% of it once the store is half
// full, an account 2.5%, whatever address it uses; everyone else still gets in.
const PATH = contract.metrics.metricsBatchPost.path;
const CAP = 4000;
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ config: { trustProxy: true, telemetryMaxEvents: CAP } });
});
afterAll(() => t.close());

let seq = 0;
const batch = (n: number) => slaBatch(t, n, () => `share-${String(++seq).padStart(10, '0')}`);
const from = (ip: string, more: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...more });

describe('telemetry’s cap shared fairly', () => {
  it('one address flooding for hours fills at most half and its share; others still get in', async () => {
    const refusals: string[] = [];
    // 200 events every 10 s (its rate limit allows 20 a second) for as long as it takes to fill the store.
    for (let i = 0; i < 60; i++) {
      const a = await t.post(PATH, batch(200), from('198.51.100.66'));
      if (a.body.errCode !== 0) {
        expect(a.status).toBe(429);
        refusals.push(a.body.errMsg);
      }
      t.advance(10_000);
    }
    const stored = await countTelemetryEvents(t.server.db);
    expect(stored).toBeLessThanOrEqual(CAP * (TELEMETRY_SHARE.enforcedFrom + TELEMETRY_SHARE.address));
    expect(refusals.at(-1)).toMatch(
      /Telemetry storage is busy and this device has sent its share; try again in \d+ s/,
    );

    const genuine = await t.post(PATH, batch(20), from('203.0.113.20'));
    expect(genuine.body.errCode, genuine.body.errMsg).toBe(0);
  });

  it('an account spreading over addresses is held to its own share', async () => {
    const user = await loginAs(t, 'demo@ottkit.test', DEMO_PASSWORD);
    const answers: number[] = [];
    for (let a = 1; a <= 6; a++) {
      const r = await t.post(PATH, batch(50), from(`192.0.2.${a}`, bearer(user.token)));
      answers.push(r.body.errCode);
    }
    // 2.5% of 4,000 is 100: two batches of 50, then refused from any new address.
    expect(answers).toEqual([0, 0, ...Array(4).fill(ErrCode.TOO_MANY_ATTEMPTS)]);
  });
});
