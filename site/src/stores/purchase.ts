import type { AppProperty, Plan } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { memberSiteLink } from '../lib/memberSite.ts';
import { $purchaseOpen } from './purchaseOpen.ts';
import { $session, loginHref, refreshTokens } from './session.ts';

export { $purchaseOpen };
/** The purchase dialog (spec §5): what it shows once loaded (whether it is open: stores/purchaseOpen.ts). */
export const $purchaseData = atom<{ app: AppProperty; plans: Plan[] } | null>(null);

/** Loads the app configuration and the plans on sale (plan-list failures are silent, spec §8). */
export async function loadPurchaseData(): Promise<void> {
  if ($purchaseData.get()) return;
  const [app, plans] = await Promise.all([
    browserApi.account.appPropertyQuery({}),
    browserApi.account
      .planList({})
      .then((r) => r.planList)
      .catch(() => [] as Plan[]),
  ]);
  $purchaseData.set({ app, plans });
}

/** Users see the purchase dialog; guests are sent to login first (spec §6). */
export function openPurchase(): void {
  if ($session.get().user?.loginStatus !== 'user') {
    window.location.assign(loginHref());
    return;
  }
  $purchaseOpen.set(true);
  void loadPurchaseData().catch(() => {});
}

/**
 * Opens the member site for a plan (spec §6): a fresh memberSiteToken (15 minutes) comes from a token refresh,
 * so no token ever sits in the page's storage.
 */
export async function openMemberSite(planId?: string, lang = 'en'): Promise<void> {
  const data = $purchaseData.get();
  const fresh = await refreshTokens();
  if (!data?.app.memberSiteUrl || !fresh) {
    window.location.assign(loginHref());
    return;
  }
  const plan = data.plans.find((p) => p.planId === planId);
  const base = data.app.memberSiteUrl;
  window.location.assign(
    memberSiteLink({
      base: plan?.url && /^https?:/.test(plan.url) ? plan.url : base,
      user: fresh.userInfo,
      memberSiteToken: fresh.tokens.memberSiteToken,
      appId: data.app.appId,
      lang,
      ...(planId ? { planId } : {}),
      origin: window.location.origin,
    }),
  );
}
