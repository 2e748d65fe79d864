import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rankedSearch } from '../src/domain/vod/search.ts';
import { openDb } from '../src/store/db.ts';
import { loadConfig } from '../src/config.ts';
import { ffmpegPath } from '../src/media/ffmpeg.ts';
import { runCli } from './cliRun.ts';

// Issue 42: an operator points `library preview` at a folder of films and episodes with Kodi .nfo and JSON
// sidecars, and sees what the import will read, and every file it cannot, with the reason; `library import`
// makes the titles, transcodes their files and publishes them; a later import sees what changed and what went.

let dataDir: string;
let library: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'ottkit-library-'));
  library = join(dataDir, 'library');
  const film = join(library, 'Films', 'The Harbor (2019)');
  const season = join(library, 'Shows', 'Night Watch', 'Season 1');
  const broken = join(library, 'Broken');
  for (const d of [film, season, broken]) mkdirSync(d, { recursive: true });
  // A real clip whose audio track says it is Spanish.
  const clip = join(film, 'The Harbor (2019).mkv');
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=10:d=2'],
    ...['-f', 'lavfi', '-i', 'sine=f=300:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
    ...['-metadata:s:a:0', 'language=spa', '-shortest', clip],
  ]);
  writeFileSync(
    join(film, 'movie.nfo'),
    '<?xml version="1.0"?><movie><title>The Harbor</title><year>2019</year><genre>Drama</genre><actor><name>Ana Harborne</name></actor></movie>',
  );
  copyFileSync(clip, join(library, 'Films', 'Plain.Title.2004.1080p.BluRay.x264.mkv'));
  copyFileSync(clip, join(season, 'Night Watch - S01E02 - The Tower.mkv'));
  writeFileSync(
    join(season, 'Night Watch - S01E02 - The Tower.json'),
    JSON.stringify({
      type: 'episode',
      title: { en: 'The Tower', es: 'La Torre' },
      series: 'Night Watch',
      season: 1,
      episode: 2,
    }),
  );
  copyFileSync(clip, join(broken, 'bad.mkv'));
  writeFileSync(join(broken, 'bad.nfo'), '<movie><title>x</movie>');
  writeFileSync(join(broken, 'fake.mp4'), 'not a video');
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const preview = (folder: string) => runCli(['library', 'preview', '--folder', folder, '--data', dataDir]);

describe('library preview', () => {
  it('lists films and episodes by sidecar or file name, with their audio languages, and what it cannot read', async () => {
    const { code, lines } = await preview(library);
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/: new 2 films, 1 episode of 1 series; 0 changed, 0 gone, 0 unchanged$/);
    const out = lines.join('\n');
    expect(out).toContain(
      '+ Films/The Harbor (2019)/The Harbor (2019).mkv\tThe Harbor (2019)\t[nfo] audio spa',
    );
    expect(out).toContain('+ Films/Plain.Title.2004.1080p.BluRay.x264.mkv\tPlain Title (2004)\t[file name]');
    expect(out).toContain(
      '+ Shows/Night Watch/Season 1/Night Watch - S01E02 - The Tower.mkv\tNight Watch S1E2 The Tower\t[json]',
    );
    expect(out).toMatch(/! Broken\/bad\.mkv\tbad\.nfo: the \.nfo file is not well-formed XML/);
    expect(out).toContain('! Broken/fake.mp4\tit is not a video ffprobe can read (no video track)');
  }, 60_000);

  it('refuses a folder outside the library folders, also through a link', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'ottkit-outside-'));
    symlinkSync(outside, join(library, 'link-out'));
    try {
      for (const folder of [outside, join(library, 'link-out')]) {
        const errors: string[] = [];
        const spy = vi.spyOn(console, 'error').mockImplementation((m) => void errors.push(String(m)));
        try {
          expect((await preview(folder)).code).toBe(2);
        } finally {
          spy.mockRestore();
        }
        expect(errors.join('\n')).toMatch(/is outside the library folders this server may read/);
      }
    } finally {
      rmSync(join(library, 'link-out'));
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('OTTKIT_LIBRARY_ROOTS', () => {
  const roots = (v?: string) =>
    loadConfig({ dataDir, secret: 's'.repeat(32) }, v === undefined ? {} : { OTTKIT_LIBRARY_ROOTS: v })
      .libraryRoots;
  it("is the data folder's library/ by default, else absolute folders separated by ':'", () => {
    expect(roots()).toEqual([join(dataDir, 'library')]);
    expect(roots('/srv/films:/srv/shows/')).toEqual(['/srv/films', '/srv/shows']);
    expect(() => roots('/srv/films:films')).toThrow("OTTKIT_LIBRARY_ROOTS: 'films' is not an absolute path");
  });
});

describe('library import', () => {
  // The test media's ladder (a few small renditions), as the test servers transcode.
  const profile = process.env.OTTKIT_MEDIA_PROFILE;
  beforeAll(() => {
    process.env.OTTKIT_MEDIA_PROFILE = 'tiny';
  });
  afterAll(() => {
    if (profile === undefined) delete process.env.OTTKIT_MEDIA_PROFILE;
    else process.env.OTTKIT_MEDIA_PROFILE = profile;
  });
  const run = (...extra: string[]) =>
    runCli([
      'library',
      'import',
      '--folder',
      library,
      '--data',
      dataDir,
      '--publish',
      '--parallel',
      '2',
      ...extra,
    ]);
  const db = () => openDb(join(dataDir, 'ottkit.db'));

  it('makes the titles with their texts and people, transcodes their files and publishes them', async () => {
    // The service's transcode queue allows one at a time (decision 0425): the import's second file waits, in words.
    const set = ['config', 'set', 'transcode.parallel', '1', '--data', dataDir];
    expect((await runCli(set)).code).toBe(0);
    const watch = db();
    const seen = { most: 0, waited: false };
    const look = setInterval(() => {
      const jobs = watch.all<{ status: string; message: string }>(
        "SELECT status, message FROM operator_jobs WHERE kind = 'title.transcode'",
      );
      seen.most = Math.max(seen.most, jobs.filter((j) => j.status === 'running').length);
      // Its words say what it waits for: the transcode running, or (when it asked first) the one queued before it.
      seen.waited ||= jobs.some(
        (j) => j.status === 'queued' && /^Waiting (for a transcode|in the transcode queue)/.test(j.message),
      );
    }, 100);
    const { code, lines } = await run().finally(() => {
      clearInterval(look);
      watch.close();
    });
    expect(seen).toEqual({ most: 1, waited: true });
    expect(lines.join('\n')).toContain(
      'Added 2 films and 1 episode; 0 titles taken out. Transcoding 3, 2 at a time.',
    );
    expect(lines.filter((l) => l.startsWith('  ready: '))).toHaveLength(3);
    expect(lines.at(-1)).toBe('Published 3 titles.');
    expect(code).toBe(0);
    const d = db();
    try {
      // The film by its actor, the episode by its Spanish title: in the subscribers' catalogue and its search.
      const film = (await rankedSearch(d, 'Ana Harborne', { includeSensitive: false }, 1, 10)).list;
      expect(film).toHaveLength(1);
      expect(
        d.get<{ release_year: number }>(
          'SELECT release_year FROM vod_metas WHERE meta_id = ?',
          film[0]?.metaId ?? '',
        )?.release_year,
      ).toBe(2019);
      // (The seeded catalogue has a "La Torre" of its own: the episode is the one in the imported series.)
      const episode = d.get<{ series: string; episode_no: number }>(
        `SELECT s.title AS series, m.episode_no FROM vod_meta_texts t JOIN vod_metas m ON m.meta_id = t.meta_id
         JOIN vod_meta_texts s ON s.meta_id = m.series_id AND s.lang = 'en'
         WHERE t.lang = 'es' AND t.title = 'La Torre' AND m.meta_type = 'EPISODE'`,
      );
      expect(episode).toEqual({ series: 'Night Watch', episode_no: 2 });
      expect(
        d.get<{ n: number }>("SELECT COUNT(*) AS n FROM operator_audit WHERE action = 'library.import'")?.n,
      ).toBe(1);
    } finally {
      d.close();
    }
  }, 180_000);

  it('sees a changed file and transcodes it again, and takes the title of a gone file out of the catalogue', async () => {
    const again = await run();
    expect(again.lines[0]).toMatch(/: new 0 films, 0 episodes of 0 series; 0 changed, 0 gone, 3 unchanged$/);
    appendFileSync(join(library, 'Films', 'Plain.Title.2004.1080p.BluRay.x264.mkv'), Buffer.alloc(1));
    rmSync(join(library, 'Films', 'The Harbor (2019)', 'The Harbor (2019).mkv'));
    const { code, lines } = await run();
    expect(lines[0]).toMatch(/: new 0 films, 0 episodes of 0 series; 1 changed, 1 gone, 1 unchanged$/);
    expect(lines.join('\n')).toContain('Transcoding 1, 2 at a time.');
    expect(code).toBe(0);
    const d = db();
    try {
      // The changed file's title had a video: its new transcode's audit entry names the one it replaces.
      const last = d.get<{ before_json: string }>(
        "SELECT before_json FROM operator_audit WHERE action = 'title.transcode' ORDER BY seq DESC LIMIT 1",
      );
      expect(JSON.parse(last?.before_json ?? '{}').assetId).toEqual(expect.any(String));
      expect(
        (await rankedSearch(d, 'Ana Harborne', { includeSensitive: false }, 1, 10)).list.map(
          (h) => h.matchedOn,
        ),
      ).toEqual([]);
    } finally {
      d.close();
    }
  }, 180_000);
});

describe('named libraries (decision 0423)', () => {
  it('adds, lists and forgets a library from the command line; a folder outside the roots is refused in words', async () => {
    const cli = (...a: string[]) => runCli(['library', ...a, '--data', dataDir]);
    expect((await cli('add', 'Shows', '--folder', join(library, 'Shows'), '--every', '2')).code).toBe(2);
    const added = await cli(
      'add',
      'Shows',
      '--folder',
      join(library, 'Shows'),
      '--lang',
      'es',
      '--publish',
      '--every',
      '60',
    );
    expect(added.code).toBe(0);
    expect(added.lines).toEqual([`Added library Shows: ${join(library, 'Shows')}`]);
    expect((await cli('add', 'Shows', '--folder', join(library, 'Shows'))).code).toBe(2);
    expect((await cli('add', 'Etc', '--folder', '/etc')).code).toBe(2);
    const listed = await cli('list');
    expect(listed.lines).toEqual([
      `Shows\t${join(library, 'Shows')}\tes, published when ready, looked at every 60 minutes`,
    ]);
    expect((await cli('remove', 'Shows')).lines).toEqual(['Removed library Shows; its titles stay.']);
    expect((await cli('list')).lines).toEqual(['No library yet: library add NAME --folder PATH']);
    expect((await cli('remove', 'Shows')).code).toBe(2);
  });
});
