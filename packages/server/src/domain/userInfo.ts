import { LoginMethod, type UserInfo } from '@ottkit/api-client/contract';
import { type AccountRow, accountNow } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { namesNow } from '../store/names.ts';
import { loginMethodOf } from '../store/sessions.ts';
import { subscriptionsOf } from '../store/subscriptions.ts';

/** Recharge status (spec §4) from what the account has done. */
export function rechargeStatus(a: AccountRow): UserInfo['rechargeStatus'] {
  if (a.recharged && a.member_site_purchase) return 'BOTH';
  if (a.recharged) return 'RECHARGED';
  if (a.member_site_purchase) return 'MEMBER_SITE';
  return 'NOT_RECHARGE';
}

/** Free-trial status (spec §4): a running trial turns EXPIRED_END when its time is up. */
export function freeTrialStatus(a: AccountRow, now: number): UserInfo['freeTrialStatus'] {
  const stored = a.free_trial_status as UserInfo['freeTrialStatus'];
  if (stored === 'USING' && a.free_trial_ends_at !== null && a.free_trial_ends_at <= now)
    return 'EXPIRED_END';
  return stored;
}

/** The identifier for a login method (spec §6, §9): email (1, and 6 google), phone (2), else the virtual code. */
export function loginMethodValue(a: AccountRow, loginMethod: number): string {
  if ((loginMethod === LoginMethod.EMAIL || loginMethod === LoginMethod.GOOGLE) && a.email) return a.email;
  if (loginMethod === LoginMethod.PHONE && a.phone_key) return a.phone_key;
  return a.virtual_code;
}

/** What the caller has just read or written itself, so not read again (a sign-in: decision 0418). */
export interface KnownForUserInfo {
  account?: AccountRow;
  loginMethod?: number;
}

/** User info for the account's session; names (products) in `lang` (decision 0140). */
export async function buildUserInfo(
  db: Db,
  accountId: string,
  sessionId: string,
  clientIp: string,
  now: number,
  lang = 'en',
  known: KnownForUserInfo = {},
): Promise<UserInfo> {
  // Four reads of the asynchronous store, at once (decision 0410), less what the caller knows.
  const [a, sessionMethod, subscriptions, productNames] = await Promise.all([
    known.account ?? accountNow(db, accountId),
    known.loginMethod ?? loginMethodOf(db, sessionId),
    subscriptionsOf(db, accountId),
    namesNow(db, 'product_names', lang),
  ]);
  if (!a) throw new Error(`account ${accountId} vanished`);
  const loginMethod = sessionMethod ?? a.login_method;
  return {
    accountId: a.account_id,
    virtualCode: a.virtual_code,
    email: a.email ?? '',
    accountName: a.account_name,
    phone: a.phone ?? '',
    phonePreCode: a.phone_pre_code ?? '',
    loginMethod,
    loginMethodMapValue: loginMethodValue(a, loginMethod),
    freeTrialStatus: freeTrialStatus(a, now),
    rechargeStatus: rechargeStatus(a),
    subscriptionList: subscriptions.map((s) => ({
      productId: s.product_id,
      expiredTs: s.expired_ts,
      productName: productNames.get(s.product_id) ?? s.product_id,
    })),
    sessionId,
    country: a.country,
    clientIp,
    loginStatus: a.kind,
  };
}
