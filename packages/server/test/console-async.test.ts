import { operatorContract as oc } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue 39, decision 0433: every screen of the console reads on the asynchronous store once warm. The dashboard and
// the jobs card poll every few seconds; on PostgreSQL each synchronous query stopped the whole process.
let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startServer();
  admin = await signInOperator(t, 'boss@ottkit.test', 'admin');
});
afterAll(() => t.close());

/** The console's reads that need no parameter: every GET of the operator contract an empty query satisfies. */
const screens = Object.entries(oc.operator).filter(
  ([, call]) => call.method === 'GET' && call.request.safeParse({}).success,
);

describe("the console's screens on the asynchronous store", () => {
  it('every screen read asks nothing synchronously once warm', async () => {
    const headers = { cookie: admin.cookie, origin: t.url };
    // Warm: the line-up, the settings and the notices are kept per version once read.
    for (const [, call] of screens) await t.get(call.path, headers);
    const failed: string[] = [];
    const asked = await synchronousQueries(t.server.db, async () => {
      for (const [name, call] of screens) {
        const answer = await t.get(call.path, headers);
        if (answer.body.errCode !== 0) failed.push(`${name}: ${answer.body.errMsg}`);
      }
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    // The screens this covers, so a contract change that made one need a parameter is seen here.
    expect(screens.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'jobList',
        'dashboardGet',
        'lineupList',
        'titleList',
        'noticeList',
        'homeGet',
        'planAdminList',
        'codeBatchList',
        'codeBatchPending',
        'settingsGet',
        'sourceList',
        'guideUnmapped',
      ]),
    );
  });
});
