import { ErrCode } from '@ottkit/api-client';
import {
  appPropertyQuery,
  contractDetail,
  contractQuery,
  contractSign,
  contract,
  DRM_LICENSE_PATH,
  manifestProperty,
  openApiDocument,
  pathBase,
  planList,
  recharge,
  urvQuery,
} from '@ottkit/api-client/contract';
import { appProperty, settingsValuesNow } from '../../domain/appConfig.ts';
import { redeem } from '../../domain/recharge.ts';
import { zeroTrustProperties } from '../../domain/zeroTrust.ts';
import { userRights } from '../../domain/rights.ts';
import { buildUserInfo } from '../../domain/userInfo.ts';
import { accountNow } from '../../store/accounts.ts';
import { getContract, latestContracts, sign, signedVersions } from '../../store/contracts.ts';
import { plansNow } from '../../store/plans.ts';
import { settingsNow } from '../../store/settings.ts';
import { HttpError, route } from '../route.ts';
import { sessionOf } from './account.ts';

/** Bumped when the manifest's property list changes shape. */
const MANIFEST_VERSION = 1;

export const appRoutes = [
  route(appPropertyQuery, (ctx) => appProperty(ctx.db, ctx.config, ctx.lang)),

  route(manifestProperty, async (ctx) => {
    const [s, stored] = await Promise.all([settingsValuesNow(ctx.db), settingsNow(ctx.db)]);
    return {
      appId: s.appId,
      manifestVersion: MANIFEST_VERSION,
      properties: {
        businessType: s.businessType,
        // The bases of the contract's areas (its paths' first segments), never typed twice.
        liveApiBase: pathBase(contract.live.channelList),
        vodApiBase: pathBase(contract.vod.detail),
        accountApiBase: pathBase(contract.account.login),
        drmLicenseBase: pathBase({ path: DRM_LICENSE_PATH }),
        metricsBase: pathBase(contract.metrics.metricsBatchPost),
        openApi: openApiDocument.path,
        ...zeroTrustProperties((key) => stored.get(key)),
      },
    };
  }),

  route(planList, async (ctx) => ({ planList: await plansNow(ctx.db) })),

  route(recharge, async (ctx, req) => {
    const s = sessionOf(ctx);
    const now = ctx.now();
    const result = await redeem(
      ctx.db,
      ctx.config.secret,
      s.accountId,
      req.virtualCode,
      req.rechargeCodePassword,
      now,
    );
    return {
      ...result,
      userInfo: await buildUserInfo(ctx.db, s.accountId, s.sessionId, ctx.ip, now, ctx.lang),
    };
  }),

  route(urvQuery, (ctx) => userRights(ctx.db, sessionOf(ctx).accountId, ctx.now())),

  route(contractQuery, async (ctx, req) => {
    const [signed, latest] = await Promise.all([
      ctx.session ? signedVersions(ctx.db, ctx.session.accountId) : new Set<string>(),
      latestContracts(ctx.db),
    ]);
    const wanted = req.policyIdList ? new Set(req.policyIdList) : null;
    return {
      contractList: latest
        .filter((c) => !wanted || wanted.has(c.policy_id))
        .map((c) => ({
          policyId: c.policy_id,
          contractVersion: c.contract_version,
          title: c.title,
          mustSign: c.must_sign === 1,
          signed: signed.has(`${c.policy_id}@${c.contract_version}`),
        })),
    };
  }),

  route(contractDetail, async (ctx, req) => {
    const c = await getContract(ctx.db, req.policyId, req.contractVersion);
    if (!c)
      throw new HttpError(
        ErrCode.CONTRACT_NOT_FOUND,
        `No contract ${req.policyId} ${req.contractVersion ?? ''}`.trim(),
      );
    return { policyId: c.policy_id, contractVersion: c.contract_version, title: c.title, content: c.content };
  }),

  route(contractSign, async (ctx, req) => {
    const s = sessionOf(ctx);
    const [c, owner] = await Promise.all([
      getContract(ctx.db, req.policyId, req.contractVersion),
      accountNow(ctx.db, s.accountId),
    ]);
    if (!c)
      throw new HttpError(ErrCode.CONTRACT_NOT_FOUND, `No contract ${req.policyId} ${req.contractVersion}`);
    if (owner?.virtual_code !== req.virtualCode) {
      throw new HttpError(ErrCode.VIRTUAL_CODE_MISMATCH, 'The virtual code does not belong to this account');
    }
    const signedAt = await sign(ctx.db, s.accountId, c.policy_id, c.contract_version, ctx.now());
    return { policyId: c.policy_id, contractVersion: c.contract_version, signedAt };
  }),
];
