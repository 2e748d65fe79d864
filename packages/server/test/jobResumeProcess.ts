// One ottkit server process of the job resume test (test/job-resume.test.ts, decision 0335): the product's
// createServer over the data folder in OTTKIT_DATA_DIR, with its start-up take-over and periodic sweeps. With
// `source <name> <m3u url>` it adds that line-up source and imports it as the console does; with
// `transcode <video file>` it creates a title, uploads the file to it and transcodes it as the console does; with
// `library <video file>` it names a folder holding that film a library and imports it as the console does. It
// prints `owner <name>`, `title <metaId>` (a transcode's), `job <id>` and `ready`, then every log line, and runs until it is killed.
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from '../src/app.ts';
import { FREE_PRODUCT_ID } from '../src/domain/authority.ts';
import { startLibraryImport } from '../src/library/importJob.ts';
import { addLibrary } from '../src/library/libraries.ts';
import { newAssetId } from '../src/media/titleAssets.ts';
import { transcodeTitle } from '../src/media/transcode.ts';
import { jobLease } from '../src/operator/jobLease.ts';
import { startSourceJob } from '../src/operator/sourceJobs.ts';
import { startTranscodeJob } from '../src/operator/titleTranscodeJob.ts';
import { createTitle } from '../src/operator/titles.ts';
import { startUpload, uploadFile, uploadsDir } from '../src/operator/uploads.ts';
import { addSource } from '../src/sources/manage.ts';
import { lineupImporter } from '../src/sources/lineupImporter.ts';

/** The operator the jobs are by (the audit entry names them). */
const RESUME_ACTOR = { id: 'op-resume-test', email: 'editor@ottkit.test' };

const server = createServer({
  config: { port: 0, passwordHashLog2N: 10 },
  logger: { info: (m) => console.log(m), error: (m, err) => console.error(m, err) },
});
const { db } = server;
const { dataDir } = server.config;
console.log(`owner ${jobLease(db).owner}`);
const [what, ...args] = process.argv.slice(2);
if (what === 'source') {
  const [name = '', location = ''] = args;
  const s = await addSource(
    db,
    {
      name,
      kind: 'm3u',
      location,
      guideLocation: '',
      refreshMinutes: 1440,
      productId: FREE_PRODUCT_ID,
      xtreamUser: '',
      xtreamPassword: '',
    },
    RESUME_ACTOR,
    Date.now(),
  );
  const opts = { dataDir, now: Date.now, importer: lineupImporter };
  const job = await startSourceJob(db, s, 'source.import', RESUME_ACTOR, opts);
  console.log(`job ${job.jobId}`);
}
if (what === 'transcode') {
  const file = args[0] ?? '';
  const form = {
    vodType: 'movie' as const,
    releaseYear: 2026,
    en: { title: 'Night Ferry', plot: 'Crossing.' },
  };
  const metaId = await createTitle(db, form, RESUME_ACTOR.id, Date.now());
  const size = statSync(file).size;
  const upload = await startUpload(
    db,
    dataDir,
    { metaId, fileName: 'ferry.mp4', size, lastModified: 1 },
    RESUME_ACTOR.id,
    Date.now(),
  );
  mkdirSync(uploadsDir(dataDir), { recursive: true });
  copyFileSync(file, uploadFile(dataDir, upload.upload_id));
  const title = { metaId, name: form.en.title, assetId: null };
  const job = await startTranscodeJob(
    db,
    dataDir,
    RESUME_ACTOR,
    title,
    { uploadId: upload.upload_id },
    newAssetId(),
    Date.now,
    transcodeTitle,
  );
  console.log(`title ${metaId}`);
  console.log(`job ${job.jobId}`);
}
if (what === 'library') {
  // A library over <data>/library/Films holding the video as a film, imported as the console does.
  const folder = join(dataDir, 'library', 'Films');
  const film = join(folder, 'Ferry (2020)');
  mkdirSync(film, { recursive: true });
  copyFileSync(args[0] ?? '', join(film, 'Ferry (2020).mp4'));
  const roots = server.config.libraryRoots;
  const library = await addLibrary(
    db,
    { name: 'Films', folder, publish: true },
    roots,
    RESUME_ACTOR,
    Date.now(),
  );
  const run = { dataDir, actor: RESUME_ACTOR, transcodeTitle, now: Date.now };
  console.log(`job ${(await startLibraryImport(db, library.name, roots, run)).jobId}`);
}
console.log('ready');
// Nothing listens: the jobs and their sweeps are what this process is for.
setInterval(() => {}, 60_000);
