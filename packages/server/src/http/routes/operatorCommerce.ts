import { ErrCode } from '@ottkit/api-client';
import {
  codeBatchCreate,
  codeBatchList,
  codeRedemptions,
  codeVoid,
  planAdminList,
  planSave,
  settingsGet,
  settingsUpdate,
  subscriberHistory,
  subscriberResetPassword,
  zeroTrustSeal,
} from '@ottkit/api-client/contract';
import { sealAndStoreManifest, shareLink, zeroTrustProperties } from '../../domain/zeroTrust.ts';
import {
  batchRedemptions,
  consoleSettingsNow,
  createBatchAudited,
  savePlanAudited,
  subscriberHistory as historyOf,
  toBatch,
  updateSettingsAudited,
  voidAudited,
} from '../../operator/commerce.ts';
import { auditStatement } from '../../operator/audit.ts';
import { brandIconVersion } from '../../media/brandIconFile.ts';
import { brandLogoUrl } from '../../media/brandLogoFile.ts';
import { plansNow } from '../../store/plans.ts';
import { listBatches } from '../../store/rechargeCodes.ts';
import { settingsNow } from '../../store/settings.ts';
import type { Db } from '../../store/db.ts';
import { HttpError, route } from '../route.ts';
import { resetPasswordAudited, siteOriginOf } from '../../operator/passwordReset.ts';
import { actorFor } from './operator.ts';
import { brandPictureRoutes } from './brandPictures.ts';
import type { ServerConfig } from '../../config.ts';
import { configuredChannels } from '../../mail/delivery.ts';

async function settingsAnswer(db: Db, config: ServerConfig) {
  const [settings, stored] = await Promise.all([consoleSettingsNow(db), settingsNow(db)]);
  return {
    settings,
    sealedManifest: Object.keys(zeroTrustProperties((key) => stored.get(key))).length > 0,
    delivery: configuredChannels(config),
    logoUrl: brandLogoUrl(config.dataDir),
    iconVersion: brandIconVersion(config.dataDir),
  };
}

/** Plans and codes, settings, subscriber history and reset (issue 18 §5, §7, §8; decision 0240). */
export const operatorCommerceRoutes = [
  route(planAdminList, async (ctx) => ({ planList: await plansNow(ctx.db) })),
  route(planSave, async (ctx, req) => ({
    plan: await savePlanAudited(ctx.db, actorFor(ctx), req, ctx.now()),
  })),
  route(codeBatchList, async (ctx) => ({ batches: (await listBatches(ctx.db)).map(toBatch) })),
  route(codeBatchCreate, (ctx, req) =>
    createBatchAudited(ctx.db, ctx.config.secret, actorFor(ctx), req.planId, req.count, ctx.now()),
  ),
  route(codeVoid, (ctx, req) =>
    voidAudited(ctx.db, ctx.config.secret, actorFor(ctx), req.batchId, req.code, ctx.now()),
  ),
  route(codeRedemptions, async (ctx, req) => ({ redemptions: await batchRedemptions(ctx.db, req.batchId) })),
  route(settingsGet, (ctx) => settingsAnswer(ctx.db, ctx.config)),
  route(settingsUpdate, async (ctx, req) => {
    await updateSettingsAudited(ctx.db, actorFor(ctx), req, ctx.now());
    return settingsAnswer(ctx.db, ctx.config);
  }),
  ...brandPictureRoutes,
  route(zeroTrustSeal, async (ctx, req) => {
    let input: unknown;
    try {
      input = JSON.parse(req.manifest);
    } catch {
      throw new HttpError(ErrCode.INVALID_REQUEST, 'The manifest is not valid JSON', 400);
    }
    const now = ctx.now();
    let key: string;
    // The key is in the answer only: never in the audit, never stored.
    const audit = auditStatement(
      ctx.db,
      actorFor(ctx),
      'settings.seal',
      'zeroTrust',
      { after: { required: req.required } },
      now,
    );
    try {
      ({ key } = await sealAndStoreManifest(ctx.db, input, { required: req.required, now, also: [audit] }));
    } catch (e) {
      const why =
        e instanceof Error && 'issues' in e ? 'it lacks fields a manifest needs' : 'it is not a manifest';
      throw new HttpError(ErrCode.INVALID_REQUEST, `The manifest cannot be sealed: ${why}`, 400);
    }
    return { shareLink: shareLink(req.siteUrl, key) };
  }),
  route(subscriberHistory, (ctx, req) => historyOf(ctx.db, req.accountId, ctx.lang)),
  route(subscriberResetPassword, (ctx, req) =>
    resetPasswordAudited(
      ctx.db,
      { secret: ctx.config.secret, sender: ctx.sender, siteOrigin: siteOriginOf(ctx.req) },
      actorFor(ctx),
      req.accountId,
      ctx.now(),
    ),
  ),
];
