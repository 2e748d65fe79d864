import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Job } from '@ottkit/api-client/contract';
import { readManifest, type SourceMedia } from '../media/library.ts';
import type { ProfileName } from '../media/profiles.ts';
import { dropStaging, readTitleSource, titlesDir } from '../media/titleAssets.ts';
import type { Db } from '../store/db.ts';
import { atomically } from '../store/kysely/atomically.ts';
import { type Actor, auditStatement } from './audit.ts';
import type { Resumer } from './jobRecovery.ts';
import { JobTakenOver } from './jobLease.ts';
import { jobParams, jobParamsStatement } from './jobParams.ts';
import { type JobWork, startJob } from './jobs.ts';
import { titleAssetStatements, titleJobStatement } from './titles.ts';
import { TRANSCODE_PRIORITY, transcodeSlot } from './transcodeQueue.ts';
import { receivedBytes, uploadFile, uploadNow } from './uploads.ts';
import { upstreamAllowSetting } from '../domain/appConfig.ts';
import { openPull } from '../upstream/pullRelay.ts';

/**
 * The video a transcode reads: the title's upload, a file of a film library folder (decision 0422), or a feed's
 * or an Xtream panel's video address, read through the pull relay under the upstream rule (decision 0435).
 */
export type TranscodeSource = { uploadId: string } | { file: string } | { url: string };

/** What a transcode keeps so another process can run it again (decision 0335). */
type TranscodeParams = TranscodeSource & {
  metaId: string;
  assetId: string;
  /** The title's video before this transcode (the audit entry's "before"). */
  before: string | null;
};

/** The source's file, or why it is gone, in words. */
async function sourceFile(
  db: Db,
  dataDir: string,
  p: { uploadId: string } | { file: string },
): Promise<string> {
  if ('file' in p) {
    if (!existsSync(p.file)) throw new Error('The library file is gone: scan the library again');
    return p.file;
  }
  const upload = await uploadNow(db, p.uploadId);
  if (!upload || receivedBytes(dataDir, p.uploadId) < upload.size) {
    throw new Error('The uploaded video is gone (a new upload replaced it): transcode again');
  }
  return uploadFile(dataDir, p.uploadId);
}

/**
 * Transcodes an upload into `<titlesDir>/<assetId>` and answers its description: `media/transcode.ts`'s
 * `transcodeTitle` (ffmpeg), passed in by the route and by the app's job recovery, so that operator/ names what it
 * needs and starts no process itself (decision 0369).
 */
export type TranscodeTitle = (o: {
  file: string;
  titlesDir: string;
  assetId: string;
  profile: ProfileName;
  onProgress: (fraction: number) => void;
  inputArgs?: string[];
}) => Promise<SourceMedia>;

/** The ladder of the server's media library (the e2e and test servers prepare `tiny`). */
function ladderProfile(dataDir: string): ProfileName {
  const lib = readManifest(`${dataDir}/media`);
  return lib?.profile ?? (process.env.OTTKIT_MEDIA_PROFILE === 'tiny' ? 'tiny' : 'full');
}

/**
 * Transcodes the upload into the title's new asset and gives the title that video, audited once. Run again by
 * the process that takes the job over when its own died (decision 0335): the dead run's staging folder is
 * removed, and the transcode starts again from the uploaded file, which stays in the data folder until a new
 * upload replaces it. ffmpeg writes every rendition in one pass, so there is no finished rendition to keep
 * from a cut-off run; a run that had put the whole asset in place (one rename of a verified folder) is kept.
 */
function transcodeWork(
  db: Db,
  dataDir: string,
  actor: Actor,
  p: TranscodeParams,
  now: () => number,
  transcodeTitle: TranscodeTitle,
): JobWork {
  const dir = titlesDir(dataDir);
  return async (progress, jobId) => {
    // Its turn in the service's one transcode queue first (decision 0425).
    await transcodeSlot(db, jobId, now);
    await progress(0, 'Reading the video');
    dropStaging(dir, p.assetId);
    // A video address is read through the pull relay, which judges every fetch (decision 0435).
    const pull = 'url' in p ? await openPull(p.url, await upstreamAllowSetting(db)) : undefined;
    try {
      const file = pull
        ? pull.input
        : await sourceFile(db, dataDir, p as { uploadId: string } | { file: string });
      const source =
        readTitleSource(dir, p.assetId) ??
        (await transcodeTitle({
          file,
          titlesDir: dir,
          assetId: p.assetId,
          profile: ladderProfile(dataDir),
          // Not waited for (ffmpeg's lines keep coming): a job taken over meanwhile stops at the next report.
          onProgress: (f) => void progress(f * 100, `Transcoding: ${Math.floor(f * 100)}%`).catch(() => {}),
          ...(pull ? { inputArgs: ['-protocol_whitelist', 'http,tcp'] } : {}),
        }).catch((e: unknown) => {
          // What the relay saw says more than ffmpeg does, and names no relay address.
          const seen = pull?.refused ?? pull?.lastError;
          throw seen ? new Error(`The video could not be read: ${seen}`) : e;
        }));
      // A conditional write that renews the lease: a process that lost the job stops here, so the title gets its
      // video and the audit its entry once.
      await progress(99, 'Publishing the video');
      const qualities = source.renditions.flatMap((r) => (r.qualityCode ? [r.qualityCode] : []));
      const durationSec = Math.ceil(source.loopSec);
      const change = { before: { assetId: p.before }, after: { assetId: p.assetId } };
      await atomically(db, [
        ...titleAssetStatements(db, p.metaId, { assetId: p.assetId, durationSec, qualities }, now()),
        auditStatement(db, actor, 'title.transcode', p.metaId, change, now()),
      ]);
      return `Ready: ${source.renditions.map((r) => `${r.height}p`).join(', ')}, ${durationSec} s`;
    } catch (e) {
      // A failed transcode leaves no video behind; one taken over is the other process's to finish.
      if (!(e instanceof JobTakenOver)) rmSync(join(dir, p.assetId), { recursive: true, force: true });
      throw e;
    } finally {
      pull?.close();
    }
  };
}

/** Transcodes the title's video (its upload, or a library file) into the new asset `assetId` as a job (decision 0213). */
export function startTranscodeJob(
  db: Db,
  dataDir: string,
  actor: Actor,
  title: { metaId: string; name: string; assetId: string | null },
  from: TranscodeSource,
  assetId: string,
  now: () => number,
  transcodeTitle: TranscodeTitle,
): Promise<Job> {
  const p: TranscodeParams = { ...from, metaId: title.metaId, assetId, before: title.assetId };
  const priority = 'uploadId' in from ? TRANSCODE_PRIORITY.upload : TRANSCODE_PRIORITY.library;
  return startJob(
    db,
    {
      kind: 'title.transcode',
      target: title.name,
      createdBy: actor.id,
      priority,
      rows: (jobId) => [jobParamsStatement(db, jobId, actor, p), titleJobStatement(db, title.metaId, jobId)],
    },
    transcodeWork(db, dataDir, actor, p, now, transcodeTitle),
    now,
  );
}

/** The work of a transcode whose process died, run again here; undefined when it kept no parameters. */
export function transcodeResumer(
  db: Db,
  dataDir: string,
  now: () => number,
  transcodeTitle: TranscodeTitle,
): Resumer {
  return async (jobId) => {
    const kept = await jobParams<TranscodeParams>(db, jobId);
    return kept && transcodeWork(db, dataDir, kept.actor, kept.params, now, transcodeTitle);
  };
}
