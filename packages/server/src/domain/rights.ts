import type { Db } from '../store/db.ts';
import { subscriptionsOf } from '../store/subscriptions.ts';

/** Which subscription products grant what (spec §6 rights); the seeded products are named after what they give. */
export const PRODUCT_RIGHTS: Record<string, { live: boolean; catchup: boolean; vod: boolean }> = {
  'live-basic': { live: true, catchup: true, vod: false },
  'live-sports': { live: true, catchup: true, vod: false },
  'vod-basic': { live: false, catchup: false, vod: true },
};

/** The user rights view (URV): the union of the rights of the active products. */
export async function userRights(db: Db, accountId: string, now: number) {
  const products = (await subscriptionsOf(db, accountId)).map((s) => ({
    productId: s.product_id,
    expiredTs: s.expired_ts,
    active: s.expired_ts > now,
  }));
  const rights = { live: false, catchup: false, vod: false };
  for (const p of products) {
    const r = p.active ? PRODUCT_RIGHTS[p.productId] : undefined;
    if (!r) continue;
    rights.live ||= r.live;
    rights.catchup ||= r.catchup;
    rights.vod ||= r.vod;
  }
  return { accountId, rights, products };
}
