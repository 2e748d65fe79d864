// Test run: about 2 s on SQLite, 16 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedArgs, CLI_CHANGES, CLI_READ_ONLY } from '../src/cli/audit.ts';
import { COMMANDS } from '../src/cli/commands.ts';
import { listAudit } from '../src/operator/audit.ts';
import { failOrphanedJobs, jobNow, jobsNow, startJob } from '../src/operator/jobs.ts';
import { openDb } from '../src/store/db.ts';
import { runCli } from './cliRun.ts';

// Issue 18: every data-changing CLI command writes an audit entry (actor "cli"); the scheduled line-up refreshes
// (`sources refresh --due`) run as jobs the console's jobs list shows.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ottkit-cli-audit-'));
  process.env.OTTKIT_SECRET = 'cli-test-secret-0123456789abcdef01234567';
});
afterAll(async () => {
  delete process.env.OTTKIT_SECRET;
  await rm(dataDir, { recursive: true, force: true });
});

const run = (...argv: string[]) => runCli([...argv, '--data', dataDir]);
function withDb<T>(fn: (db: ReturnType<typeof openDb>) => T): T {
  const db = openDb(join(dataDir, 'ottkit.db'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
async function jobs() {
  const db = openDb(join(dataDir, 'ottkit.db'));
  try {
    return await jobsNow(db);
  } finally {
    db.close();
  }
}
async function audit(action: string) {
  const db = openDb(join(dataDir, 'ottkit.db'));
  try {
    return (await listAudit(db, { action })).entries;
  } finally {
    db.close();
  }
}

describe('the CLI audit', () => {
  it('knows of every command whether it changes data', async () => {
    for (const c of COMMANDS) {
      expect(
        Number(c.name in CLI_CHANGES) + Number(CLI_READ_ONLY.includes(c.name)),
        `${c.name}: list it in CLI_CHANGES or CLI_READ_ONLY (cli/audit.ts)`,
      ).toBe(1);
    }
  });

  it('writes one entry per data-changing run, actor cli, and none for reading', async () => {
    expect((await run('notice', 'publish', '--msg', 'From the disk', '--mode', '12')).code).toBe(0);
    expect((await run('config', 'set', 'businessType', 'vod')).code).toBe(0);
    expect((await run('notice', 'list')).code).toBe(0);
    expect((await run('plans')).code).toBe(0);
    const [published] = await audit('cli.notice.publish');
    expect(published).toMatchObject({
      actor: 'cli',
      actorEmail: 'command line',
      after: { args: ['publish', '--msg', 'From the disk', '--mode', '12'], exitCode: 0 },
    });
    expect((await audit('cli.config.set'))[0]).toMatchObject({ target: 'businessType' });
    expect(await audit('cli.notice.list')).toEqual([]);
    expect(await audit('cli.plans')).toEqual([]);
    // A usage mistake changes nothing and is not an entry.
    expect((await run('notice', 'publish')).code).toBe(2);
    expect(await audit('cli.notice.publish')).toHaveLength(1);
  });

  it('keeps no secret: an Xtream password is written as ***', async () => {
    expect(
      auditedArgs([
        'add',
        'tv',
        '--xtream',
        'http://x',
        '--user',
        'u',
        '--password',
        'hunter2',
        '--data',
        '/d',
      ]),
    ).toEqual(['add', 'tv', '--xtream', 'http://x', '--user', 'u', '--password', '***']);
    expect(auditedArgs(['seal', 'm.json', '--api-key=abc'])).toEqual(['seal', 'm.json', '--api-key', '***']);
  });
});

describe('line-up refreshes as jobs', () => {
  it('imports and the due refresh run as jobs (cli, schedule), audited with counts before and after', async () => {
    const m3u = join(dataDir, 'small.m3u');
    await writeFile(
      m3u,
      [
        '#EXTM3U',
        '#EXTINF:-1 tvg-id="cove" group-title="Cove",Cove TV',
        'http://streams.test/cove.m3u8',
      ].join('\n'),
    );
    expect((await run('sources', 'add', 'Cove', '--m3u', m3u)).code).toBe(0);
    expect((await run('sources', 'import', 'Cove')).code).toBe(0);
    expect((await run('sources', 'refresh', '--due')).lines).toContain('No source is due.');
    withDb((db) => db.run('UPDATE lineup_sources SET last_refresh_at = 0'));
    const due = await run('sources', 'refresh', '--due');
    expect(due.code).toBe(0);
    expect(due.lines.join('\n')).toMatch(/Cove: 1 channel \(/);

    const listed = await jobs();
    expect(listed.map((j) => [j.kind, j.target, j.createdBy, j.status])).toEqual([
      ['source.refresh', 'Cove', 'schedule', 'succeeded'],
      ['source.import', 'Cove', 'cli', 'succeeded'],
    ]);
    expect(listed[0]?.message).toBe('1 channel, 0 programmes');
    const [refreshed] = await audit('source.refresh');
    expect(refreshed).toMatchObject({ actor: 'cli', target: 'Cove', after: { counts: { channels: 1 } } });
    expect(await audit('source.import')).toHaveLength(1);
    expect((await audit('cli.sources.add'))[0]).toMatchObject({ target: 'Cove' });
  });

  it('edits a source (audited once, by the domain, with before and after) and removes it; its channel stays', async () => {
    expect((await run('sources', 'edit', 'Cove')).code).toBe(2);
    const edit = await run('sources', 'edit', 'Cove', '--refresh-minutes', '60');
    expect(edit.code).toBe(0);
    expect((await audit('source.edit'))[0]).toMatchObject({
      actor: 'cli',
      target: 'Cove',
      before: { refreshMinutes: 1440 },
      after: { refreshMinutes: 60 },
    });
    expect(await audit('cli.sources.edit')).toHaveLength(0);
    const removed = await run('sources', 'remove', 'Cove');
    expect(removed.lines).toContain('source Cove removed; 1 channel kept in the line-up');
    expect((await audit('source.remove'))[0]).toMatchObject({ actor: 'cli', after: { channelsKept: 1 } });
    const left = withDb((db) =>
      db.get<{ n: number }>("SELECT COUNT(*) AS n FROM channels WHERE logical_channel_name = 'Cove TV'"),
    );
    expect(Number(left?.n)).toBe(1);
  });

  it('a refresh that fails is a failed job with the error in words', async () => {
    await run('sources', 'add', 'Gone', '--m3u', join(dataDir, 'missing.m3u'));
    await expect(run('sources', 'refresh', 'Gone')).rejects.toThrow();
    const [job] = await jobs();
    expect(job).toMatchObject({ kind: 'source.refresh', target: 'Gone', status: 'failed' });
    expect(job?.error).not.toBe('');
  });

  it('a scheduled refresh whose process ended early is failed in words, not left running', async () => {
    const db = openDb(join(dataDir, 'ottkit.db'));
    try {
      const job = await startJob(
        db,
        { kind: 'source.refresh', target: 'Cove', createdBy: 'schedule' },
        () => new Promise(() => {}),
        Date.now,
      );
      const mine = await startJob(
        db,
        { kind: 'source.import', target: 'Cove', createdBy: 'op-1' },
        () => new Promise(() => {}),
        Date.now,
      );
      expect(
        await failOrphanedJobs(
          db,
          'schedule',
          'The scheduled refresh stopped before it finished (SIGKILL)',
          Date.now(),
        ),
      ).toBe(1);
      expect(await jobNow(db, job.jobId)).toMatchObject({
        status: 'failed',
        error: 'The scheduled refresh stopped before it finished (SIGKILL)',
      });
      expect((await jobNow(db, mine.jobId))?.status).toBe('queued');
    } finally {
      db.close();
    }
  });
});
