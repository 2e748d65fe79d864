import type { Session } from './sessions.ts';
import { listChannels } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import { keptBroadcastTimes } from '../store/live.ts';
import { subscriptionsOf } from '../store/subscriptions.ts';
import { channelVisible, type Viewer } from './accessRules.ts';
import { PRODUCT_RIGHTS } from './rights.ts';

/** A channel whose productId is this (or empty) is free: everyone, guests included, may watch it. */
export const FREE_PRODUCT_ID = 'free';

/** `exp` of an entry that never expires (spec §4). */
export const EXP_FOREVER = -1;
/** `exp` of an entry that grants nothing (spec §4). */
export const EXP_NONE = 0;

export type AuKind = 'live' | 'catchup';

/**
 * One authority entry (spec §3 Authority response): `exp` is -1 (forever), 0 (none) or the epoch ms at which the
 * right ends; `sup` is 1 when the granting product supports this kind on this channel.
 */
export interface Au {
  k: AuKind;
  exp: number;
  sup: 0 | 1;
}

/** What the authority needs to know of a channel. */
export interface AuthorityChannel {
  productId: string;
  canPlayBack: boolean;
  playbackDuration: number;
  /** Set for the broadcast (national) channel: nobody may watch before, everybody after (decision 0050). */
  broadcastOpensAt?: number;
}

/** A subscription of the viewer (spec §3 User info subscriptionList). */
export interface Grant {
  productId: string;
  expiredTs: number;
}

/** Spec §4: allowed when exp is -1, or when exp is in the future and sup is 1; exp 0 means none. */
export function auAllows(au: Pick<Au, 'exp' | 'sup'> | undefined, now: number): boolean {
  if (!au || au.exp === EXP_NONE) return false;
  if (au.exp === EXP_FOREVER) return true;
  return au.exp > now && au.sup === 1;
}

export function isFreeChannel(c: Pick<AuthorityChannel, 'productId'>): boolean {
  return c.productId === '' || c.productId === FREE_PRODUCT_ID;
}

/** Whether the channel offers catch-up at all: it allows playback and keeps at least one day. */
export function offersCatchup(c: Pick<AuthorityChannel, 'canPlayBack' | 'playbackDuration'>): boolean {
  return c.canPlayBack && c.playbackDuration > 0;
}

const none = (k: AuKind): Au => ({ k, exp: EXP_NONE, sup: 0 });
const forever = (k: AuKind): Au => ({ k, exp: EXP_FOREVER, sup: 1 });

/**
 * The au entries (live, then catch-up) of one channel for one viewer. Pure: the viewer's grants are passed in
 * (none for a guest). A product grants the channels that carry its productId; which kinds it grants comes from
 * the accounts' product table (`PRODUCT_RIGHTS`), a product missing there grants both.
 */
export function channelAu(channel: AuthorityChannel, grants: readonly Grant[], now: number): [Au, Au] {
  const catchup = offersCatchup(channel);
  if (channel.broadcastOpensAt !== undefined) {
    if (now < channel.broadcastOpensAt) return [none('live'), none('catchup')];
    return [forever('live'), catchup ? forever('catchup') : none('catchup')];
  }
  if (isFreeChannel(channel)) return [forever('live'), catchup ? forever('catchup') : none('catchup')];
  let best: Grant | undefined;
  for (const g of grants) {
    if (g.productId === channel.productId && (!best || g.expiredTs > best.expiredTs)) best = g;
  }
  if (!best) return [none('live'), none('catchup')];
  const rights = PRODUCT_RIGHTS[best.productId] ?? { live: true, catchup: true };
  return [
    { k: 'live', exp: best.expiredTs, sup: rights.live ? 1 : 0 },
    { k: 'catchup', exp: catchup ? best.expiredTs : EXP_NONE, sup: catchup && rights.catchup ? 1 : 0 },
  ];
}

/** What a viewer may do with a channel, decided from its au entries. */
export interface ChannelAccess {
  live: boolean;
  catchup: boolean;
}

export function accessFromAu([live, catchup]: readonly [Au, Au], now: number): ChannelAccess {
  return { live: auAllows(live, now), catchup: auAllows(catchup, now) };
}

/** The viewer's subscriptions; a guest (or nobody) has none that count (spec: guests get only free channels). */
export async function grantsOf(db: Db, session: Session | null): Promise<Grant[]> {
  if (session?.status !== 'user') return [];
  return (await subscriptionsOf(db, session.accountId)).map((s) => ({
    productId: s.product_id,
    expiredTs: s.expired_ts,
  }));
}

/**
 * May this viewer watch the channel live, and its catch-up, at `now`? For the playback route (token issuing).
 * Given the caller as the access rules see it (`viewerOf(ctx, now)` of http/routes/liveContext.ts), a channel
 * the rules hide from them is refused too.
 */
export async function channelAccess(
  db: Db,
  channel: Omit<AuthorityChannel, 'broadcastOpensAt'> & { logicalChannelId: string },
  session: Session | null,
  now: number,
  viewer?: Viewer,
): Promise<ChannelAccess> {
  if (viewer) {
    // Its rules from the kept line-up (decision 0447), as the channel list reads them.
    const stored = (await listChannels.now(db)).find((c) => c.logicalChannelId === channel.logicalChannelId);
    if (!channelVisible(stored?.contentRuleList ?? [], viewer)) return { live: false, catchup: false };
  }
  const opensAt = (await keptBroadcastTimes.now(db)).get(channel.logicalChannelId);
  const c: AuthorityChannel = opensAt === undefined ? channel : { ...channel, broadcastOpensAt: opensAt };
  return accessFromAu(channelAu(c, await grantsOf(db, session), now), now);
}
