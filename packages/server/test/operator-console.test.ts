import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AuditEntry,
  type Job,
  OperatorErrCode,
  type Source,
  sourceEdit,
  sourceRemove,
} from '@ottkit/api-client/contract';
import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { INTERRUPTED_MESSAGE } from '../src/operator/jobs.ts';
import { loginAs, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

let t: TestServer;
let admin: SignedIn;
let support: SignedIn;
let editor: SignedIn;
let upstream: Server;
let upstreamUrl: string;

const PLAYLIST = [
  '#EXTM3U',
  '#EXTINF:-1 tvg-id="bay.tv" tvg-chno="951" group-title="Bay Imports",Bay TV',
  'http://streams.test/bay/index.m3u8',
  '#EXTINF:-1 tvg-chno="952" group-title="Other",Other One',
  'http://streams.test/other/index.m3u8',
].join('\n');

beforeAll(async () => {
  upstream = createHttpServer((req, res) => {
    if (req.url === '/lineup.m3u') {
      res.writeHead(200, { 'content-type': 'audio/x-mpegurl' });
      res.end(PLAYLIST);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  t = await startServer();
  admin = await signInOperator(t, 'admin@ottkit.test', 'admin');
  support = await signInOperator(t, 'support@ottkit.test', 'support');
  editor = await signInOperator(t, 'editor@ottkit.test', 'editor');
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => upstream.close(r));
});

const audit = async (query = '') =>
  (
    (await t.get(`/admin/api/audit/list${query}`, { cookie: admin.cookie })).body.data as {
      entries: AuditEntry[];
    }
  ).entries;

describe('support on subscribers', () => {
  it('finds a subscriber, grants a plan (audited with before and after) and the channel authority follows', async () => {
    const found = await t.get('/admin/api/subscribers/search?q=free%40ottkit', { cookie: support.cookie });
    const [sub] = (found.body.data as { subscribers: Array<{ accountId: string; email: string }> })
      .subscribers;
    expect(sub?.email).toBe('free@ottkit.test');
    const accountId = sub?.accountId as string;
    const granted = await t.post(
      '/admin/api/subscribers/grantPlan',
      { accountId, planId: 'plan-monthly' },
      { cookie: support.cookie },
    );
    expect(granted.body.errCode).toBe(0);
    const detail = (
      granted.body.data as { subscriber: { subscriptions: Array<{ active: boolean; expiredTs: number }> } }
    ).subscriber;
    expect(detail.subscriptions.some((s) => s.active && s.expiredTs > t.clock.now + 29 * 86_400_000)).toBe(
      true,
    );
    expect(JSON.stringify(detail)).not.toMatch(/scrypt|password|token/i);
    const [entry] = await audit(`?action=subscriber.&target=${accountId}`);
    expect(entry).toMatchObject({
      actor: support.operatorId,
      actorEmail: 'support@ottkit.test',
      action: 'subscriber.grantPlan',
    });
    expect(entry?.before).not.toEqual(entry?.after);
    // The subscriber's own login answers the plan in their subscriptions.
    const login = await t.post(contract.account.login.path, {
      loginInfo: { email: 'free@ottkit.test', password: 'demo1234' },
    });
    const { subscriptionList } = (
      login.body.data as { userInfo: { subscriptionList: Array<{ expiredTs: number }> } }
    ).userInfo;
    expect(subscriptionList.some((s) => s.expiredTs > t.clock.now + 29 * 86_400_000)).toBe(true);
    const viewer = await loginAs(t, 'free@ottkit.test', 'demo1234');
    // Revoking sessions ends the viewer's token.
    const revoked = await t.post(
      '/admin/api/subscribers/revokeSessions',
      { accountId },
      { cookie: support.cookie },
    );
    expect(revoked.body.errCode).toBe(0);
    const after = await t.post(
      '/liveapi/api/channel/favorite/list',
      {},
      { authorization: `Bearer ${viewer.token}` },
    );
    expect(after.body.errCode).toBe(10101040);
    expect((await audit('?action=subscriber.revokeSessions'))[0]?.target).toBe(accountId);
  });

  it('answers an unknown subscriber or plan in words, changing nothing', async () => {
    const a = await t.post(
      '/admin/api/subscribers/grantPlan',
      { accountId: 'nobody', planId: 'plan-monthly' },
      { cookie: support.cookie },
    );
    expect(a.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
    const b = await t.post(
      '/admin/api/subscribers/grantPlan',
      { accountId: 'x', planId: '' },
      { cookie: support.cookie },
    );
    expect(b.status).toBe(400);
    expect(b.body.errMsg).toContain('planId: Pick a plan');
  });
});

describe('the audit log', () => {
  it('records staff changes, filters by actor, and refuses UPDATE and DELETE', async () => {
    const made = await t.post(
      '/admin/api/staff/create',
      { email: 'new@ottkit.test', role: 'support' },
      { cookie: admin.cookie },
    );
    const { operator } = made.body.data as { operator: { operatorId: string } };
    await t.post(
      '/admin/api/staff/update',
      { operatorId: operator.operatorId, role: 'editor' },
      { cookie: admin.cookie },
    );
    const mine = await audit(`?actor=${admin.operatorId}`);
    expect(mine.map((e) => e.action).slice(0, 2)).toEqual(['staff.update', 'staff.create']);
    expect(mine[0]).toMatchObject({ before: { role: 'support' }, after: { role: 'editor' } });
    expect(() => t.server.db.run("UPDATE operator_audit SET action = 'x'")).toThrow(/append-only/);
    expect(() => t.server.db.run('DELETE FROM operator_audit')).toThrow(/append-only/);
  });

  it('an admin cannot disable the last admin', async () => {
    const a = await t.post(
      '/admin/api/staff/update',
      { operatorId: admin.operatorId, active: false },
      { cookie: admin.cookie },
    );
    expect(a.body.errCode).toBe(OperatorErrCode.LAST_ADMIN);
  });
});

describe('sources as jobs', () => {
  it('adds an M3U by URL, previews its groups, imports one group as a job that finishes', async () => {
    const cookie = { cookie: editor.cookie };
    const add = await t.post(
      '/admin/api/sources/add',
      { name: 'Bay', kind: 'm3u', url: `${upstreamUrl}/lineup.m3u` },
      cookie,
    );
    expect(add.body.errCode).toBe(0);
    const dup = await t.post(
      '/admin/api/sources/add',
      { name: 'Bay', kind: 'm3u', url: `${upstreamUrl}/lineup.m3u` },
      cookie,
    );
    expect(dup.body.errCode).toBe(OperatorErrCode.SOURCE_EXISTS);
    const file = await t.post(
      '/admin/api/sources/add',
      { name: 'Disk', kind: 'm3u', url: '/etc/passwd' },
      cookie,
    );
    expect(file.status).toBe(400);
    const preview = await t.post('/admin/api/sources/preview', { name: 'Bay' }, cookie);
    expect((preview.body.data as { groups: unknown[] }).groups).toEqual([
      { name: 'Bay Imports', channels: 1 },
      { name: 'Other', channels: 1 },
    ]);
    const started = await t.post(
      '/admin/api/sources/import',
      { name: 'Bay', groups: ['Bay Imports'] },
      cookie,
    );
    const { job } = started.body.data as { job: Job };
    let now: Job = job;
    for (let i = 0; i < 100 && (now.status === 'queued' || now.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      now = ((await t.get(`/admin/api/jobs/get?jobId=${job.jobId}`, cookie)).body.data as { job: Job }).job;
    }
    expect(now).toMatchObject({ status: 'succeeded', progress: 100, message: '1 channel, 0 programmes' });
    const status = await t.get('/admin/api/sources/status?name=Bay', cookie);
    expect(status.body.data).toMatchObject({ source: { status: 'ok', groups: ['Bay Imports'] } });
    expect((await audit('?action=source.'))[0]).toMatchObject({ action: 'source.import', target: 'Bay' });
  });

  it('reports unmapped channels, refuses a guide channel nobody offers, unmaps by hand (audited)', async () => {
    const cookie = { cookie: editor.cookie };
    const report = await t.get('/admin/api/sources/guide/unmapped', cookie);
    const { channels } = report.body.data as { channels: Array<{ channelId: string; name: string }> };
    const bay = channels.find((c) => c.name === 'Bay TV');
    expect(bay).toBeDefined();
    const map = await t.post(
      '/admin/api/sources/guide/map',
      { channelId: bay?.channelId, xmltvId: 'nope.tv' },
      cookie,
    );
    expect(map.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
    expect(map.body.errMsg).toContain("No guide channel 'nope.tv'");
    const unmap = await t.post('/admin/api/sources/guide/unmap', { channelId: bay?.channelId }, cookie);
    expect(unmap.body).toMatchObject({ errCode: 0, data: { channelId: bay?.channelId, xmltvId: null } });
    expect((await audit('?action=guide.'))[0]).toMatchObject({
      action: 'guide.unmap',
      target: bay?.channelId,
    });
    const stranger = await t.post('/admin/api/sources/guide/unmap', { channelId: 'lc-001' }, cookie);
    expect(stranger.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
  });

  it('edits a source (what is not given stays) and removes it: its channels stay in the line-up (audited)', async () => {
    const cookie = { cookie: editor.cookie };
    const guide = `${upstreamUrl}/guide.xml`;
    const edit = await t.post(sourceEdit.path, { name: 'Bay', guideUrl: guide, refreshMinutes: 30 }, cookie);
    expect(edit.body.errCode, edit.body.errMsg).toBe(0);
    expect((edit.body.data as { source: Source }).source).toMatchObject({
      location: `${upstreamUrl}/lineup.m3u`,
      guideLocation: guide,
      refreshMinutes: 30,
      groups: ['Bay Imports'],
    });
    const [edited] = await audit('?action=source.edit');
    expect(edited).toMatchObject({ target: 'Bay', actorEmail: 'editor@ottkit.test' });
    expect(edited?.before).toMatchObject({ guideLocation: '', refreshMinutes: 1440 });
    expect(edited?.after).toMatchObject({ guideLocation: guide, refreshMinutes: 30 });
    // A playlist has no panel account, and a refresh interval stays within bounds: refused in words, unchanged.
    const wrong = await t.post(sourceEdit.path, { name: 'Bay', user: 'someone' }, cookie);
    expect([wrong.body.errCode, wrong.body.errMsg]).toEqual([
      ErrCode.INVALID_REQUEST,
      'Only an Xtream Codes account has a user and a password',
    ]);
    const tooOften = await t.post(sourceEdit.path, { name: 'Bay', refreshMinutes: 1 }, cookie);
    expect(tooOften.status).toBe(400);
    const missing = await t.post(sourceEdit.path, { name: 'Nowhere', refreshMinutes: 60 }, cookie);
    expect(missing.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
    const status = await t.get('/admin/api/sources/status?name=Bay', cookie);
    expect((status.body.data as { source: Source }).source.refreshMinutes).toBe(30);

    const imported = t.server.db.get<{ id: string }>(
      "SELECT logical_channel_id AS id FROM source_channels WHERE name = 'Bay TV'",
    )?.id as string;
    expect(imported).toBeDefined();
    const removed = await t.post(sourceRemove.path, { name: 'Bay' }, cookie);
    expect(removed.body).toMatchObject({ errCode: 0, data: { name: 'Bay', channels: 1 } });
    expect((await t.get('/admin/api/sources/status?name=Bay', cookie)).body.errCode).toBe(
      OperatorErrCode.NOT_FOUND,
    );
    // The channel is the operator's own now: still in the line-up, linked to no source.
    expect(t.server.db.get('SELECT 1 AS x FROM channels WHERE logical_channel_id = ?', imported)).toEqual({
      x: 1,
    });
    expect(t.server.db.get('SELECT 1 AS x FROM source_channels WHERE logical_channel_id = ?', imported)).toBe(
      undefined,
    );
    expect((await audit('?action=source.remove'))[0]).toMatchObject({
      target: 'Bay',
      after: { channelsKept: 1 },
    });

    // A source added after it never takes its id: its import makes channels of its own beside the kept one.
    const again = await t.post(
      '/admin/api/sources/add',
      { name: 'Bay again', kind: 'm3u', url: `${upstreamUrl}/lineup.m3u` },
      cookie,
    );
    const { sourceId } = (again.body.data as { source: Source }).source;
    expect(imported).not.toMatch(new RegExp(`^s${sourceId}-`));
    const started = await t.post('/admin/api/sources/import', { name: 'Bay again' }, cookie);
    const { job } = started.body.data as { job: Job };
    let now: Job = job;
    for (let i = 0; i < 100 && (now.status === 'queued' || now.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      now = ((await t.get(`/admin/api/jobs/get?jobId=${job.jobId}`, cookie)).body.data as { job: Job }).job;
    }
    expect(now).toMatchObject({ status: 'succeeded', message: '2 channels, 0 programmes' });
    expect(t.server.db.get('SELECT 1 AS x FROM channels WHERE logical_channel_id = ?', imported)).toEqual({
      x: 1,
    });
  });

  it('a restart marks a job it cut off as failed, in words', async () => {
    t.server.db.run(
      `INSERT INTO operator_jobs (job_id, kind, target, status, progress, created_by, created_at, updated_at)
       VALUES ('job-cut', 'source.import', 'Bay', 'running', 10, ?, 1, 1)`,
      editor.operatorId,
    );
    const again = createServer({
      config: { dataDir: t.dataDir, port: 0, secret: 'test-secret-0123456789abcdef0123456789' },
    });
    try {
      // By the time it serves (the sweep of the jobs of before is on the asynchronous store, decision 0427).
      await again.listen();
      const row = again.db.get<{ status: string; error: string }>(
        "SELECT status, error FROM operator_jobs WHERE job_id = 'job-cut'",
      );
      expect(row).toEqual({ status: 'failed', error: INTERRUPTED_MESSAGE });
    } finally {
      await again.close();
    }
  });
});
