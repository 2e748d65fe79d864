// The service's one transcode queue (issue 42, decision 0425): at most `transcode.parallel` transcodes at once,
// an editor's upload before a library's files, the rest waiting in words. On both store engines.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSetting } from '../src/domain/appConfig.ts';
import type { SourceMedia } from '../src/media/library.ts';
import { newAssetId } from '../src/media/titleAssets.ts';
import { getJob } from '../src/operator/jobs.ts';
import { startTranscodeJob, type TranscodeTitle } from '../src/operator/titleTranscodeJob.ts';
import { createTitle } from '../src/operator/titles.ts';
import { startUpload, uploadFile, uploadsDir } from '../src/operator/uploads.ts';
import { startServer, type TestServer } from './helpers.ts';
import { until } from './liveSource.ts';

const ACTOR = { id: 'op-queue-test', email: 'editor@ottkit.test' };
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

/** A transcode that waits until let go, noting when each began and how many ran at once (a unit-test double). */
function heldTranscodes() {
  const began: string[] = [];
  const waiting = new Map<string, () => void>();
  let running = 0;
  let most = 0;
  const transcode: TranscodeTitle = async ({ file }) => {
    began.push(file);
    most = Math.max(most, ++running);
    await new Promise<void>((go) => waiting.set(file, go));
    running--;
    return { renditions: [{ height: 144, qualityCode: 'SD' }], loopSec: 1 } as unknown as SourceMedia;
  };
  const letGo = (file: string) => {
    waiting.get(file)?.();
    waiting.delete(file);
  };
  return { began, transcode, letGo, most: () => most, held: () => [...waiting.keys()] };
}

async function newTitle(name: string) {
  const form = { vodType: 'movie' as const, releaseYear: 2026, en: { title: name, plot: 'Queued.' } };
  return { metaId: await createTitle(t.server.db, form, ACTOR.id, Date.now()), name, assetId: null };
}

/** A library file's transcode (the import's priority). */
async function fromLibrary(name: string, h: ReturnType<typeof heldTranscodes>) {
  const dir = join(t.dataDir, 'library', 'Films');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.mp4`);
  writeFileSync(file, name);
  const job = await startTranscodeJob(
    t.server.db,
    t.dataDir,
    ACTOR,
    await newTitle(name),
    { file },
    newAssetId(),
    Date.now,
    h.transcode,
  );
  return { file, jobId: job.jobId };
}

/** An editor's upload's transcode. */
async function fromUpload(name: string, h: ReturnType<typeof heldTranscodes>) {
  const db = t.server.db;
  const title = await newTitle(name);
  const upload = await startUpload(
    db,
    t.dataDir,
    { metaId: title.metaId, fileName: `${name}.mp4`, size: name.length, lastModified: 1 },
    ACTOR.id,
    Date.now(),
  );
  mkdirSync(uploadsDir(t.dataDir), { recursive: true });
  const file = uploadFile(t.dataDir, upload.upload_id);
  writeFileSync(file, name);
  const job = await startTranscodeJob(
    db,
    t.dataDir,
    ACTOR,
    title,
    { uploadId: upload.upload_id },
    newAssetId(),
    Date.now,
    h.transcode,
  );
  return { file, jobId: job.jobId };
}

const status = (jobId: string) => getJob(t.server.db, jobId)?.status;

describe('the transcode queue', () => {
  it('runs the set number at once, an upload before the library files queued earlier, and says why one waits', async () => {
    const db = t.server.db;
    changeSetting(db, 'transcode.parallel', '1');
    const h = heldTranscodes();
    const a = await fromLibrary('Alpha', h);
    await until('h.began.length === 1', () => h.began.length === 1 || undefined, 10_000);
    const b = await fromLibrary('Bravo', h);
    // Queued later, but an editor's upload.
    await new Promise((r) => setTimeout(r, 20));
    const c = await fromUpload('Charlie', h);
    // Each waiting job says why, and says it again as the queue changes (the upload came after Bravo first looked).
    const says = (jobId: string, words: string) =>
      until(words, () => getJob(db, jobId)?.message === words || undefined, 10_000);
    await says(b.jobId, 'Waiting in the transcode queue: 1 transcode is before it');
    await says(c.jobId, 'Waiting for a transcode to end (1 running)');
    expect(status(b.jobId)).toBe('queued');
    expect(status(c.jobId)).toBe('queued');
    expect(h.began).toEqual([a.file]);

    h.letGo(a.file);
    await until('h.began.length === 2', () => h.began.length === 2 || undefined, 10_000);
    expect(h.began[1]).toBe(c.file);
    expect(status(b.jobId)).toBe('queued');
    h.letGo(c.file);
    await until('h.began.length === 3', () => h.began.length === 3 || undefined, 10_000);
    expect(h.began[2]).toBe(b.file);
    h.letGo(b.file);
    for (const j of [a, b, c])
      await until(
        'status(j.jobId) === succeeded',
        () => status(j.jobId) === 'succeeded' || undefined,
        10_000,
      );
    expect(h.most()).toBe(1);
  }, 60_000);

  it('runs more at once when the operator allows it', async () => {
    changeSetting(t.server.db, 'transcode.parallel', '2');
    const h = heldTranscodes();
    const jobs = [];
    for (const n of ['Delta', 'Echo', 'Foxtrot']) jobs.push(await fromLibrary(n, h));
    await until('h.began.length === 2', () => h.began.length === 2 || undefined, 10_000);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(h.began).toHaveLength(2);
    for (const f of h.held()) h.letGo(f);
    await until('h.began.length === 3', () => h.began.length === 3 || undefined, 10_000);
    for (const f of h.held()) h.letGo(f);
    for (const j of jobs)
      await until(
        'status(j.jobId) === succeeded',
        () => status(j.jobId) === 'succeeded' || undefined,
        10_000,
      );
    expect(h.most()).toBe(2);
  }, 60_000);

  it('refuses a number out of bounds in words', () => {
    expect(() => changeSetting(t.server.db, 'transcode.parallel', '0')).toThrow(/transcode\.parallel/);
    expect(() => changeSetting(t.server.db, 'transcode.parallel', '9')).toThrow(/transcode\.parallel/);
  });
});
