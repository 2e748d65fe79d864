// Test run: about 15 s (scripts/vitest-sequencer.ts starts it early)
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTitleSource, titlesDir } from '../src/media/titleAssets.ts';
import {
  type FixtureChannel,
  guideOf,
  playlistOf,
  startServer as startUpstream,
  type TestServer as Upstream,
} from '../src/sources/fixtures.test-helpers.ts';
import { type Db, openSqliteDb } from '../src/store/db.ts';
import { type JobProc, startJobProcess, until } from './jobProcesses.ts';
import { testClip } from './operatorHelpers.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs): its processes share a data folder's SQLite store by design
// (below); cluster-jobs proves PostgreSQL's leases.

/**
 * Long operator work survives a dead process (decision 0335), with real processes over one data folder: a
 * process starts a console line-up import (or a title transcode) and is killed with kill -9 in the middle of it;
 * another process takes the job over once the lease ran out and runs it again to the end: the job succeeds and
 * says it was resumed, the audit has exactly one entry, and the line-up (the title) is right afterwards.
 * SQLite under both runs of the suite (the processes share a data folder; cluster-jobs covers PostgreSQL's leases).
 */
const LEASE_MS = 2000;
/** Long enough that the tiny ladder's transcode is still under way when the test kills its process. */
const VIDEO_SEC = 90;
const fixture = fileURLToPath(new URL('./jobResumeProcess.ts', import.meta.url));
const secret = randomBytes(32).toString('hex');
const CHANNELS: FixtureChannel[] = [
  { tvgId: 'harbour.one', name: 'Harbour One', group: 'News' },
  { tvgId: 'harbour.two', name: 'Harbour Two', group: 'Sport' },
];
let dir: string;
let dataDir: string;
let upstream: Upstream;
/** While closed, upstream holds every request of the playlist unanswered: the import is under way. */
let gateOpen = false;
const held: Array<() => void> = [];
let db: Db;
let video: string;
const children: ChildProcess[] = [];
let taker: JobProc | undefined;

/** Starts a server process over the shared data folder; resolves once it printed `ready`. */
const start = (args: string[] = []) =>
  startJobProcess(
    fixture,
    args,
    {
      ...process.env,
      OTTKIT_DATABASE_URL: '',
      OTTKIT_DATA_DIR: dataDir,
      OTTKIT_SECRET: secret,
      OTTKIT_JOB_LEASE_MS: String(LEASE_MS),
      OTTKIT_MEDIA_PROFILE: 'tiny',
    },
    children,
  );

/** Kills the process with kill -9 and waits until it is gone. */
async function kill(p: JobProc): Promise<void> {
  const gone = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGKILL');
  await gone;
}

/** The process that takes jobs over: one for the file, started on first use. */
const takingOver = async () => {
  taker ??= await start();
  return taker;
};

const job = (id: string) =>
  db.get<{
    status: string;
    owner: string;
    error: string;
    message: string;
    progress: number;
    resumed_at: number | null;
  }>('SELECT status, owner, error, message, progress, resumed_at FROM operator_jobs WHERE job_id = ?', id);
const audits = (action: string, target: string) =>
  db.all('SELECT seq FROM operator_audit WHERE action = ? AND target = ?', action, target).length;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ottkit-job-resume-'));
  dataDir = join(dir, 'data');
  upstream = await startUpstream((req, res) => {
    const answer = () => {
      if (req.url === '/guide.xml') {
        res.end(guideOf(CHANNELS, Date.now(), 2));
        return;
      }
      res.end(playlistOf(CHANNELS).replace('#EXTM3U', `#EXTM3U url-tvg="${upstream.url}/guide.xml"`));
    };
    if (gateOpen || req.url !== '/list.m3u') answer();
    else held.push(answer);
  });
  video = join(dir, 'ferry.mp4');
  testClip(dir, 'ferry.mp4', VIDEO_SEC);
}, 120_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  db?.close();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('long operator work after its process died (decision 0335)', () => {
  it('a line-up import cut off by kill -9 is imported again by another process, audited once', async () => {
    const a = await start(['source', 'Harbour', `${upstream.url}/list.m3u`]);
    const id = a.job as string;
    db ??= openSqliteDb(join(dataDir, 'ottkit.db'));
    // A is reading the playlist (upstream holds it): the import is under way when A dies.
    await until('A reading the playlist', () => held.length > 0, 30_000);
    expect(job(id)).toMatchObject({ status: 'running', owner: a.owner });
    await kill(a);
    gateOpen = true;

    const b = await takingOver();
    const done = await until('the import finished', () => job(id)?.status !== 'running' && job(id), 60_000);
    expect(done).toMatchObject({ status: 'succeeded', owner: b.owner });
    expect(done.message).toMatch(/^2 channels, [1-9]\d* programmes$/);
    expect(done.resumed_at).toBeGreaterThan(0);
    expect(b.lines.filter((l) => l.includes(`${id} of a stopped process continues here`))).toHaveLength(1);
    expect(audits('source.import', 'Harbour')).toBe(1);
    // The source and the line-up are right afterwards: imported once, with its channels and guide.
    const source = db.get<{ status: string; counts_json: string }>(
      "SELECT status, counts_json FROM lineup_sources WHERE name = 'Harbour'",
    );
    expect(source?.status).toBe('ok');
    expect(JSON.parse(source?.counts_json ?? '{}')).toMatchObject({ channels: 2 });
    expect(
      db.all(
        `SELECT c.logical_channel_name AS name FROM channels c
         JOIN source_channels s ON s.logical_channel_id = c.logical_channel_id ORDER BY name`,
      ),
    ).toEqual([{ name: 'Harbour One' }, { name: 'Harbour Two' }]);
  }, 120_000);

  it('a title transcode cut off by kill -9 is transcoded again by another process; the title plays', async () => {
    const a = await start(['transcode', video]);
    const id = a.job as string;
    db ??= openSqliteDb(join(dataDir, 'ottkit.db'));
    const titles = titlesDir(dataDir);
    await until(
      'A transcoding',
      () => {
        const j = job(id);
        if (j?.status === 'succeeded')
          throw new Error('the transcode ended before A could be killed: raise VIDEO_SEC');
        return j?.message.startsWith('Transcoding') && j.progress >= 1;
      },
      60_000,
    );
    // A's half-written renditions: a staging folder, never the title's asset.
    const staging = readdirSync(titles).filter((n) => n.startsWith('.staging-'));
    expect(staging).toHaveLength(1);
    await kill(a);
    // A's ffmpeg died with it (no orphan writes on into the staging folder).
    await new Promise((r) => setTimeout(r, 300));
    const orphans = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(staging[0] as string);
        } catch {
          return false;
        }
      });
    expect(orphans).toEqual([]);

    const b = await takingOver();
    const done = await until(
      'the transcode finished',
      () => job(id)?.status !== 'running' && job(id),
      120_000,
    );
    expect(done).toMatchObject({ status: 'succeeded', owner: b.owner });
    expect(done.message).toMatch(/^Ready: \d+p, \d+ s$/);
    expect(done.resumed_at).toBeGreaterThan(0);
    expect(b.lines.filter((l) => l.includes(`${id} of a stopped process continues here`))).toHaveLength(1);
    const title = db.get<{ meta_id: string; asset_id: string; duration: number }>(
      'SELECT meta_id, asset_id, duration FROM console_titles WHERE job_id = ?',
      id,
    );
    expect(audits('title.transcode', title?.meta_id ?? '')).toBe(1);
    // The title has the whole video: every segment of its length, and no staging folder is left behind.
    const source = readTitleSource(titles, title?.asset_id ?? '');
    expect(source?.renditions.length).toBeGreaterThan(0);
    expect(source?.segmentCount).toBe(Math.ceil(VIDEO_SEC / 2));
    expect(title?.duration).toBe(VIDEO_SEC);
    expect(readdirSync(titles).filter((n) => n.startsWith('.staging-'))).toEqual([]);
    expect(existsSync(join(titles, title?.asset_id ?? '', 'source.json'))).toBe(true);
  }, 240_000);

  it('a library import cut off by kill -9 is finished by another process: its transcode taken over, the film published', async () => {
    const a = await start(['library', video]);
    const id = a.job as string;
    db ??= openSqliteDb(join(dataDir, 'ottkit.db'));
    const transcode = () =>
      db.get<{ meta_id: string; status: string; progress: number }>(
        `SELECT f.meta_id, j.status, j.progress FROM library_files f JOIN console_titles c ON c.meta_id = f.meta_id
         JOIN operator_jobs j ON j.job_id = c.job_id`,
      );
    // The film is made and its transcode under way when A dies.
    await until(
      'A transcoding the film',
      () => transcode()?.status === 'running' && transcode()?.progress,
      60_000,
    );
    expect(job(id)).toMatchObject({ status: 'running', message: 'Transcoding 0 of 1' });
    await kill(a);

    const b = await takingOver();
    const done = await until('the import finished', () => job(id)?.status !== 'running' && job(id), 120_000);
    expect(done).toMatchObject({
      status: 'succeeded',
      owner: b.owner,
      message: 'Added 1 film and 0 episodes, 0 changed, 0 titles taken out, 1 transcoded, 1 published',
    });
    expect(done.resumed_at).toBeGreaterThan(0);
    // The folder was read once: one film, one import entry in the audit; the film is in the catalogue.
    expect(db.all('SELECT meta_id FROM library_files')).toHaveLength(1);
    expect(db.all("SELECT seq FROM operator_audit WHERE action = 'library.import'")).toHaveLength(1);
    const film = db.get<{ published_at: number | null }>(
      'SELECT published_at FROM console_titles WHERE meta_id = ?',
      transcode()?.meta_id ?? '',
    );
    expect(film?.published_at).toBeGreaterThan(0);
  }, 180_000);
});
