/** Spec §9: the purchase dialog is 1036 px wide above 2 plans, else 700 px. */
export const PURCHASE_DIALOG_WIDE_PX = 1036;
export const PURCHASE_DIALOG_NARROW_PX = 700;

/** One language's name and description of a plan (spec §3 `planLang`). */
export interface PurchasePlanText {
  lang: string;
  planName: string;
  description: string;
}

/**
 * The plan fields the dialog shows (spec §3 Plan), declared here so the kit's types stand alone (decision 0196);
 * a contract `Plan` fits (checked by `src/contractFit.ts`). Currencies are ISO codes.
 */
export interface PurchasePlan {
  planId: string;
  url: string;
  price: number;
  currency: string;
  discountPrice: number;
  discountCurrency: string;
  planLang: PurchasePlanText[];
}

/** The purchase page setting fields the dialog reads (spec §3, §5); a contract `PurchasePageSetting` fits. */
export interface PurchaseSetting {
  supportRechargeCode: boolean;
  supportPurchaseInfo: boolean;
  rechargeGuide: string;
  howToRecharge: string;
  qrCodeType: 'eachPlan' | 'single';
}

export interface PurchaseDialogInput {
  /** The member site's address; '' when the operator has none. */
  memberSiteUrl: string;
  setting: PurchaseSetting;
  plans: PurchasePlan[];
}

export interface PurchaseDialogView {
  /** Nothing to pay with: show the no-payment-method message only. */
  noPaymentMethod: boolean;
  showRechargeCode: boolean;
  showGuide: boolean;
  showPlans: boolean;
  /** A member site without per-plan cards: one button to it. */
  showMemberSiteLink: boolean;
  width: number;
}

/**
 * What the purchase dialog shows (spec §5, exactly): no member site, recharge code or purchase info → the
 * no-payment-method message; the recharge box only with supportRechargeCode; the guide only with
 * supportPurchaseInfo and a guide; plan cards only with a member site, qrCodeType eachPlan and plans;
 * width 1036 px with more than 2 plans, else 700 px.
 */
export function purchaseDialogView({
  memberSiteUrl,
  setting,
  plans,
}: PurchaseDialogInput): PurchaseDialogView {
  const memberSite = memberSiteUrl.trim() !== '';
  const hasGuide = setting.rechargeGuide.trim() !== '' || setting.howToRecharge.trim() !== '';
  const noPaymentMethod = !memberSite && !setting.supportRechargeCode && !setting.supportPurchaseInfo;
  const showPlans = !noPaymentMethod && memberSite && setting.qrCodeType === 'eachPlan' && plans.length > 0;
  return {
    noPaymentMethod,
    showRechargeCode: !noPaymentMethod && setting.supportRechargeCode,
    showGuide: !noPaymentMethod && setting.supportPurchaseInfo && hasGuide,
    showPlans,
    showMemberSiteLink: !noPaymentMethod && memberSite && !showPlans,
    width: plans.length > 2 ? PURCHASE_DIALOG_WIDE_PX : PURCHASE_DIALOG_NARROW_PX,
  };
}

/** Spec §9: the currencies with a symbol. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  BRL: 'R$',
  ARS: '$',
  CLP: '$',
  COP: '$',
  MXN: '$',
  PEN: 'S/',
  UYU: '$U',
  ZAR: 'R',
  PHP: '₱',
};

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, f);
  }
  return f;
}

/**
 * A price in the viewer's language and the plan's currency (decision 0140): `Intl.NumberFormat` places the
 * symbol, separators and minor units (`formatPrice(89, 'MXN', 'en')` → `'MX$89.00'`, in 'es' `'89,00 MXN'`,
 * CLP without cents). Where Intl would only write the ISO code and spec §9 has an unambiguous symbol (S/,
 * $U, R, ₱), the symbol is used; a bare `$` is never used for a currency other than the locale's own dollar.
 */
export function formatPrice(amount: number, currency: string, locale = 'en'): string {
  let f: Intl.NumberFormat;
  try {
    f = numberFormat(locale, currency);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
  const symbol = CURRENCY_SYMBOLS[currency];
  return f
    .formatToParts(amount)
    .map((p) =>
      p.type === 'currency' && p.value === currency && symbol && symbol !== '$' ? symbol : p.value,
    )
    .join('');
}

/** The price to pay and, when discounted, the original (a discountPrice of 0 or not below price is none). */
export function planPrice(plan: PurchasePlan, locale = 'en'): { current: string; original: string | null } {
  const discounted = plan.discountPrice > 0 && plan.discountPrice < plan.price;
  return discounted
    ? {
        current: formatPrice(plan.discountPrice, plan.discountCurrency, locale),
        original: formatPrice(plan.price, plan.currency, locale),
      }
    : { current: formatPrice(plan.price, plan.currency, locale), original: null };
}

/** The plan's name and description in `lang`, else English, else the first given. */
export function planText(
  plan: Pick<PurchasePlan, 'planLang'>,
  lang: string,
): { planName: string; description: string } {
  const entry =
    plan.planLang.find((item) => item.lang === lang) ??
    plan.planLang.find((item) => item.lang === 'en') ??
    plan.planLang[0];
  return { planName: entry?.planName ?? '', description: entry?.description ?? '' };
}
