import { z } from 'zod';
import {
  businessTypeSchema,
  currencySchema,
  planLangSchema,
  planSchema,
  rechargeCodeSchema,
  serviceNameSchema,
} from './app.ts';
import { accentColorSchema, footerLinkSchema } from './brand.ts';
import { RECHARGE_CODE_LENGTH } from './rechargeCode.ts';
import { defineCall } from './call.ts';
import { base64Picture } from './picture.ts';
import { deliveryChannelsSchema } from './account.ts';
import {
  NAME_MAX_CHARS,
  PLAN_DAYS_MAX,
  PLAN_DESCRIPTION_MAX_CHARS,
  PLAN_ID_MAX_CHARS,
  PLAN_PRICE_MAX,
} from './limits.ts';
import { auditEntrySchema, OPERATOR_API_PREFIX } from './operator.ts';
import { TRANSCODE_PARALLEL } from './operatorLibraries.ts';

/**
 * Issue 18 §5 plans and recharge codes, §7 subscriber history and password reset, §8 settings (decision 0240).
 * Roles: support runs codes and subscribers, editor and support read plans, admin changes plans and settings.
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}${rest}`;
const support = ['support'] as const;
const readers = ['editor', 'support'] as const;
const admin = [] as const;

const planIdSchema = z
  .string()
  .trim()
  .max(PLAN_ID_MAX_CHARS, `Lowercase letters, digits and dashes (at most ${PLAN_ID_MAX_CHARS})`)
  .regex(/^[a-z0-9][a-z0-9-]*$/, `Lowercase letters, digits and dashes (at most ${PLAN_ID_MAX_CHARS})`);
const money = z
  .number({ error: 'Enter a price' })
  .nonnegative('At least 0')
  .max(PLAN_PRICE_MAX, `At most ${PLAN_PRICE_MAX}`);

/** A plan as the console edits it: the spec's plan fields (§3) and the product it grants. */
export const planEditSchema = z
  .object({
    planId: planIdSchema,
    /** The plan's purchase page: a path on the site (`/my/plan?planId=…`) or a full address, or none. */
    url: z
      .string()
      .trim()
      .max(2000, 'At most 2000 characters')
      .regex(/^(|\/[^\s]*|https?:\/\/\S+)$/, 'Enter a path starting with / or a full address (https://…)'),
    price: money,
    currency: currencySchema,
    discountPrice: money,
    discountCurrency: currencySchema,
    productId: planIdSchema,
    durationDays: z
      .number()
      .int('Whole days')
      .min(1, 'At least 1 day')
      .max(PLAN_DAYS_MAX, `At most ${PLAN_DAYS_MAX} days`),
    planLang: z
      .array(
        z.object({
          lang: planLangSchema,
          planName: z
            .string()
            .trim()
            .min(1, 'Give the plan a name')
            .max(NAME_MAX_CHARS, `At most ${NAME_MAX_CHARS} characters`),
          description: z
            .string()
            .trim()
            .max(PLAN_DESCRIPTION_MAX_CHARS, `At most ${PLAN_DESCRIPTION_MAX_CHARS} characters`),
        }),
      )
      .min(1, 'Give the plan a name'),
  })
  .strict();

export const planAdminList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('plans/list'),
  access: 'operator',
  roles: readers,
  summary: 'Every plan on sale with its prices, product and duration.',
  request: z.object({}).strict(),
  response: z.object({ planList: z.array(planSchema) }),
});

export const planSave = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('plans/save'),
  access: 'operator',
  roles: admin,
  summary: 'Creates a plan or changes one (prices, names, product, duration); audited with before and after.',
  request: planEditSchema,
  response: z.object({ plan: planSchema }),
});

/** A batch is at most this many codes; larger runs are several batches. */
export const CODE_BATCH_MAX = 10_000;

export const codeBatchSchema = z.object({
  batchId: z.string(),
  planId: z.string(),
  createdAt: z.number().int(),
  total: z.number().int(),
  redeemed: z.number().int(),
  voided: z.number().int(),
});
export type CodeBatch = z.output<typeof codeBatchSchema>;

export const codeBatchList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('codes/batches'),
  access: 'operator',
  roles: support,
  summary: 'Recharge code batches, newest first, with how many codes were redeemed and voided.',
  request: z.object({}).strict(),
  response: z.object({ batches: z.array(codeBatchSchema) }),
});

export const codeBatchCreate = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('codes/create'),
  access: 'operator',
  roles: support,
  summary:
    `Creates a batch of single-use ${RECHARGE_CODE_LENGTH}-digit codes bound to a plan. The codes are answered ` +
    'once (export them now): the server keeps only keyed hashes.',
  request: z
    .object({
      planId: z.string().min(1, 'Pick a plan').max(64),
      count: z
        .number({ error: 'Enter how many codes' })
        .int('A whole number')
        .min(1, 'At least 1 code')
        .max(CODE_BATCH_MAX, `At most ${CODE_BATCH_MAX} codes`),
    })
    .strict(),
  response: z.object({ batch: codeBatchSchema, codes: z.array(z.string()) }),
});

export const codeVoid = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('codes/void'),
  access: 'operator',
  roles: support,
  summary:
    'Voids a whole batch, or one code of it: a voided code is refused on the site like an unknown one; ' +
    'codes already redeemed stay redeemed.',
  request: z.object({ batchId: z.string().min(1).max(64), code: rechargeCodeSchema.optional() }).strict(),
  response: z.object({ batch: codeBatchSchema, voided: z.number().int() }),
});

export const codeRedemptions = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('codes/redemptions'),
  access: 'operator',
  roles: support,
  summary: 'Who redeemed codes of a batch and when, newest first (the codes themselves are never kept).',
  request: z.object({ batchId: z.string().min(1).max(64) }).strict(),
  response: z.object({
    redemptions: z.array(
      z.object({
        accountId: z.string(),
        /** The subscriber's email, phone or virtual code, as support searches by them. */
        who: z.string(),
        redeemedAt: z.number().int(),
      }),
    ),
  }),
});

/** The settings the console changes (spec §3 app property); the CLI's `config set` can change every key. */
export const consoleSettingsSchema = z
  .object({
    businessType: businessTypeSchema,
    visitorMode: z.boolean(),
    memberSiteUrl: z.union([z.literal(''), z.url('Enter a full address (https://…)')]),
    'layout.hide_unsubscribe_channel': z.boolean(),
    'layout.popular_search_switch': z.boolean(),
    'layout.more_like_this_switch': z.boolean(),
    'layout.home_live_layout_switch': z.boolean(),
    /** The service's name on every page and in every message (issue 40). */
    'brand.name': serviceNameSchema,
    /** The accent colour ('' the kit's own), held to WCAG AA (decision 0401). */
    'brand.accentColor': accentColorSchema,
    'brand.termsUrl': footerLinkSchema,
    'brand.privacyUrl': footerLinkSchema,
    'brand.helpUrl': footerLinkSchema,
    /** The language of a viewer who chose none and whose browser names none of ours. */
    'brand.defaultLanguage': planLangSchema,
    /** The name and address mail is sent from (issue 40); empty: the service name, and no-reply@localhost. */
    'mail.fromName': z.string().trim().max(100),
    'mail.fromAddress': z.union([z.literal(''), z.email('Enter a valid email address')]),
    /** How many transcodes (uploads and library files) run at once across the service (decision 0425). */
    'transcode.parallel': z
      .number()
      .int()
      .min(TRANSCODE_PARALLEL.min, `From ${TRANSCODE_PARALLEL.min} to ${TRANSCODE_PARALLEL.max}`)
      .max(TRANSCODE_PARALLEL.max, `From ${TRANSCODE_PARALLEL.min} to ${TRANSCODE_PARALLEL.max}`),
  })
  .strict();
export type ConsoleSettings = z.output<typeof consoleSettingsSchema>;

export const settingsGet = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('settings/get'),
  access: 'operator',
  roles: admin,
  summary:
    'Business type, visitor mode, member-site URL and layout switches; whether a sealed manifest is set.',
  request: z.object({}).strict(),
  response: z.object({
    settings: consoleSettingsSchema,
    sealedManifest: z.boolean(),
    /** Which channels this server sends itself (OTTKIT_SMTP_URL, OTTKIT_SMS_WEBHOOK_URL). */
    delivery: deliveryChannelsSchema.default({ email: false, sms: false }),
    /** The service's logo with its version ('' none; brandLogoUpload changes it). */
    logoUrl: z.string().default(''),
    /** The app icon's version ('' none; brandIconUpload changes it). */
    iconVersion: z.string().default(''),
  }),
});

export const settingsUpdate = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('settings/update'),
  access: 'operator',
  roles: admin,
  summary: 'Changes settings (applied at once on the site); audited with before and after.',
  request: consoleSettingsSchema.partial().strict(),
  response: z.object({
    settings: consoleSettingsSchema,
    sealedManifest: z.boolean(),
    /** Which channels this server sends itself (OTTKIT_SMTP_URL, OTTKIT_SMS_WEBHOOK_URL). */
    delivery: deliveryChannelsSchema.default({ email: false, sms: false }),
    /** The service's logo with its version ('' none; brandLogoUpload changes it). */
    logoUrl: z.string().default(''),
    /** The app icon's version ('' none; brandIconUpload changes it). */
    iconVersion: z.string().default(''),
  }),
});

export const zeroTrustSeal = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('settings/seal'),
  access: 'operator',
  roles: admin,
  summary:
    'Seals a zero-trust manifest (spec §1) with a fresh key; the server stores only the ciphertext and answers ' +
    'the key once, inside the share link.',
  request: z
    .object({
      /** The manifest as JSON text (the same file the CLI seals). */
      manifest: z.string().min(2, 'Paste the manifest JSON').max(100_000),
      required: z.boolean(),
      siteUrl: z.url('Enter the site’s address (https://…)'),
    })
    .strict(),
  response: z.object({ shareLink: z.string() }),
});

/**
 * One recent play of a subscriber: a live or catch-up channel, or a title (a movie, or a series with the episode
 * last played). One line per channel and per title, as the viewer's own history keeps them.
 */
export const subscriberPlaySchema = z.object({
  kind: z.enum(['live', 'catchup', 'title']),
  /** The channel's or the title's id. */
  id: z.string(),
  name: z.string(),
  /** For a series: the episode last played. */
  seasonNo: z.number().int().nullable(),
  episodeNo: z.number().int().nullable(),
  at: z.number().int(),
});
export type SubscriberPlay = z.infer<typeof subscriberPlaySchema>;

export const subscriberHistory = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('subscribers/history'),
  access: 'operator',
  roles: support,
  summary:
    'What happened to a subscriber: operators’ changes (from the audit log) and recharge codes redeemed, newest first.',
  request: z.object({ accountId: z.string().min(1).max(64) }).strict(),
  response: z.object({
    changes: z.array(auditEntrySchema),
    redemptions: z.array(z.object({ batchId: z.string(), planId: z.string(), redeemedAt: z.number().int() })),
    /** The subscriber's recent plays, newest first (read-only; decision 0237). Defaulted so older servers parse. */
    plays: z.array(subscriberPlaySchema).default([]),
  }),
});

export const subscriberResetPassword = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('subscribers/resetPassword'),
  access: 'operator',
  roles: support,
  summary:
    'Sends the subscriber the password reset message the site sends (to their email or phone) and ends their ' +
    'sessions; the operator never sees a code, password or token.',
  request: z.object({ accountId: z.string().min(1).max(64) }).strict(),
  response: z.object({ sentTo: z.string() }),
});

/** A brand picture as uploaded: the picture alone in the body. */
const brandPictureRequest = (maxBytes: number, what: string, choose: string) => {
  const { maxBodyBytes, image } = base64Picture(maxBytes, what, choose);
  return { maxBodyBytes, request: z.object({ image }).strict() };
};

/** The operator's logo as uploaded (decision 0403): PNG, JPEG or SVG, base64 in the JSON body. */
export const BRAND_LOGO_MAX_BYTES = 512 * 1024;

export const brandLogoUpload = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('settings/logo'),
  access: 'operator',
  roles: admin,
  ...brandPictureRequest(BRAND_LOGO_MAX_BYTES, 'logo', 'Choose a PNG or SVG file'),
  summary:
    'Uploads the service’s logo (PNG, JPEG or SVG, base64, at most 512 KB): a picture is fitted to the header, an ' +
    'SVG is sanitised (a script, handler, style or outside reference is refused in words); audited.',
  /** Where the logo is served, with its version (brand.logoUrl of the app property). */
  response: z.object({ logoUrl: z.string() }),
});

export const brandLogoRemove = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('settings/logo/remove'),
  access: 'operator',
  roles: admin,
  summary: 'Removes the service’s logo: pages show the service’s name again; audited.',
  request: z.object({}).strict(),
  response: z.object({ logoUrl: z.string() }),
});

/** The operator's app icon as uploaded (decision 0405): a square PNG or JPEG of at least 512 px. */
export const BRAND_ICON_MAX_BYTES = 2 * 1024 * 1024;

export const brandIconUpload = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('settings/icon'),
  access: 'operator',
  roles: admin,
  ...brandPictureRequest(BRAND_ICON_MAX_BYTES, 'icon', 'Choose a PNG or JPEG file'),
  summary:
    'Uploads the installable app’s icon (a square PNG or JPEG of at least 512 × 512 px, base64, at most 2 MB): ' +
    'the app’s icons, its maskable icon and the tab’s icon are made from it; audited.',
  /** The icon's version (brand.iconVersion of the app property). */
  response: z.object({ iconVersion: z.string() }),
});

export const brandIconRemove = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('settings/icon/remove'),
  access: 'operator',
  roles: admin,
  summary:
    'Removes the app’s icon: the app and the tab show the play mark in the brand’s colour again; audited.',
  request: z.object({}).strict(),
  response: z.object({ iconVersion: z.string() }),
});

export const operatorCommerceCalls = {
  planAdminList,
  planSave,
  codeBatchList,
  codeBatchCreate,
  codeVoid,
  codeRedemptions,
  settingsGet,
  settingsUpdate,
  brandLogoUpload,
  brandLogoRemove,
  brandIconUpload,
  brandIconRemove,
  zeroTrustSeal,
  subscriberHistory,
  subscriberResetPassword,
};

/** The currencies a plan may be priced in, for the console's picker. */
export const CURRENCIES_FOR_PLANS = currencySchema.options;
