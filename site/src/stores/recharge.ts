import type { Plan, UserInfo } from '@ottkit/api-client';
import { isApiError, RECHARGE_CODE_LENGTH } from '@ottkit/api-client/client';
import { isRechargeCodeComplete, planText } from '@ottkit/ui';
import { atom } from 'nanostores';
import { dateFormat } from '../i18n/format.ts';
import type { Lang, Translate } from '../i18n/index.ts';
import { browserApi } from '../lib/api.ts';
import { $session, loginHref, refreshRights } from './session.ts';

/** What a redeemed code added: the plan it was for, the product it extended and until when (epoch ms). */
export interface RechargeAdded {
  planId: string;
  productId: string;
  expiredTs: number;
  /** The product's name in the refreshed user info, when the server gives one. */
  productName?: string;
}

/** The recharge box (spec §5): idle, busy, done (what was added), or failed with the server's message. */
export type RechargeState =
  | { state: 'idle' }
  | { state: 'busy' }
  | ({ state: 'done' } & RechargeAdded)
  | { state: 'error'; message: string };
export const $recharge = atom<RechargeState>({ state: 'idle' });
/** Counts codes redeemed: the code field is drawn afresh (emptied) on each (issue 36: the used code stayed). */
export const $rechargesRedeemed = atom(0);

/**
 * Redeems a recharge code (the contract's `RECHARGE_CODE_LENGTH` digits). Guests go to login (spec §5). Success
 * refreshes the rights everywhere (user info, rights view, the live page's channel authority), so locked channels
 * open without a reload.
 */
export async function redeemRechargeCode(code: string): Promise<void> {
  const user = $session.get().user;
  if (user?.loginStatus !== 'user') {
    window.location.assign(loginHref());
    return;
  }
  // The kit's rule with the contract's length, as the recharge box enables Confirm by (decisions 0186, 0388).
  if (!isRechargeCodeComplete(code, RECHARGE_CODE_LENGTH)) return;
  $recharge.set({ state: 'busy' });
  try {
    const result = await browserApi.account.recharge({
      rechargeCodePassword: code,
      virtualCode: user.virtualCode,
    });
    await refreshRights(result.userInfo);
    $recharge.set({ state: 'done', ...rechargeAdded(result) });
    $rechargesRedeemed.set($rechargesRedeemed.get() + 1);
  } catch (e) {
    $recharge.set({ state: 'error', message: isApiError(e) ? e.message : String(e) });
  }
}

/** The recharge answer reduced to what the page tells the viewer. */
export function rechargeAdded(result: {
  planId: string;
  productId: string;
  expiredTs: number;
  userInfo: Pick<UserInfo, 'subscriptionList'>;
}): RechargeAdded {
  const product = result.userInfo.subscriptionList.find((s) => s.productId === result.productId);
  return {
    planId: result.planId,
    productId: result.productId,
    expiredTs: result.expiredTs,
    ...(product?.productName ? { productName: product.productName } : {}),
  };
}

/**
 * "Added: Monthly (30 days). Your plan now runs until 2 Jan 2027." in the viewer's language: the plan's own name
 * when the plan list is loaded, else the product's name, else its id.
 */
export function rechargeAddedText(t: Translate, lang: Lang, added: RechargeAdded, plans: Plan[]): string {
  const plan = plans.find((p) => p.planId === added.planId);
  const name = (plan && planText(plan, lang).planName) || added.productName || added.productId;
  const what = plan ? t('account.recharge.addedDays', { name, days: plan.durationDays }) : name;
  return t('account.recharge.added', { what, until: dateFormat(lang)(added.expiredTs) });
}
