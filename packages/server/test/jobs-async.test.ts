import {
  codeBatchStart,
  codeBatchTake,
  type Job,
  jobGet,
  notificationBroadcastStart,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, registerEmail, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue 39, decision 0434: an operator's long work runs on the asynchronous store, from its start through its
// progress to its end. A code batch of 10,000 asked two synchronous queries a code, and on PostgreSQL each stopped
// the whole process, viewers' requests and segments included.
let t: TestServer;
let support: SignedIn;
beforeAll(async () => {
  t = await startServer();
  support = await signInOperator(t, 'async-jobs@ottkit.test', 'admin');
  for (const n of [1, 2]) await registerEmail(t, `async-reader${n}@example.com`, 'demo1234');
});
afterAll(() => t.close());

const as = () => ({ cookie: support.cookie, origin: t.url });
const data = <T>(a: ApiAnswer): T => {
  expect(a.body.errMsg, `HTTP ${a.status}`).toBe('success');
  return a.body.data as T;
};
/** Polls the job's card (as the console does) until it ended; answers it. */
async function ended(jobId: string): Promise<Job> {
  for (;;) {
    const { job } = data<{ job: Job }>(await t.get(`${jobGet.path}?jobId=${jobId}`, as()));
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("an operator's jobs on the asynchronous store", () => {
  it('a code batch made in chunks and taken, and a notification to everybody, ask nothing synchronously', async () => {
    // Warm: the operator's session and the line-up's versions are kept once read.
    await t.get(`${jobGet.path}?jobId=job-none`, as());
    let codes: string[] = [];
    let broadcast: Job | undefined;
    let batch: Job | undefined;
    const asked = await synchronousQueries(t.server.db, async () => {
      const started = data<{ job: Job }>(
        await t.post(codeBatchStart.path, { planId: 'plan-sports', count: 1200 }, as()),
      );
      batch = await ended(started.job.jobId);
      codes = data<{ codes: string[] }>(
        await t.post(codeBatchTake.path, { jobId: started.job.jobId }, as()),
      ).codes;
      const sent = data<{ job: Job }>(
        await t.post(
          notificationBroadcastStart.path,
          { title: 'Tonight', content: 'The final, live.' },
          as(),
        ),
      );
      broadcast = await ended(sent.job.jobId);
    });
    expect(batch).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(new Set(codes).size).toBe(1200);
    // Every subscriber account has it, once.
    const k = t.server.db.kysely;
    const [users] = await k
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', 'user')
      .execute();
    const got = await k
      .selectFrom('notifications')
      .select('account_id')
      .where('title', '=', 'Tonight')
      .execute();
    expect(got).toHaveLength(Number(users?.n));
    expect(new Set(got.map((n) => n.account_id)).size).toBe(got.length);
    expect(broadcast).toMatchObject({ status: 'succeeded', message: `Sent to ${got.length} subscribers` });
    expect(asked).toEqual([]);
  });
});
