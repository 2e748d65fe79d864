import { operatorContract as oc, type Job, OperatorErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FixtureChannel,
  guideOf,
  playlistOf,
  startServer as startUpstream,
  type TestServer as Upstream,
} from '../src/sources/fixtures.test-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue 39, decision 0445: a line-up import, its refresh and a hand mapping's re-read run in a worker thread on a
// connection of their own. Before, the console's import ran `refreshSource` on the server's own store: on
// PostgreSQL every one of its queries stopped the whole process (media included) for the whole import. Here the
// console's calls, through the running server, ask nothing of the server's synchronous store.

const O = oc.operator;
/** Quay One maps by its id; Quay Two's guide channel has another id and name, so only a hand mapping finds it. */
const CHANNELS: FixtureChannel[] = [
  { tvgId: 'quay.one', name: 'Quay One', group: 'Quay' },
  { tvgId: 'quay.two', name: 'Quay Two', group: 'Quay', guideId: 'harbour.2', guideName: 'Harbour Two' },
];
let t: TestServer;
let upstream: Upstream;
let editor: SignedIn;

beforeAll(async () => {
  t = await startServer();
  editor = await signInOperator(t, 'quay-editor@ottkit.test', 'editor');
  upstream = await startUpstream((req, res) => {
    if (req.url === '/quay.m3u')
      res.end(playlistOf(CHANNELS).replace('#EXTM3U', `#EXTM3U url-tvg="${upstream.url}/quay.xml"`));
    else if (req.url === '/quay.xml') res.end(guideOf(CHANNELS, t.clock.now, 2, 6));
    else res.writeHead(404).end();
  });
});
afterAll(async () => {
  await upstream?.close();
  await t?.close();
});

/** The console's calls as the editor makes them; a call that does not answer success is noted in `failed`. */
function console_() {
  const headers = { cookie: editor.cookie, origin: t.url };
  const failed: string[] = [];
  const call = async <T>(path: string, body?: object): Promise<T> => {
    const answer = body ? await t.post(path, body, headers) : await t.get(path, headers);
    if (answer.body.errCode !== 0) failed.push(`${path}: ${answer.body.errMsg}`);
    return answer.body.data as T;
  };
  /** Polls the job as the console does until it ends. */
  const ended = async (job: Job): Promise<Job> => {
    let now = job;
    for (let i = 0; i < 300 && (now.status === 'queued' || now.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      now = (await call<{ job: Job }>(`${O.jobGet.path}?jobId=${job.jobId}`)).job;
    }
    return now;
  };
  return { headers, failed, call, ended };
}

const link = (name: string) =>
  t.server.db.kysely
    .selectFrom('source_channels')
    .select(['logical_channel_id', 'xmltv_id', 'mapped_by'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();

describe('a line-up import and a hand mapping off the server thread (decision 0445)', () => {
  it("the console's import, its refresh and a hand mapping ask nothing of the server's synchronous store", async () => {
    const { failed, call, ended } = console_();
    const jobs: Job[] = [];
    const asked = await synchronousQueries(t.server.db, async () => {
      await call(O.sourceAdd.path, { name: 'Quay', kind: 'm3u', url: `${upstream.url}/quay.m3u` });
      const started = await call<{ job: Job }>(O.sourceImport.path, { name: 'Quay', groups: ['Quay'] });
      jobs.push(await ended(started.job));
      const two = await link('Quay Two');
      await call(O.guideMap.path, { channelId: two.logical_channel_id, xmltvId: 'harbour.2' });
      const one = await link('Quay One');
      await call(O.guideUnmap.path, { channelId: one.logical_channel_id });
      const refresh = await call<{ job: Job }>(O.sourceRefresh.path, { name: 'Quay' });
      jobs.push(await ended(refresh.job));
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    expect(jobs.map((j) => [j.status, j.message])).toEqual([
      ['succeeded', '2 channels, 16 programmes'],
      ['succeeded', '2 channels, 16 programmes'],
    ]);
    // The worker's clock ran on from the server's (a test's fake one), not from the system's.
    const { source } = await call<{ source: { lastRefreshAt: number } }>(`${O.sourceStatus.path}?name=Quay`);
    expect(source.lastRefreshAt - t.clock.now).toBeGreaterThanOrEqual(0);
    expect(source.lastRefreshAt - t.clock.now).toBeLessThan(120_000);
    expect(await link('Quay Two')).toMatchObject({ xmltv_id: 'harbour.2', mapped_by: 'hand' });
    expect((await link('Quay One')).xmltv_id).toBe(null);
    // The hand mappings are audited with them, in the same transaction; the import once, after it succeeded.
    const audit = await t.server.db.kysely
      .selectFrom('operator_audit')
      .select(['action', 'actor_email'])
      .where('action', 'in', ['source.import', 'source.refresh', 'guide.map', 'guide.unmap'])
      .orderBy('seq')
      .execute();
    expect(audit).toEqual(
      ['source.import', 'guide.map', 'guide.unmap', 'source.refresh'].map((action) => ({
        action,
        actor_email: 'quay-editor@ottkit.test',
      })),
    );
  });

  it('an import that fails says why in words, on the job and on the source, never a stack', async () => {
    const { call, ended } = console_();
    await call(O.sourceAdd.path, { name: 'Gone', kind: 'm3u', url: `${upstream.url}/gone.m3u` });
    const job = await ended((await call<{ job: Job }>(O.sourceImport.path, { name: 'Gone' })).job);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/404/);
    expect(job.error).not.toMatch(/\n\s+at /);
    const { source } = await call<{ source: { status: string; lastError: string } }>(
      `${O.sourceStatus.path}?name=Gone`,
    );
    expect(source).toMatchObject({ status: 'failed', lastError: job.error });
  });

  it('a hand mapping to a guide channel no source offers is refused in words, and nothing is kept', async () => {
    const { headers } = console_();
    const two = await link('Quay Two');
    const map = await t.post(
      O.guideMap.path,
      { channelId: two.logical_channel_id, xmltvId: 'nope.tv' },
      headers,
    );
    expect([map.body.errCode, map.body.errMsg]).toEqual([
      OperatorErrCode.NOT_FOUND,
      "No guide channel 'nope.tv' in any imported guide (see: guide unmapped for candidates)",
    ]);
    expect(await link('Quay Two')).toMatchObject({ xmltv_id: 'harbour.2' });
  });
});
