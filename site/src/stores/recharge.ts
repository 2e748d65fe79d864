import { isApiError } from '@ottkit/api-client/client';
import { isRechargeCodeComplete } from '@ottkit/ui';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { $session, loginHref, refreshRights } from './session.ts';

/** The recharge box (spec §5): idle, busy, done (success message), or failed with the server's message. */
export type RechargeState =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; expiredTs: number }
  | { state: 'error'; message: string };
export const $recharge = atom<RechargeState>({ state: 'idle' });

/**
 * Redeems a 16-digit code. Guests go to login (spec §5). Success refreshes the rights everywhere (user info,
 * rights view, the live page's channel authority), so locked channels open without a reload.
 */
export async function redeemRechargeCode(code: string): Promise<void> {
  const user = $session.get().user;
  if (user?.loginStatus !== 'user') {
    window.location.assign(loginHref());
    return;
  }
  // The kit's rule, the one the recharge box enables Confirm by (decision 0186).
  if (!isRechargeCodeComplete(code)) return;
  $recharge.set({ state: 'busy' });
  try {
    const result = await browserApi.account.recharge({
      rechargeCodePassword: code,
      virtualCode: user.virtualCode,
    });
    await refreshRights(result.userInfo);
    $recharge.set({ state: 'done', expiredTs: result.expiredTs });
  } catch (e) {
    $recharge.set({ state: 'error', message: isApiError(e) ? e.message : String(e) });
  }
}
