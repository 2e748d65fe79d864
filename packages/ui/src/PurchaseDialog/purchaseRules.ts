import type { Plan, PurchasePageSetting } from '@ottkit/api-client';

/** Spec §9: the purchase dialog is 1036 px wide above 2 plans, else 700 px. */
export const PURCHASE_DIALOG_WIDE_PX = 1036;
export const PURCHASE_DIALOG_NARROW_PX = 700;

/** The plan fields the dialog shows (spec §3 Plan); a contract `Plan` fits. Currencies are ISO codes. */
export type PurchasePlan = Pick<Plan, 'planId' | 'url' | 'price' | 'discountPrice' | 'planLang'> & {
  currency: string;
  discountCurrency: string;
};

export type PurchaseSetting = Pick<
  PurchasePageSetting,
  'supportRechargeCode' | 'supportPurchaseInfo' | 'rechargeGuide' | 'howToRecharge' | 'qrCodeType'
>;

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

/** Spec §9: the currencies with a symbol. Others are shown with their code. */
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

/** Currencies without minor units in everyday prices. */
const WHOLE_UNITS = new Set(['CLP']);

/** `formatPrice(9.9, 'BRL')` → `'R$9.90'`; `formatPrice(5, 'EUR')` → `'EUR 5.00'`. */
export function formatPrice(amount: number, currency: string): string {
  const digits = WHOLE_UNITS.has(currency) ? 0 : 2;
  const value = amount.toFixed(digits);
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol ? `${symbol}${value}` : `${currency} ${value}`;
}

/** The price to pay and, when discounted, the original (a discountPrice of 0 or not below price is none). */
export function planPrice(plan: PurchasePlan): { current: string; original: string | null } {
  const discounted = plan.discountPrice > 0 && plan.discountPrice < plan.price;
  return discounted
    ? {
        current: formatPrice(plan.discountPrice, plan.discountCurrency),
        original: formatPrice(plan.price, plan.currency),
      }
    : { current: formatPrice(plan.price, plan.currency), original: null };
}

/** The plan's name and description in `lang`, else English, else the first given. */
export function planText(
  plan: Pick<Plan, 'planLang'>,
  lang: string,
): { planName: string; description: string } {
  const entry =
    plan.planLang.find((item) => item.lang === lang) ??
    plan.planLang.find((item) => item.lang === 'en') ??
    plan.planLang[0];
  return { planName: entry?.planName ?? '', description: entry?.description ?? '' };
}
