import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrCode } from '@ottkit/api-client';
import {
  LANGS,
  lineupCategoryDelete,
  lineupCategoryMove,
  lineupCategorySave,
  lineupChannelDelete,
  lineupChannelLogo,
  lineupChannelMove,
  lineupChannelSave,
  lineupGuideDay,
  lineupGuideImport,
  lineupList,
  lineupProgrammeSave,
  REFRESH_MINUTES,
} from '@ottkit/api-client/contract';
import { FREE_PRODUCT_ID } from '../../domain/authority.ts';
import { auditStatement } from '../../operator/audit.ts';
import { guideDayOf, programmeEpg, saveProgrammeSteps } from '../../operator/guideEdit.ts';
import { forgetGuideDay } from '../../domain/guideCache.ts';
import {
  checkChannelInput,
  consoleLineupNow,
  deleteCategorySteps,
  deleteChannelSteps,
  forgetChannelGuide,
  moveCategorySteps,
  moveChannelSteps,
  saveCategorySteps,
  saveChannelSteps,
  setChannelLogoSteps,
} from '../../operator/lineup.ts';
import { query, type Statements, transactionally } from '../../store/kysely/transactionally.ts';
import { storeLogo, uploadedLogoFile } from '../../sources/logos.ts';
import { addSource, SourceError } from '../../sources/manage.ts';
import { sourceByNameNow } from '../../store/sources.ts';
import { ImageRefused } from '../../media/imageSize.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor } from './operator.ts';
import { answering, importJob } from './operatorSources.ts';

/** Where an uploaded XMLTV file is kept: one file per source name, so uploading again replaces it. */
const GUIDE_UPLOAD_DIR = 'guide-uploads';

/** The source an uploaded or linked guide is imported through (kind xmltv): made on first use, else reused. */
async function guideSource(
  ctx: RequestContext,
  name: string,
  url: string | undefined,
  file: string | undefined,
) {
  const existing = await sourceByNameNow(ctx.db, name);
  let location = url;
  if (file !== undefined) {
    const dir = join(ctx.config.dataDir, GUIDE_UPLOAD_DIR);
    mkdirSync(dir, { recursive: true });
    location = join(dir, `${createHash('sha256').update(name).digest('hex').slice(0, 24)}.xml`);
    if (existing && existing.location !== location)
      throw new SourceError('exists', `A source named '${name}' reads another address`);
    writeFileSync(location, file);
  }
  if (existing) {
    if (existing.kind !== 'xmltv' || existing.location !== location)
      throw new SourceError('exists', `A source named '${name}' reads another address`);
    return existing;
  }
  return addSource(
    ctx.db,
    {
      name,
      kind: 'xmltv',
      location: location as string,
      guideLocation: '',
      refreshMinutes: REFRESH_MINUTES.default,
      productId: FREE_PRODUCT_ID,
      xtreamUser: '',
      xtreamPassword: '',
    },
    actorFor(ctx),
    ctx.now(),
    // An uploaded file's place on the server is not the operator's to see.
    { kind: 'xmltv', location: url ?? 'uploaded file' },
  );
}

/**
 * A change and its audit entry in one transaction of the asynchronous store, neither kept without the other
 * (decisions 0212, 0439): the
 * body makes the change and answers what to audit and what to answer.
 */
function auditedEdit<T>(
  ctx: RequestContext,
  body: () => Statements<{
    action: string;
    target: string;
    change: { before?: unknown; after?: unknown };
    answer: T;
  }>,
): Promise<T> {
  return transactionally(ctx.db, function* () {
    const done = yield* body();
    yield* query(auditStatement(ctx.db, actorFor(ctx), done.action, done.target, done.change, ctx.now()));
    return done.answer;
  });
}

/** Issue 18 §2 and §3: channels, categories, logos, rights and the guide (decisions 0230, 0231). */
export const operatorLineupRoutes = [
  route(lineupList, (ctx) => consoleLineupNow(ctx.db)),
  route(lineupChannelSave, async (ctx, req) => {
    await checkChannelInput(ctx.db, req);
    return auditedEdit(ctx, function* () {
      const { before, after } = yield* saveChannelSteps(ctx.db, req, ctx.now());
      const action = before ? 'channel.update' : 'channel.add';
      return {
        action,
        target: after.logicalChannelId,
        change: { before, after },
        answer: { channel: after },
      };
    });
  }),
  route(lineupChannelLogo, async (ctx, req) => {
    const bytes = Buffer.from(req.image, 'base64');
    let iconUrl: string;
    try {
      iconUrl = await storeLogo(ctx.config.dataDir, uploadedLogoFile(bytes), bytes);
    } catch (e) {
      // Too many pixels (judged from the header, before decoding), said as such.
      if (e instanceof ImageRefused) throw new HttpError(ErrCode.INVALID_REQUEST, e.message, 400);
      // Not a PNG or JPEG, or one ffmpeg cannot read: the caller's file, said in words.
      throw new HttpError(ErrCode.INVALID_REQUEST, 'The logo must be a PNG or JPEG image', 400);
    }
    return auditedEdit(ctx, function* () {
      const { before, after } = yield* setChannelLogoSteps(ctx.db, req.logicalChannelId, iconUrl, ctx.now());
      const change = { before: before.iconUrl, after: after.iconUrl };
      return { action: 'channel.logo', target: after.logicalChannelId, change, answer: { channel: after } };
    });
  }),
  route(lineupChannelMove, async (ctx, req) => {
    await auditedEdit(ctx, function* () {
      const { before, after } = yield* moveChannelSteps(
        ctx.db,
        req.logicalChannelId,
        req.direction,
        ctx.now(),
      );
      const change = { before: { number: before }, after: { number: after } };
      return { action: 'channel.move', target: req.logicalChannelId, change, answer: undefined };
    });
    return { channels: (await consoleLineupNow(ctx.db)).channels };
  }),
  route(lineupChannelDelete, async (ctx, req) => {
    const before = await auditedEdit(ctx, function* () {
      const gone = yield* deleteChannelSteps(ctx.db, req.logicalChannelId);
      const change = { before: gone.before };
      return { action: 'channel.delete', target: req.logicalChannelId, change, answer: gone };
    });
    forgetChannelGuide(ctx.db, before.before.epgId, before.days);
    return {};
  }),
  route(lineupCategorySave, (ctx, req) =>
    auditedEdit(ctx, function* () {
      const { before, after } = yield* saveCategorySteps(ctx.db, req.columnId, req.name, ctx.now());
      const action = before ? 'category.rename' : 'category.add';
      return { action, target: after.columnId, change: { before, after }, answer: { category: after } };
    }),
  ),
  route(lineupCategoryMove, (ctx, req) =>
    auditedEdit(ctx, function* () {
      const { before, after } = yield* moveCategorySteps(ctx.db, req.columnId, req.direction, ctx.now());
      const order = (l: typeof before) => l.map((c) => c.columnId);
      const change = { before: order(before), after: order(after) };
      return { action: 'category.move', target: req.columnId, change, answer: { categories: after } };
    }),
  ),
  route(lineupCategoryDelete, (ctx, req) =>
    auditedEdit(ctx, function* () {
      const before = yield* deleteCategorySteps(ctx.db, req.columnId, ctx.now());
      return { action: 'category.delete', target: req.columnId, change: { before }, answer: {} };
    }),
  ),
  route(lineupGuideDay, async (ctx, req) =>
    guideDayOf(ctx.db, req.logicalChannelId, req.day, req.lang, ctx.now()),
  ),
  route(lineupProgrammeSave, async (ctx, req) => {
    const epgId = await programmeEpg(ctx.db, req, ctx.now());
    const saved = await auditedEdit(ctx, function* () {
      const { before, after, checksum } = yield* saveProgrammeSteps(ctx.db, epgId, req, ctx.now());
      const target = `${req.logicalChannelId} ${req.day} ${req.programId}`;
      return {
        action: 'guide.programme',
        target,
        change: { before, after },
        answer: { checksum, programme: after },
      };
    });
    // Not needed for correctness (a kept day is checked against the stored one on use): frees the memory at once.
    forgetGuideDay(ctx.db, epgId, req.day, LANGS);
    return saved;
  }),
  route(lineupGuideImport, (ctx, req) =>
    answering(async () => ({
      job: await importJob(ctx, await guideSource(ctx, req.name, req.url, req.file), 'source.import'),
    })),
  ),
];
