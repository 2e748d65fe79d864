import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contract, metricsBatchPost } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSiteAccount, memberSitePurchase } from '../src/http/memberSite.ts';
import { grantSecret, memberSiteGrant, signMemberSiteGrant } from '../src/http/memberSiteGrant.ts';
import { DEMO_PASSWORD } from '../src/seed/accounts.ts';
import { registerEmail, slaBatch, startServer, type TestServer } from './helpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue 39, decision 0447: what a running server serves beside the API's viewer and console calls (decisions 0433,
// 0441) asks nothing of the synchronous store either: the readiness probe an orchestrator asks every few seconds,
// the metrics' scrape, the drawn pictures and logos every page shows, the member site, a telemetry batch that
// recounts the store, and the IP-to-country file's load. On PostgreSQL each synchronous query stops the process.
const TOKEN = 'metrics-token-of-the-server-async-test';
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ config: { memberSiteSandbox: true, metricsToken: TOKEN } });
});
afterAll(() => t.close());

/** Fetches `path` and answers its status, so a path that fails cannot pass by asking nothing. */
const status = async (path: string, headers: Record<string, string> = {}) =>
  (await fetch(t.url + path, { headers })).status;

let eventSeq = 0;
/** A telemetry batch of one event, as a player sends it. */
const batch = () => slaBatch(t, 1, () => `evt-server-async-${String(++eventSeq).padStart(5, '0')}`);

describe("the server's own paths on the asynchronous store", () => {
  it('readiness, metrics, drawn pictures and logos ask nothing synchronously', async () => {
    const paths: Array<[string, Record<string, string>]> = [
      ['/readyz', {}],
      ['/metrics', { authorization: `Bearer ${TOKEN}` }],
      ['/media/art/m-001/poster?lang=es', {}],
      ['/media/art/p-001/portrait', {}],
      ['/media/art/lc-001/landscape', {}],
      ['/media/logo/lc-001.svg', {}],
      ['/media/logo/lc-001.png', {}],
    ];
    // Warm: the line-up is kept once read.
    for (const [path, headers] of paths) expect(await status(path, headers), path).toBe(200);
    const answers: number[] = [];
    const asked = await synchronousQueries(t.server.db, async () => {
      for (const [path, headers] of paths) answers.push(await status(path, headers));
    });
    expect(answers).toEqual(paths.map(() => 200));
    expect(asked).toEqual([]);
  });

  it("the member site's account, purchase and grant ask nothing synchronously", async () => {
    const email = 'server-async@example.com';
    await registerEmail(t, email, DEMO_PASSWORD);
    const login = await t.post(contract.account.login.path, {
      loginInfo: { email, password: DEMO_PASSWORD },
    });
    const s = contract.account.login.response.parse(login.body.data);
    const secret = grantSecret(t.server.config) ?? '';
    const grant = { accountId: s.userInfo.accountId, planId: 'plan-monthly', grantId: 'pay-async-1' };
    const answers: unknown[] = [];
    const asked = await synchronousQueries(t.server.db, async () => {
      const token = { memberSiteToken: s.tokens.memberSiteToken };
      answers.push((await t.post(memberSiteAccount.path, token)).body.errCode);
      answers.push((await t.post(memberSitePurchase.path, { ...token, planId: 'plan-sports' })).body.errCode);
      const g = { ...grant, issuedAt: t.clock.now };
      answers.push(
        (await t.post(memberSiteGrant.path, { ...g, signature: signMemberSiteGrant(secret, g) })).status,
      );
    });
    expect(answers).toEqual([0, 0, 200]);
    expect(asked).toEqual([]);
  });

  it('a telemetry batch that recounts the stored events asks nothing synchronously', async () => {
    const post = async () => (await t.post(metricsBatchPost.path, batch())).body.errCode;
    expect(await post()).toBe(0);
    // The count of stored events is asked again after 10 s (domain/telemetryLimits.ts).
    t.advance(11_000);
    let answer: unknown;
    const asked = await synchronousQueries(t.server.db, async () => {
      answer = await post();
    });
    expect(answer).toBe(0);
    expect(asked).toEqual([]);
  });

  it("the operator's IP-to-country file is loaded asking nothing synchronously", async () => {
    const list = () => t.post(contract.live.channelList.path, {});
    expect((await list()).body.errCode).toBe(0);
    writeFileSync(join(t.dataDir, 'ip-country.csv'), 'first,last,country\n127.0.0.0,127.255.255.255,PT\n');
    t.advance(11_000); // the file is looked at again after 10 s
    let answer: unknown;
    const asked = await synchronousQueries(t.server.db, async () => {
      answer = (await list()).body.errCode;
    });
    expect(answer).toBe(0);
    expect(asked).toEqual([]);
    const ranges = await t.server.db.kysely.selectFrom('ip_country_ranges').selectAll().execute();
    expect(ranges).toEqual([{ range_start: 2130706432, range_end: 2147483647, country: 'PT' }]);
  });
});
