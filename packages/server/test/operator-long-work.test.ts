import {
  codeBatchPending,
  codeBatchStart,
  codeBatchTake,
  type Job,
  jobGet,
  notificationBroadcastStart,
  OperatorErrCode,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { takeBatchCodes } from '../src/operator/codeBatchJobs.ts';
import { type ApiAnswer, registerEmail, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 18's standard for long work (decision 0282): recharge code batches and "notify all" run as jobs with
// progress, the codes are taken once by whoever started the batch, and a restart resumes either job from
// where it was (nobody gets a notification twice, the batch ends with exactly the codes asked for).

const SECRET = 'test-secret-0123456789abcdef0123456789';
let t: TestServer;
let support: SignedIn;
let other: SignedIn;
let editor: SignedIn;

beforeAll(async () => {
  t = await startServer();
  support = await signInOperator(t, 'jobs-support@ottkit.test', 'support');
  other = await signInOperator(t, 'jobs-other@ottkit.test', 'support');
  editor = await signInOperator(t, 'jobs-editor@ottkit.test', 'editor');
  for (const n of [1, 2, 3]) await registerEmail(t, `reader${n}@example.com`, 'demo1234');
});
afterAll(() => t?.close());

const as = (who: SignedIn) => ({ cookie: who.cookie });
const data = <T>(a: ApiAnswer): T => {
  expect(a.body.errMsg, `HTTP ${a.status}`).toBe('success');
  return a.body.data as T;
};
const finished = (jobId: string, who: SignedIn) =>
  expect
    .poll(async () => data<{ job: Job }>(await t.get(`${jobGet.path}?jobId=${jobId}`, as(who))).job.status, {
      timeout: 30_000,
      interval: 100,
    })
    .toBe('succeeded');
const users = () =>
  t.server.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM accounts WHERE kind = 'user'")?.n ?? 0;

/** A second server over the same data folder: what a restart finds. */
function restart() {
  return createServer({ config: { dataDir: t.dataDir, port: 0, secret: SECRET } });
}

describe('recharge code batches as jobs', () => {
  it('makes the codes in chunks with progress; they are taken once, by their operator, never kept in clear', async () => {
    const { job } = data<{ job: Job }>(
      await t.post(codeBatchStart.path, { planId: 'plan-sports', count: 1200 }, as(support)),
    );
    expect(job).toMatchObject({ kind: 'codes.create', status: 'queued' });
    await finished(job.jobId, support);
    const done = data<{ job: Job }>(await t.get(`${jobGet.path}?jobId=${job.jobId}`, as(support))).job;
    expect(done.message).toBe(`Made 1200 codes in ${job.target}: export them now`);
    expect(data<{ pending: unknown[] }>(await t.get(codeBatchPending.path, as(support))).pending).toEqual([
      { jobId: job.jobId, batchId: job.target, status: 'succeeded' },
    ]);
    // Another operator cannot take them; the database holds no code in clear.
    const stranger = await t.post(codeBatchTake.path, { jobId: job.jobId }, as(other));
    expect([stranger.status, stranger.body.errCode]).toEqual([404, OperatorErrCode.NOT_FOUND]);
    const took = data<{ batch: { total: number }; codes: string[] }>(
      await t.post(codeBatchTake.path, { jobId: job.jobId }, as(support)),
    );
    expect(took.batch.total).toBe(1200);
    expect(new Set(took.codes).size).toBe(1200);
    expect(took.codes.every((c) => /^[1-9]\d{15}$/.test(c))).toBe(true);
    const dump = JSON.stringify(t.server.db.all('SELECT * FROM recharge_codes'));
    expect(dump).not.toContain(took.codes[0]);
    expect(t.server.db.all('SELECT * FROM code_batch_exports WHERE job_id = ?', job.jobId)).toEqual([]);
    const again = await t.post(codeBatchTake.path, { jobId: job.jobId }, as(support));
    expect([again.status, again.body.errCode]).toEqual([409, OperatorErrCode.NOT_READY]);
    const audit = JSON.stringify(
      t.server.db.all("SELECT * FROM operator_audit WHERE action IN ('codes.create', 'codes.export')"),
    );
    expect(audit).toContain(job.target);
    expect(audit).not.toContain(took.codes[0]);
  });

  it('a restart resumes a batch from the codes it had made', async () => {
    const { job } = data<{ job: Job }>(
      await t.post(codeBatchStart.path, { planId: 'plan-sports', count: 700 }, as(support)),
    );
    await finished(job.jobId, support);
    // As if the server stopped after the first chunk: 500 made, the job still running.
    t.server.db.run(
      "UPDATE operator_jobs SET status = 'running', progress = 71, finished_at = NULL WHERE job_id = ?",
      job.jobId,
    );
    t.server.db.run('UPDATE code_batch_jobs SET wanted = 900 WHERE job_id = ?', job.jobId);
    const s = restart();
    try {
      await expect
        .poll(
          () =>
            s.db.get<{ status: string }>('SELECT status FROM operator_jobs WHERE job_id = ?', job.jobId)
              ?.status,
          { timeout: 30_000, interval: 100 },
        )
        .toBe('succeeded');
      const { codes } = await takeBatchCodes(
        s.db,
        SECRET,
        { id: support.operatorId, email: support.email },
        job.jobId,
        1,
      );
      expect(codes).toHaveLength(900);
      expect(new Set(codes).size).toBe(900);
    } finally {
      await s.close();
    }
  });
});

describe('"notify all" as a job', () => {
  it('reaches every subscriber once with progress, and a restart continues after the last one reached', async () => {
    const { job } = data<{ job: Job }>(
      await t.post(
        notificationBroadcastStart.path,
        { title: 'Maintenance', content: 'Tonight at 2.' },
        as(editor),
      ),
    );
    expect(job.kind).toBe('notification.broadcast');
    await finished(job.jobId, editor);
    const count = (title: string) =>
      t.server.db.get<{ n: number; people: number }>(
        'SELECT COUNT(*) AS n, COUNT(DISTINCT account_id) AS people FROM notifications WHERE title = ?',
        title,
      );
    expect(count('Maintenance')).toEqual({ n: users(), people: users() });
    expect(
      t.server.db.get<{ after_json: string }>(
        "SELECT after_json FROM operator_audit WHERE action = 'notification.broadcast' ORDER BY seq DESC LIMIT 1",
      )?.after_json,
    ).toContain(`"sent":${users()}`);

    // Cut off after the first two accounts: the restart sends to the others only.
    const firstTwo = t.server.db.all<{ account_id: string }>(
      "SELECT account_id FROM accounts WHERE kind = 'user' ORDER BY account_id LIMIT 2",
    );
    const cut = 'job-broadcast-cut';
    t.server.db.run(
      `INSERT INTO operator_jobs (job_id, kind, target, status, progress, created_by, created_at, updated_at)
       VALUES (?, 'notification.broadcast', 'Cut', 'running', 40, ?, 1, 1)`,
      cut,
      editor.operatorId,
    );
    t.server.db.run(
      `INSERT INTO broadcast_jobs (job_id, title, content, after_account, sent, total, created_by, actor_email)
       VALUES (?, 'Cut', 'Half way', ?, 0, ?, ?, ?)`,
      cut,
      firstTwo[1]?.account_id ?? '',
      users(),
      editor.operatorId,
      editor.email,
    );
    const s = restart();
    try {
      await expect
        .poll(
          () =>
            s.db.get<{ status: string }>('SELECT status FROM operator_jobs WHERE job_id = ?', cut)?.status,
          {
            timeout: 30_000,
            interval: 100,
          },
        )
        .toBe('succeeded');
    } finally {
      await s.close();
    }
    expect(count('Cut')).toEqual({ n: users() - 2, people: users() - 2 });
    const reached = t.server.db.all<{ account_id: string }>(
      "SELECT account_id FROM notifications WHERE title = 'Cut'",
    );
    expect(reached.map((r) => r.account_id)).not.toContain(firstTwo[0]?.account_id);
  });
});
