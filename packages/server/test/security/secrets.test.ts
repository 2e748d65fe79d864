import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Job, operatorContract } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveSupervisor } from '../../src/live/supervisor.ts';
import { maskSecrets } from '../../src/upstream/maskSecrets.ts';
import { runCli } from '../cliRun.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { type SignedIn, signInOperator } from '../operatorHelpers.ts';

// Issue 35, medium: secrets in source URLs. One masking function, used wherever a source URL leaves the server:
// the operator answers (url, lastError, sources/list, preview, jobs), the server log, the audit log and the CLI.
// Every upstream here is on loopback (allowed for the test run) and closed, so each one fails in words.
const op = operatorContract.operator;
const SECRET = 'S3cr3tValue';
const CHANNEL = 'lc-004';
const LIVE = [
  `srt://127.0.0.1:7160?mode=caller&passphrase=${SECRET}srt`,
  `hls+http://viewer:${SECRET}pw@127.0.0.1:7161/live/a.m3u8?token=${SECRET}tok&key=${SECRET}key`,
];
const LINEUP = `http://viewer:${SECRET}u@127.0.0.1:7162/get.php?username=viewer&password=${SECRET}q&pass=${SECRET}p&type=m3u`;

let t: TestServer;
let admin: SignedIn;
let editor: SignedIn;
let sup: LiveSupervisor;
const logLines: string[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'ssrf-secrets-'));

/** Everything a check saw, as one text: no secret may be in it. */
const seen: string[] = [];
const look = (what: string, value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  seen.push(`${what}: ${text}`);
  return text;
};

beforeAll(async () => {
  // An "ffmpeg" that fails the way the real one does, quoting its input URL in the error.
  const ffmpeg = join(tmp, 'ffmpeg');
  writeFileSync(
    ffmpeg,
    '#!/bin/sh\nfor a; do case "$a" in srt:*|http*) echo "Error opening input $a: Connection refused" >&2;; esac; done\nexit 1\n',
  );
  chmodSync(ffmpeg, 0o755);
  t = await startServer();
  admin = await signInOperator(t, 'admin@ottkit.test', 'admin');
  editor = await signInOperator(t, 'editor@ottkit.test', 'editor');
  sup = new LiveSupervisor({
    db: t.server.db,
    dataDir: t.dataDir,
    mediaDir: join(t.dataDir, 'media'),
    ffmpeg,
    reloadMs: 3_600_000,
    rules: { backoffMs: 200, maxBackoffMs: 1000 },
    log: (l) => logLines.push(l),
  });
  sup.start();
}, 120_000);

afterAll(async () => {
  await sup?.close();
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const as = (who: SignedIn) => ({ cookie: who.cookie });

describe('secrets in source URLs (issue 35)', () => {
  it('masks userinfo passwords, SRT passphrases, query secrets and Xtream stream paths', () => {
    expect(maskSecrets('hls+http://u:pw@h.example/x.m3u8?token=t&x=1')).toBe(
      'hls+http://u:***@h.example/x.m3u8?token=***&x=1',
    );
    expect(maskSecrets('srt://h:9000?mode=caller&passphrase=0123456789')).toBe(
      'srt://h:9000?mode=caller&passphrase=***',
    );
    expect(maskSecrets('http://p/get.php?username=a&password=b&pass=c&key=d&type=m3u')).toBe(
      'http://p/get.php?username=a&password=***&pass=***&key=***&type=m3u',
    );
    expect(maskSecrets('http://p/live/bob/s3cret/12.m3u8 failed')).toBe(
      'http://p/live/bob/***/12.m3u8 failed',
    );
    expect(maskSecrets('http://p/timeshift/bob/s3cret/60/2026-01-01:10-00/12.ts')).toBe(
      'http://p/timeshift/bob/***/60/2026-01-01:10-00/12.ts',
    );
    expect(maskSecrets('hls+https://cdn.example/live/news/720p/index.m3u8')).toBe(
      'hls+https://cdn.example/live/news/720p/index.m3u8',
    );
  });

  it('walks every place a source URL leaves the server', async () => {
    // Live sources: the answer's url, then its failure once the (fake) ffmpeg failed, and the server log.
    const set = await t.post(
      op.liveSourcesSet.path,
      { channelId: CHANNEL, sources: LIVE, mode: 'record', retentionDays: 1 },
      as(editor),
    );
    expect(set.body.errCode, set.body.errMsg).toBe(0);
    look('live sources/set', set.body);
    await vi.waitFor(
      async () => {
        const a = await t.get(`${op.liveChannels.path}?channelId=${CHANNEL}`, as(editor));
        const sources = (a.body.data as { channels: { sources: { lastError?: string }[] }[] }).channels[0]
          ?.sources;
        // ffmpeg's words stay in the log; the answer says the code (decision 0370).
        expect(sources?.every((s) => s.lastError === 'refused')).toBe(true);
        look('live channels', a.body);
      },
      // Both sources fail within about a second alone; a whole run's load (journeys beside the PostgreSQL pass) once
      // took longer than 15 s.
      { timeout: 30_000, interval: 200 },
    );
    // Resending the masked list keeps the stored URLs (the console's round trip still works).
    const shown = (set.body.data as { channel: { sources: { url: string }[] } }).channel?.sources.map(
      (s) => s.url,
    );
    if (shown) {
      const again = await t.post(
        op.liveSourcesSet.path,
        { channelId: CHANNEL, sources: shown, mode: 'relay' },
        as(editor),
      );
      expect(again.body.errCode, again.body.errMsg).toBe(0);
    }

    // Line-up sources: the add answer, sources/list, preview's error, the import job's error, lastError.
    const add = await t.post(op.sourceAdd.path, { name: 'secretive', kind: 'm3u', url: LINEUP }, as(editor));
    expect(add.body.errCode, add.body.errMsg).toBe(0);
    look('sources/add', add.body);
    // An Xtream Codes account added in the console (issue 37): its password goes in, and never comes out.
    const xtream = await t.post(
      op.sourceAdd.path,
      {
        name: 'secretive panel',
        kind: 'xtream',
        url: 'http://127.0.0.1:7163',
        user: 'viewer',
        password: `${SECRET}x`,
      },
      as(editor),
    );
    expect(xtream.body.errCode, xtream.body.errMsg).toBe(0);
    expect(look('sources/add xtream', xtream.body)).toContain('(user viewer)');
    // Its password changed in the console: the answer and the audit entry say it changed, never what it is.
    const edited = await t.post(
      op.sourceEdit.path,
      { name: 'secretive panel', password: `${SECRET}y`, refreshMinutes: 60 },
      as(editor),
    );
    expect(edited.body.errCode, edited.body.errMsg).toBe(0);
    expect(look('sources/edit xtream', edited.body)).toContain('(user viewer)');
    const row = t.server.db.get<{ xtream_password: string }>(
      "SELECT xtream_password FROM lineup_sources WHERE name = 'secretive panel'",
    );
    expect(row?.xtream_password).toBe(`${SECRET}y`);
    look('sources/list', (await t.get(op.sourceList.path, as(editor))).body);
    const preview = await t.post(op.sourcePreview.path, { name: 'secretive' }, as(editor));
    expect(preview.body.errMsg).toMatch(/could not be reached/);
    expect(look('sources/preview', preview.body)).toContain('***');
    const started = await t.post(op.sourceImport.path, { name: 'secretive' }, as(editor));
    const { jobId } = (started.body.data as { job: Job }).job;
    await vi.waitFor(
      async () => {
        const j = (await t.get(`${op.jobGet.path}?jobId=${jobId}`, as(editor))).body;
        expect((j.data as { job: Job }).job.status).toBe('failed');
        look('jobs/get', j);
      },
      { timeout: 15_000, interval: 100 },
    );
    look('jobs/list', (await t.get(op.jobList.path, as(editor))).body);
    look('sources/status', (await t.get(`${op.sourceStatus.path}?name=secretive`, as(editor))).body);

    // The audit log's before and after values.
    for (const action of ['live.sources.set', 'source.'])
      look(
        `audit ${action}`,
        (await t.get(`${op.auditList.path}?action=${encodeURIComponent(action)}`, as(admin))).body,
      );

    // The command line on the same data folder: its listings, and its errors.
    const cliPreview = await runCli(['sources', 'preview', 'secretive', '--data', t.dataDir]).catch(
      (e: Error) => e.message,
    );
    expect(look('cli sources preview', cliPreview)).toMatch(/could not be reached/);
    for (const args of [
      ['sources', 'list'],
      ['live', 'sources', CHANNEL],
    ])
      look(`cli ${args.join(' ')}`, (await runCli([...args, '--data', t.dataDir])).lines.join('\n'));

    look('server log', logLines.join('\n'));
    expect(logLines.join('\n')).toContain('***');
    const all = seen.join('\n');
    expect(all).toContain('Connection refused');
    for (const line of seen) expect(line).not.toContain(SECRET);
  }, 60_000);
});
