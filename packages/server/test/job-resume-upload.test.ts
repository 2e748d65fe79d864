import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Job, jobGet, lineupGuideImport } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { guideOf } from '../src/sources/fixtures.test-helpers.ts';
import { type ApiAnswer, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Decision 0335: a guide the operator uploaded is kept in the data folder (`guide-uploads/`, the source's location,
// read again by every refresh), not in a temporary place that dies with the process, so the process that takes
// over an import of it whose own process died still reads it and imports it again.

const SECRET = 'test-secret-0123456789abcdef0123456789';
let t: TestServer;
let editor: SignedIn;

beforeAll(async () => {
  t = await startServer({ config: { secret: SECRET } });
  editor = await signInOperator(t, 'resume-editor@ottkit.test', 'editor');
});
afterAll(() => t?.close());

const data = <T>(a: ApiAnswer): T => {
  expect(a.body.errMsg, `HTTP ${a.status}`).toBe('success');
  return a.body.data as T;
};
const audits = () =>
  t.server.db.all(
    "SELECT seq FROM operator_audit WHERE action = 'source.import' AND target = 'Harbour guide'",
  ).length;
const row = (id: string) =>
  t.server.db.get<{ status: string; resumed_at: number | null; error: string }>(
    'SELECT status, resumed_at, error FROM operator_jobs WHERE job_id = ?',
    id,
  );

describe('an uploaded guide’s import after its process died (decision 0335)', () => {
  it('is imported again from the kept file by the process that takes it over', async () => {
    const file = guideOf([{ tvgId: 'harbour.one', name: 'Harbour One', group: 'News' }], t.clock.now, 1);
    const { job } = data<{ job: Job }>(
      await t.post(lineupGuideImport.path, { name: 'Harbour guide', file }, { cookie: editor.cookie }),
    );
    await expect
      .poll(
        async () =>
          data<{ job: Job }>(await t.get(`${jobGet.path}?jobId=${job.jobId}`, { cookie: editor.cookie })).job
            .status,
        { timeout: 30_000, interval: 100 },
      )
      .toBe('succeeded');
    expect(audits()).toBe(1);
    const kept = join(t.dataDir, 'guide-uploads');
    expect(readdirSync(kept)).toHaveLength(1);
    // As if its process died in the middle of the import: still running, owned by a process that is gone.
    t.server.db.run(
      `UPDATE operator_jobs SET status = 'running', progress = 10, finished_at = NULL, owner = 'gone:1:dead',
         lease_until = 1, resumed_at = NULL WHERE job_id = ?`,
      job.jobId,
    );
    const s = createServer({ config: { dataDir: t.dataDir, port: 0, secret: SECRET } });
    try {
      await expect.poll(() => row(job.jobId)?.status, { timeout: 30_000, interval: 100 }).toBe('succeeded');
      expect(row(job.jobId)?.resumed_at).toBeGreaterThan(0);
      // The resumed run read the kept file (all its programmes) and audited its own import once.
      expect(audits()).toBe(2);
      // The file stays: it is the source's location, which every refresh reads again.
      expect(readdirSync(kept)).toHaveLength(1);
      expect(
        data<{ job: Job }>(await t.get(`${jobGet.path}?jobId=${job.jobId}`, { cookie: editor.cookie })).job,
      ).toMatchObject({
        status: 'succeeded',
        message: '0 channels, 4 programmes',
        resumedAt: expect.any(Number),
      });
    } finally {
      await s.close();
    }
  });
});
