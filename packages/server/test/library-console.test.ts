import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AuditEntry, type Job, type Library, OperatorErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchLibraries } from '../src/library/watch.ts';
import { transcodeTitle } from '../src/media/transcode.ts';
import { startServer, type TestServer } from './helpers.ts';
import { ffmpeg, finished as finishedAs, searched, titleNamed } from './libraryHelpers.ts';
import { type SignedIn, signInOperator, testClip } from './operatorHelpers.ts';

// Issue 42 (decision 0423): an editor names a film library folder in the console, previews it, imports it as a
// job that transcodes its film and publishes it, and a subscriber finds the film by its actor's name in Spanish.

let t: TestServer;
let editor: SignedIn;
let support: SignedIn;
let admin: SignedIn;
let folder: string;
const profile = process.env.OTTKIT_MEDIA_PROFILE;

beforeAll(async () => {
  // The test media's ladder (a few small renditions), as the test servers transcode.
  process.env.OTTKIT_MEDIA_PROFILE = 'tiny';
  t = await startServer();
  editor = await signInOperator(t, 'editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'support@ottkit.test', 'support');
  admin = await signInOperator(t, 'admin@ottkit.test', 'admin');
  folder = join(t.dataDir, 'library', 'Films');
  const film = join(folder, 'The Lantern (2021)');
  mkdirSync(film, { recursive: true });
  testClip(film, 'The Lantern (2021).mp4', 2);
  // Its poster beside it, as Kodi and Jellyfin keep one (decision 0435).
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=maroon:s=200x300', '-frames:v', '1', join(film, 'poster.jpg')]);
  writeFileSync(
    join(film, 'The Lantern (2021).json'),
    JSON.stringify({
      type: 'movie',
      title: { en: 'The Lantern', es: 'La Linterna' },
      year: 2021,
      genres: ['Drama'],
      cast: ['Marisol Quintanar'],
    }),
  );
  writeFileSync(join(folder, 'notes.mkv'), 'not a video');
}, 60_000);
afterAll(async () => {
  await t.close();
  if (profile === undefined) delete process.env.OTTKIT_MEDIA_PROFILE;
  else process.env.OTTKIT_MEDIA_PROFILE = profile;
});

const call = (path: string, body: object, who: SignedIn = editor) =>
  t.post(path, body, { cookie: who.cookie });
const P = '/admin/api/libraries/';

const finished = (job: Job) => finishedAs(t, editor, job);

describe('a watched library', () => {
  it('is imported when its folder changed, once when two processes look at the same moment, and left alone otherwise', async () => {
    const shows = join(t.dataDir, 'library', 'Watched');
    mkdirSync(shows, { recursive: true });
    testClip(shows, 'Harbour.Nights.2019.mp4', 2);
    const add = await call(`${P}add`, { name: 'Watched', folder: shows, watchMinutes: 5 });
    expect((add.body.data as { library: Library }).library.watchMinutes).toBe(5);
    expect((await call(`${P}add`, { name: 'Too often', folder: shows, watchMinutes: 1 })).status).toBe(400);
    const run = { dataDir: t.dataDir, transcodeTitle, now: Date.now };
    const roots = t.server.config.libraryRoots;
    const look = (at: number) => watchLibraries(t.server.db, roots, run, at);
    const imports = () =>
      t.server.db.all<{ job_id: string }>(
        "SELECT job_id FROM operator_jobs WHERE kind = 'library.import' AND target = 'Watched'",
      );
    const settled = async () => {
      for (const { job_id } of imports()) await finished({ jobId: job_id, status: 'running' } as Job);
    };
    const start = Date.now();
    // Two processes look at the same moment: one of them imports.
    const [a, b] = await Promise.all([look(start), look(start)]);
    expect([...a, ...b]).toEqual(['Watched']);
    await settled();
    expect(imports()).toHaveLength(1);
    // Not due yet, then due with nothing changed: no import.
    expect(await look(start + 60_000)).toEqual([]);
    expect(await look(start + 5 * 60_000)).toEqual([]);
    // A new file: the next look imports it.
    testClip(shows, 'Harbour.Days.2020.mp4', 2);
    expect(await look(start + 10 * 60_000)).toEqual(['Watched']);
    await settled();
    const titles = t.server.db.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM library_files WHERE path LIKE 'Harbour.%'",
    );
    expect(Number(titles[0]?.n)).toBe(2);
    expect((await call(`${P}remove`, { name: 'Watched' })).body.errCode).toBe(0);
  }, 120_000);
});

describe('film libraries in the console', () => {
  it('refuses a name taken, a folder outside the allowed ones, and a support operator', async () => {
    const add = await call(`${P}add`, { name: 'Films', folder, lang: 'en', publish: true });
    expect(add.body.errCode).toBe(0);
    expect((add.body.data as { library: Library }).library).toMatchObject({
      name: 'Films',
      publish: true,
      parallel: 1,
      lastImport: '',
    });
    expect(await call(`${P}add`, { name: 'Films', folder }).then((a) => a.body.errCode)).toBe(
      OperatorErrCode.LIBRARY_EXISTS,
    );
    const outside = await call(`${P}add`, { name: 'System', folder: '/etc' });
    expect(outside.body.errCode).toBe(OperatorErrCode.LIBRARY_FOLDER);
    expect(outside.body.errMsg).toMatch(/outside the library folders this server may read/);
    const relative = await call(`${P}add`, { name: 'Relative', folder: 'films' });
    expect(relative.status).toBe(400);
    const refused = await call(`${P}add`, { name: 'Other', folder }, support);
    expect(refused.body.errCode).toBe(OperatorErrCode.ROLE_REFUSED);
    const list = await t.get(`${P}list`, { cookie: editor.cookie });
    expect((list.body.data as { libraries: Library[] }).libraries.map((l) => l.name)).toEqual(['Films']);
  });

  it('previews what an import adds and what it cannot read, with why, storing nothing', async () => {
    const preview = await call(`${P}preview`, { name: 'Films' });
    expect(preview.body.data).toMatchObject({
      added: [
        { path: 'The Lantern (2021)/The Lantern (2021).mp4', title: 'The Lantern (2021)', from: 'json' },
      ],
      changed: [],
      removed: [],
      unreadable: [{ path: 'notes.mkv', reason: expect.stringMatching(/not a video/) }],
      unchanged: 0,
    });
    expect((await call(`${P}preview`, { name: 'Nope' })).body.errCode).toBe(OperatorErrCode.NOT_FOUND);
  });

  it('imports as a job that transcodes and publishes the film; a subscriber finds it by its actor in Spanish', async () => {
    const started = await call(`${P}import`, { name: 'Films' });
    expect(started.body.errCode).toBe(0);
    const job = await finished((started.body.data as { job: Job }).job);
    expect(job).toMatchObject({
      kind: 'library.import',
      target: 'Films',
      status: 'succeeded',
      progress: 100,
    });
    expect(job.message).toBe(
      'Added 1 film and 0 episodes, 0 changed, 0 titles taken out, 1 transcoded, 1 published, 1 picture brought in, 1 file not read (see the preview)',
    );
    const list = await t.get(`${P}list`, { cookie: editor.cookie });
    expect((list.body.data as { libraries: Library[] }).libraries[0]?.lastImport).toBe(job.message);

    expect(await searched(t, 'Quintanar')).toContain('La Linterna');
    // The poster beside the film is the title's picture.
    expect((await titleNamed(t, editor, 'Lantern'))?.artwork).toEqual(['poster']);

    // Imported again: nothing new, nothing transcoded.
    const again = await finished(
      ((await call(`${P}import`, { name: 'Films' })).body.data as { job: Job }).job,
    );
    expect(again.message).toMatch(
      /^Added 0 films and 0 episodes, 0 changed, 0 titles taken out, 0 transcoded/,
    );
  }, 120_000);

  it('forgets a library, its titles staying; every change audited', async () => {
    expect((await call(`${P}remove`, { name: 'Films' })).body.errCode).toBe(0);
    const list = await t.get(`${P}list`, { cookie: editor.cookie });
    expect((list.body.data as { libraries: Library[] }).libraries).toEqual([]);
    const entries = (
      (await t.get('/admin/api/audit/list?action=library.', { cookie: admin.cookie })).body.data as {
        entries: AuditEntry[];
      }
    ).entries;
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['library.add', 'library.import', 'library.remove']),
    );
    expect(await searched(t, 'Lantern', 'en')).toContain('The Lantern');
  });
});
