import type { AppProperty } from '@ottkit/api-client/contract';
import {
  accentColorSchema,
  businessTypeSchema,
  DEFAULT_BRAND,
  DEFAULT_SERVICE_NAME,
  footerLinkSchema,
  LANGS,
  planLangSchema,
  serviceNameSchema,
  TRANSCODE_PARALLEL,
} from '@ottkit/api-client/contract';
import { z } from 'zod';
import type { ServerConfig } from '../config.ts';
import { brandIconVersion } from '../media/brandIconFile.ts';
import { brandLogoUrl } from '../media/brandLogoFile.ts';
import { LIVE_TTL_SEC } from '../origin/urls.ts';
import { parseAllowList } from '../upstream/address.ts';
import type { Db } from '../store/db.ts';
import { query, type Statements } from '../store/kysely/transactionally.ts';
import { allSettings, setSetting, setSettingStatement, settingsNow } from '../store/settings.ts';
import { keptNowPerVersion } from '../store/versions.ts';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const allowList = z
  .string()
  .max(2000)
  .superRefine((v, ctx) => {
    try {
      parseAllowList(v);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
    }
  });

/**
 * Every operator setting with its default (spec §3 layout config, purchase page setting, business type…).
 * Stored as strings in `app_settings`; only changed keys are stored, the rest come from here.
 */
export const SETTINGS = {
  appId: { schema: z.string().min(1).max(64), default: 'ottkit-web' },
  businessType: { schema: businessTypeSchema, default: 'liveAndVod' },
  visitorMode: { schema: bool, default: 'true' },
  memberSiteUrl: { schema: z.union([z.literal(''), z.url()]), default: '' },
  freeTrialDays: { schema: int(0, 365), default: '3' },
  /** The product a free trial grants. */
  freeTrialProductId: { schema: z.string().min(1), default: 'live-basic' },
  defaultCountry: { schema: z.string().regex(/^[A-Z]{2}$/), default: 'US' },
  kidsModeSwitch: { schema: bool, default: 'false' },
  'layout.play_history_report_interval': { schema: int(10, 3600), default: '60' },
  'layout.hide_unsubscribe_channel': { schema: bool, default: 'false' },
  /** Message (notice) check interval in ms, as spec §9 gives it: 600000. */
  'layout.msg_chk_int': { schema: int(10_000, 86_400_000), default: '600000' },
  'layout.popular_search_switch': { schema: bool, default: 'true' },
  'layout.more_like_this_switch': { schema: bool, default: 'true' },
  'layout.home_live_layout_switch': { schema: bool, default: 'true' },
  'layout.custom_modify_passwd_option': { schema: z.union([z.literal(''), z.url()]), default: '' },
  'layout.home_live_category': { schema: z.string().max(64), default: 'col-news' },
  'purchase.url': { schema: z.string().max(512), default: '' },
  'purchase.supportRechargeCode': { schema: bool, default: 'true' },
  'purchase.supportPurchaseInfo': { schema: bool, default: 'true' },
  'purchase.rechargeGuide': {
    schema: z.string().max(4000),
    default: 'Buy a recharge card from a reseller, then enter its 16-digit code here.',
  },
  'purchase.howToRecharge': {
    schema: z.string().max(4000),
    default: 'Open My account, choose Recharge, type the 16 digits printed on the card and confirm.',
  },
  'purchase.qrCodeType': { schema: z.enum(['eachPlan', 'single']), default: 'eachPlan' },
  // The guides in the other UI languages (decision 0140); shown only while the English one is not empty.
  'purchase.rechargeGuide.es': {
    schema: z.string().max(4000),
    default: 'Compra una tarjeta de recarga en un revendedor y luego escribe aquí su código de 16 dígitos.',
  },
  'purchase.rechargeGuide.pt': {
    schema: z.string().max(4000),
    default: 'Compre um cartão de recarga em um revendedor e depois digite aqui o código de 16 dígitos.',
  },
  'purchase.howToRecharge.es': {
    schema: z.string().max(4000),
    default: 'Abre Mi cuenta, elige Recargar, escribe los 16 dígitos impresos en la tarjeta y confirma.',
  },
  'purchase.howToRecharge.pt': {
    schema: z.string().max(4000),
    default: 'Abra Minha conta, escolha Recarregar, digite os 16 dígitos impressos no cartão e confirme.',
  },
  /**
   * Validity of every handed-out media URL (live, time-shift, catch-up, VOD, trailer), seconds; the players
   * renew them while they play (decision 0100). Kept under its first name so stored values stay valid.
   */
  'media.liveTokenTtlSec': { schema: int(10, 6 * 3600), default: String(LIVE_TTL_SEC) },
  /**
   * Internal upstreams the server may fetch from anyway (decision 0359): CIDRs, addresses or host names, separated
   * by commas or spaces; empty = no loopback, link-local, private or unique-local upstream at all.
   */
  'upstreams.allow': { schema: allowList, default: '' },
  /** The operator's service name: on every page and in every message (issue 40). */
  'brand.name': { schema: serviceNameSchema, default: DEFAULT_SERVICE_NAME },
  /** The accent colour ('' the kit's own), held to WCAG AA; footer links; the default language (decision 0401). */
  'brand.accentColor': { schema: accentColorSchema, default: DEFAULT_BRAND.accentColor },
  'brand.termsUrl': { schema: footerLinkSchema, default: DEFAULT_BRAND.links.terms },
  'brand.privacyUrl': { schema: footerLinkSchema, default: DEFAULT_BRAND.links.privacy },
  'brand.helpUrl': { schema: footerLinkSchema, default: DEFAULT_BRAND.links.help },
  'brand.defaultLanguage': { schema: planLangSchema, default: DEFAULT_BRAND.defaultLanguage },
  /** The name and address mail is sent from (decision 0399); empty: the service name, and no-reply@localhost. */
  'mail.fromName': { schema: z.string().trim().max(100), default: '' },
  'mail.fromAddress': { schema: z.union([z.literal(''), z.email()]), default: '' },
  /** How many transcodes (uploads and library files) run at once across the service (decision 0425). */
  'transcode.parallel': {
    schema: int(TRANSCODE_PARALLEL.min, TRANSCODE_PARALLEL.max),
    default: String(TRANSCODE_PARALLEL.default),
  },
} as const;

export type SettingKey = keyof typeof SETTINGS;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** One setting's value checked against its rule; throws with a readable message when invalid. */
function checkedSetting(key: string, value: string): SettingKey {
  if (!isSettingKey(key))
    throw new Error(`Unknown setting '${key}'. Known: ${Object.keys(SETTINGS).join(', ')}`);
  const parsed = SETTINGS[key].schema.safeParse(value);
  if (!parsed.success)
    throw new Error(`Invalid value for ${key}: ${parsed.error.issues[0]?.message ?? value}`);
  return key;
}

/** Validates and stores one setting (CLI `config set`); throws with a readable message when invalid. */
export function changeSetting(db: Db, key: string, value: string): void {
  setSetting(db, checkedSetting(key, value), value);
}

/** The same as a statement of a `transactionally` body (the console's settings, with their audit entry). */
export const settingStatement = (db: Db, key: string, value: string) =>
  setSettingStatement(db, checkedSetting(key, value), value);

type Values = { [K in SettingKey]: z.output<(typeof SETTINGS)[K]['schema']> };

/** All settings, typed; a stored value that no longer parses falls back to the default. */
export function readSettings(db: Db): Values {
  return settingsOf(allSettings(db));
}

/** The settings inside a transaction's body. */
export function* settingsIn(db: Db): Statements<Values> {
  const rows = (yield* query(db.kysely.selectFrom('app_settings').select(['key', 'value']).compile())).rows;
  return settingsOf(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

function settingsOf(stored: Record<string, string>): Values {
  const out: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(SETTINGS)) {
    const s = stored[key];
    const parsed = s === undefined ? undefined : def.schema.safeParse(s);
    out[key] = parsed?.success ? parsed.data : def.schema.parse(def.default);
  }
  return out as Values;
}

/**
 * readSettings, kept per version of the settings (decisions 0410, 0434): what the viewer's calls read, with one
 * number asked on the asynchronous store and a new version read there too. The operator's commands read them
 * afresh with readSettings.
 */
export const settingsValuesNow: (db: Db) => Promise<Values> = keptNowPerVersion('settings', async (db) =>
  settingsOf(Object.fromEntries(await settingsNow(db))),
);

/** How long a handed-out media URL lives, seconds: the one rule for every kind (decision 0100). */
export async function mediaTokenTtlSec(db: Db): Promise<number> {
  return (await settingsValuesNow(db))['media.liveTokenTtlSec'];
}

/**
 * The operator's allow-list of internal upstreams, as stored (the fetches add the environment's): from the kept
 * settings, on the asynchronous store (the live supervisor asks it at each source's start).
 */
export async function upstreamAllowSetting(db: Db): Promise<string> {
  return (await settingsValuesNow(db))['upstreams.allow'];
}

/** Visitor mode: the environment's switch wins over the stored setting. */
export async function visitorModeOn(db: Db, config: ServerConfig): Promise<boolean> {
  return config.visitorMode ?? (await settingsValuesNow(db)).visitorMode;
}

/** An operator text in `lang` (`pt-BR` reads `pt`): its `.es`/`.pt` setting, else the base (English) one. */
function localText(s: Values, key: 'purchase.rechargeGuide' | 'purchase.howToRecharge', lang: string) {
  const l = lang.slice(0, 2).toLowerCase();
  const local = l === 'es' || l === 'pt' ? s[`${key}.${l}`] : '';
  return local.trim() && s[key].trim() ? local : s[key];
}

export async function appProperty(db: Db, config: ServerConfig, lang = 'en'): Promise<AppProperty> {
  const s = await settingsValuesNow(db);
  return {
    appId: s.appId,
    businessType: s.businessType,
    visitorMode: config.visitorMode ?? s.visitorMode,
    memberSiteUrl: s.memberSiteUrl,
    layoutConfig: {
      play_history_report_interval: s['layout.play_history_report_interval'],
      hide_unsubscribe_channel: s['layout.hide_unsubscribe_channel'],
      msg_chk_int: s['layout.msg_chk_int'],
      popular_search_switch: s['layout.popular_search_switch'],
      more_like_this_switch: s['layout.more_like_this_switch'],
      home_live_layout_switch: s['layout.home_live_layout_switch'],
      custom_modify_passwd_option: s['layout.custom_modify_passwd_option'],
      home_live_category: s['layout.home_live_category'],
    },
    purchasePageSetting: {
      url: s['purchase.url'],
      supportRechargeCode: s['purchase.supportRechargeCode'],
      supportPurchaseInfo: s['purchase.supportPurchaseInfo'],
      rechargeGuide: localText(s, 'purchase.rechargeGuide', lang),
      howToRecharge: localText(s, 'purchase.howToRecharge', lang),
      qrCodeType: s['purchase.qrCodeType'],
    },
    supportedLanguages: [...LANGS],
    serviceName: s['brand.name'],
    brand: {
      accentColor: s['brand.accentColor'],
      logoUrl: brandLogoUrl(config.dataDir),
      iconVersion: brandIconVersion(config.dataDir),
      links: { terms: s['brand.termsUrl'], privacy: s['brand.privacyUrl'], help: s['brand.helpUrl'] },
      defaultLanguage: s['brand.defaultLanguage'],
    },
  };
}
