import { ErrCode } from '@ottkit/api-client';
import {
  type ConsoleTitle,
  MAX_UPLOAD_CHUNK_BYTES,
  OperatorErrCode,
  ok,
  titleCreate,
  titleGet,
  titleList,
  titlePublish,
  titleTranscode,
  titleUpdate,
  titleUploadChunk,
  titleUploadStart,
  type Job,
} from '@ottkit/api-client/contract';
import type { ServerConfig } from '../../config.ts';
import { newAssetId } from '../../media/titleAssets.ts';
import { transcodeTitle } from '../../media/transcode.ts';
import { type Actor, auditStatement } from '../../operator/audit.ts';
import { operatorGate } from '../operatorSession.ts';
import { startTranscodeJob } from '../../operator/titleTranscodeJob.ts';
import {
  createTitleSteps,
  existingTitle,
  existingTitleSteps,
  listTitles,
  publishTitleSteps,
  updateTitleSteps,
} from '../../operator/titles.ts';
import {
  appendChunk,
  dropUploads,
  latestUploadNow,
  publicUpload,
  receivedBytes,
  startUploadSteps,
  uploadNow,
  TooManyBytes,
} from '../../operator/uploads.ts';
import { actorOf } from '../../operator/signIn.ts';
import { publishSeriesSteps, seriesOfSteps } from '../../operator/titleSeries.ts';
import type { Db } from '../../store/db.ts';
import { type RawRoute, rawRoute } from '../api.ts';
import { queryObject } from '../body.ts';
import { sendEnvelope } from '../respond.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor, operatorOf } from './operator.ts';
import { setConsoleTitleRatingSteps } from '../../operator/titleRating.ts';
import { query, transactionally } from '../../store/kysely/transactionally.ts';

interface Deps {
  db: Db;
  config: ServerConfig;
  now: () => number;
}

const titleOf = (d: Deps, metaId: string): Promise<ConsoleTitle> =>
  existingTitle(d.db, d.config.dataDir, metaId);

/**
 * Transcodes the title's uploaded file as a job (decision 0213); another process runs it again if this one dies
 * (decision 0335).
 */
async function transcodeJob(d: Deps, actor: Actor, metaId: string): Promise<Job> {
  const t = await titleOf(d, metaId);
  const upload = await latestUploadNow(d.db, metaId);
  if (!upload || receivedBytes(d.config.dataDir, upload.upload_id) < upload.size) {
    throw new HttpError(OperatorErrCode.NOT_READY, 'Upload the whole video first', 409);
  }
  if (t.job && (t.job.status === 'queued' || t.job.status === 'running')) return t.job;
  const title = { metaId, name: t.texts.en?.title ?? metaId, assetId: t.assetId ?? null };
  // The route wires the ffmpeg transcode into the operator's job (decision 0369).
  return startTranscodeJob(
    d.db,
    d.config.dataDir,
    actor,
    title,
    { uploadId: upload.upload_id },
    newAssetId(),
    d.now,
    transcodeTitle,
  );
}

const deps = (ctx: RequestContext): Deps => ({ db: ctx.db, config: ctx.config, now: ctx.now });

/** Issue 18 §4: titles, uploads, transcodes and publishing (editor writes, support reads). */
export const operatorTitleRoutes = [
  route(titleList, async (ctx, req) => ({
    titles: await listTitles(ctx.db, ctx.config.dataDir, req.q || undefined),
  })),
  route(titleGet, async (ctx, req) => ({
    title: await existingTitle(ctx.db, ctx.config.dataDir, req.metaId),
  })),
  route(titleCreate, async (ctx, req) => {
    const { metaType, ...form } = req;
    const { db, config } = ctx;
    const title = await transactionally(db, function* () {
      const metaId = yield* createTitleSteps(
        db,
        form,
        operatorOf(ctx).operator.operator_id,
        ctx.now(),
        metaType,
      );
      yield* setConsoleTitleRatingSteps(db, metaId, req.ageRating);
      const after = yield* existingTitleSteps(db, config.dataDir, metaId);
      yield* query(auditStatement(db, actorFor(ctx), 'title.create', metaId, { after }, ctx.now()));
      return after;
    });
    return { title };
  }),
  route(titleUpdate, async (ctx, req) => {
    const { metaId, ...form } = req;
    const { db, config } = ctx;
    const title = await transactionally(db, function* () {
      const before = yield* existingTitleSteps(db, config.dataDir, metaId);
      yield* updateTitleSteps(db, metaId, form, ctx.now());
      yield* setConsoleTitleRatingSteps(db, metaId, form.ageRating);
      const after = yield* existingTitleSteps(db, config.dataDir, metaId);
      yield* query(auditStatement(db, actorFor(ctx), 'title.update', metaId, { before, after }, ctx.now()));
      return after;
    });
    return { title };
  }),
  route(titleUploadStart, async (ctx, req) => {
    const t = await titleOf(deps(ctx), req.metaId);
    if (t.metaType === 'SERIES' || t.metaType === 'SEASON') {
      throw new HttpError(
        ErrCode.INVALID_REQUEST,
        'A series or a season has no video of its own: upload each episode’s',
        400,
      );
    }
    const { db, config } = ctx;
    const { upload, dropped } = await transactionally(db, function* () {
      const started = yield* startUploadSteps(db, req, operatorOf(ctx).operator.operator_id, ctx.now());
      const u = started.upload;
      const upload = publicUpload(config.dataDir, u);
      if (upload.received === 0) {
        const after = { uploadId: u.upload_id, fileName: u.file_name, size: u.size };
        yield* query(auditStatement(db, actorFor(ctx), 'title.upload', req.metaId, { after }, ctx.now()));
      }
      return { upload, dropped: started.dropped };
    });
    dropUploads(config.dataDir, dropped);
    return { upload };
  }),
  route(titleTranscode, async (ctx, req) => ({
    job: await transcodeJob(deps(ctx), actorFor(ctx), req.metaId),
  })),
  route(titlePublish, async (ctx, req) => {
    const { db, config } = ctx;
    const title = await transactionally(db, function* () {
      const before = yield* existingTitleSteps(db, config.dataDir, req.metaId);
      const series = yield* seriesOfSteps(db, req.metaId);
      if (series) {
        // A season or an episode publishes its whole series (decision 0280).
        if ((yield* publishSeriesSteps(db, series.meta_id, ctx.now())) === 0) {
          throw new HttpError(
            OperatorErrCode.NOT_READY,
            'Publish needs at least one episode with a transcoded video: upload one first',
            409,
          );
        }
      } else if (!(yield* publishTitleSteps(db, req.metaId, ctx.now()))) {
        throw new HttpError(
          OperatorErrCode.NOT_READY,
          'Publish needs a transcoded video: upload one first',
          409,
        );
      }
      const after = yield* existingTitleSteps(db, config.dataDir, req.metaId);
      const change = {
        before: { status: before.status },
        after: { status: after.status, assetId: after.assetId },
      };
      yield* query(auditStatement(db, actorFor(ctx), 'title.publish', req.metaId, change, ctx.now()));
      return after;
    });
    return { title };
  }),
];

/**
 * The chunk call is raw (its body is the file's bytes, streamed to disk), so it runs the operator gate itself
 * before reading anything, like every operator call. One chunk per upload at a time.
 */
export function titleUploadRawRoutes(d: Deps): RawRoute[] {
  const receiving = new Set<string>();
  return [
    rawRoute(titleUploadChunk, async (req, res, url) => {
      const op = await operatorGate(d.db, d.config, req, titleUploadChunk, d.now());
      const q = titleUploadChunk.request.safeParse(queryObject(url));
      if (!q.success) throw new HttpError(ErrCode.INVALID_REQUEST, 'Name the upload and the offset', 400);
      const u = await uploadNow(d.db, q.data.uploadId);
      if (!u) throw new HttpError(OperatorErrCode.NOT_FOUND, 'No such upload; start it again', 404);
      const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim();
      if (type !== 'application/octet-stream') {
        throw new HttpError(
          ErrCode.UNSUPPORTED_MEDIA_TYPE,
          'Send the bytes as application/octet-stream',
          415,
        );
      }
      if (receiving.has(u.upload_id)) {
        throw new HttpError(OperatorErrCode.UPLOAD_BUSY, 'Another chunk of this upload is arriving', 409);
      }
      const have = receivedBytes(d.config.dataDir, u.upload_id);
      if (q.data.offset !== have) {
        throw new HttpError(
          OperatorErrCode.UPLOAD_OFFSET,
          `The server holds ${have} bytes: continue from there`,
          409,
        );
      }
      const limit = Math.min(MAX_UPLOAD_CHUNK_BYTES, u.size - have);
      if (Number(req.headers['content-length'] ?? 0) > limit) {
        throw new HttpError(ErrCode.BODY_TOO_LARGE, `A chunk may bring at most ${limit} bytes here`, 413);
      }
      receiving.add(u.upload_id);
      try {
        await appendChunk(req, d.config.dataDir, u.upload_id, limit);
      } catch (e) {
        if (e instanceof TooManyBytes) {
          throw new HttpError(ErrCode.BODY_TOO_LARGE, `A chunk may bring at most ${limit} bytes here`, 413);
        }
        // The client went away mid-chunk: what arrived is kept, and nobody is left to answer.
        if (req.destroyed || res.destroyed) return;
        throw e;
      } finally {
        receiving.delete(u.upload_id);
      }
      const upload = publicUpload(d.config.dataDir, u);
      const job =
        upload.status === 'uploaded' ? await transcodeJob(d, actorOf(op.operator), u.meta_id) : undefined;
      sendEnvelope(res, 200, ok({ upload, ...(job ? { job } : {}) }));
    }),
  ];
}
