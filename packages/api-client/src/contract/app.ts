import { z } from 'zod';
import { brandSchema, DEFAULT_BRAND } from './brand.ts';
import { LANGS } from './langs.ts';
import { defineCall } from './call.ts';
import { userInfoSchema } from './account.ts';
import { accountScoped } from './live.ts';
import { RECHARGE_CODE_LENGTH } from './rechargeCode.ts';

export const businessTypeSchema = z.enum(['liveAndVod', 'live', 'vod', 'live2vod']);
export const planLangSchema = z.enum(LANGS);
/** Currencies the plans are priced in (ISO 4217): those spec §9 has symbols for. */
export const currencySchema = z.enum(['USD', 'BRL', 'ARS', 'CLP', 'COP', 'MXN', 'PEN', 'UYU', 'ZAR', 'PHP']);

/**
 * Layout config (spec §3); names as the spec writes them. play_history_report_interval is in seconds (default
 * 60 s), msg_chk_int in milliseconds (default 600000 ms), as spec §9 gives them.
 */
export const layoutConfigSchema = z.object({
  play_history_report_interval: z.number().int().positive(),
  hide_unsubscribe_channel: z.boolean(),
  msg_chk_int: z.number().int().positive(),
  popular_search_switch: z.boolean(),
  more_like_this_switch: z.boolean(),
  home_live_layout_switch: z.boolean(),
  /** '' for the built-in password page, else the URL of the operator's own page. */
  custom_modify_passwd_option: z.string(),
  /** The channel column shown on the home page's live row. */
  home_live_category: z.string(),
});
export type LayoutConfig = z.output<typeof layoutConfigSchema>;

/** Purchase page setting (spec §3, §5). */
export const purchasePageSettingSchema = z.object({
  url: z.string(),
  supportRechargeCode: z.boolean(),
  supportPurchaseInfo: z.boolean(),
  rechargeGuide: z.string(),
  howToRecharge: z.string(),
  qrCodeType: z.enum(['eachPlan', 'single']),
});
export type PurchasePageSetting = z.output<typeof purchasePageSettingSchema>;

/** The service's name until the operator names it (`brand.name`; issue 40). */
export const DEFAULT_SERVICE_NAME = 'ottkit';
export const serviceNameSchema = z.string().trim().min(1, 'Enter the service name').max(60);

export const appPropertySchema = z.object({
  appId: z.string(),
  businessType: businessTypeSchema,
  visitorMode: z.boolean(),
  /** The member site (purchases); '' when there is none. */
  memberSiteUrl: z.string(),
  layoutConfig: layoutConfigSchema,
  purchasePageSetting: purchasePageSettingSchema,
  supportedLanguages: z.array(planLangSchema),
  /** The operator's service name, on every page and in every message (issue 40); defaulted so older servers parse. */
  serviceName: z.string().default(DEFAULT_SERVICE_NAME),
  /** The accent colour, footer links and default language (issue 40); defaulted so older servers parse. */
  brand: brandSchema.default(DEFAULT_BRAND),
});
export type AppProperty = z.output<typeof appPropertySchema>;

/** Plan (spec §3). Prices are decimal numbers in `currency`; discountPrice 0 means no discount. */
export const planSchema = z.object({
  planId: z.string(),
  url: z.string(),
  price: z.number().nonnegative(),
  currency: currencySchema,
  discountPrice: z.number().nonnegative(),
  discountCurrency: currencySchema,
  planLang: z.array(z.object({ lang: planLangSchema, planName: z.string(), description: z.string() })),
  /** The subscription product a purchase or recharge of this plan grants, and for how long. */
  productId: z.string(),
  durationDays: z.number().int().positive(),
});
export type Plan = z.output<typeof planSchema>;

export const appPropertyQuery = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/app/property/query/v3',
  access: 'public',
  summary: 'The app configuration: business type, visitor mode, layout config, purchase page setting.',
  request: z.object({ ...accountScoped }).strict(),
  response: appPropertySchema,
});

export const manifestProperty = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/manifest/property',
  access: 'public',
  summary:
    'The app manifest properties (the zero-trust manifest field list is not in the spec; ours is documented).',
  request: z.object({ ...accountScoped }).strict(),
  response: z.object({
    appId: z.string(),
    manifestVersion: z.number().int(),
    properties: z.record(z.string(), z.string()),
  }),
});

export const planList = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/v5/account/plan/list',
  access: 'public',
  summary: 'The plans on sale, each with its names in en/es/pt.',
  request: z.object({ ...accountScoped, loginId: z.string().max(254).optional() }).strict(),
  response: z.object({ planList: z.array(planSchema) }),
});

/** A recharge code as typed and sent: `RECHARGE_CODE_LENGTH` digits, nothing else. */
export const rechargeCodeSchema = z
  .string()
  .regex(
    new RegExp(`^\\d{${RECHARGE_CODE_LENGTH}}$`),
    `The recharge code must be exactly ${RECHARGE_CODE_LENGTH} digits`,
  );

export const recharge = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/recharge/v2',
  access: 'user',
  summary: `Redeems a ${RECHARGE_CODE_LENGTH}-digit recharge code: extends the plan's product and answers the updated user info.`,
  request: z
    .object({
      ...accountScoped,
      rechargeCodePassword: rechargeCodeSchema,
      virtualCode: z.string().min(1).max(64),
    })
    .strict(),
  response: z.object({
    userInfo: userInfoSchema,
    planId: z.string(),
    productId: z.string(),
    expiredTs: z.number().int(),
  }),
});

export const urvQuery = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/v3model/urv/query/v1',
  access: 'session',
  summary: "The caller's user rights view (URV): what the active subscriptions allow.",
  request: z.object({ ...accountScoped }).strict(),
  response: z.object({
    accountId: z.string(),
    rights: z.object({ live: z.boolean(), catchup: z.boolean(), vod: z.boolean() }),
    products: z.array(z.object({ productId: z.string(), expiredTs: z.number().int(), active: z.boolean() })),
  }),
});

const policyId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'policyId is lower-case letters, digits and dashes');
const contractVersion = z.string().regex(/^\d{1,4}(\.\d{1,4}){0,2}$/, 'contractVersion looks like 1 or 1.2');

export const contractQuery = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/contract/query/v1',
  access: 'public',
  summary: 'The current terms (contracts) and, with a session, whether the caller signed each.',
  request: z.object({ ...accountScoped, policyIdList: z.array(policyId).max(20).optional() }).strict(),
  response: z.object({
    contractList: z.array(
      z.object({
        policyId: z.string(),
        contractVersion: z.string(),
        title: z.string(),
        mustSign: z.boolean(),
        signed: z.boolean(),
      }),
    ),
  }),
});

export const contractDetail = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/contract/detail/v1',
  access: 'public',
  summary: 'The text of one contract, latest version unless contractVersion is given.',
  request: z.object({ ...accountScoped, policyId, contractVersion: contractVersion.optional() }).strict(),
  response: z.object({
    policyId: z.string(),
    contractVersion: z.string(),
    title: z.string(),
    content: z.string(),
  }),
});

export const contractSign = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/contract/sign/v1',
  access: 'session',
  summary: 'Records that the caller accepted this version of a contract.',
  request: z
    .object({ ...accountScoped, policyId, contractVersion, virtualCode: z.string().min(1).max(64) })
    .strict(),
  response: z.object({ policyId: z.string(), contractVersion: z.string(), signedAt: z.number().int() }),
});

export const appCalls = {
  appPropertyQuery,
  manifestProperty,
  planList,
  recharge,
  urvQuery,
  contractQuery,
  contractDetail,
  contractSign,
};
