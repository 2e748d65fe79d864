import type { Clock } from './clock.ts';
import { RENEW_LEAD_MAX_MS, RENEW_RETRY_MS } from './constants.ts';
import type { PlayerMode, PlayerSource, SourceRenewal } from './types.ts';
import { createUrlSwap } from './urlSwap.ts';

export interface RenewalDeps {
  clock: Clock;
  /** The item being played now, and how. */
  current(): { source: PlayerSource | null; mode: PlayerMode };
  /** Stores the item with its fresh URLs. */
  update(source: PlayerSource): void;
}

/**
 * Keeps the URLs of the item being played valid (decision 0100): a quarter of their remaining life before
 * `expiresAt` (at most a minute before) the source's `renew` is asked for fresh ones; they replace the old ones
 * without a reload, and the swap rewrites what the engine still derives from the old ones.
 */
export function createRenewal({ clock, current, update }: RenewalDeps) {
  const swap = createUrlSwap();
  let timer: unknown = null;

  function stop() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function schedule() {
    stop();
    const s = current().source;
    if (!s?.renew || s.expiresAt === undefined) return;
    const left = s.expiresAt - clock.now();
    const lead = Math.min(RENEW_LEAD_MAX_MS, Math.max(0, left / 4));
    timer = clock.setTimeout(() => void now(), Math.max(0, left - lead));
  }

  /** Asks at once; a failure or an empty answer is asked again RENEW_RETRY_MS later. */
  async function now(): Promise<void> {
    stop();
    const { source: s, mode } = current();
    if (!s?.renew) return;
    let fresh: SourceRenewal | null | undefined = null;
    try {
      fresh = await s.renew({ mode, source: s });
    } catch {
      fresh = null;
    }
    if (current().source !== s) return; // another item meanwhile
    if (fresh) return apply(fresh);
    // Until they expire; after that a reload asks again (see `expired`).
    if (s.expiresAt !== undefined && clock.now() < s.expiresAt)
      timer = clock.setTimeout(() => void now(), RENEW_RETRY_MS);
  }

  /** Fresh URLs of the item being played (from `renew`, or handed by the host). */
  function apply(fresh: SourceRenewal) {
    const s = current().source;
    if (!s) return;
    swap.learn(s.src, fresh.src);
    swap.learn(s.timeshiftSrc, fresh.timeshiftSrc);
    swap.learn(s.fallbackSrc, fresh.fallbackSrc);
    swap.learn(s.drm?.clearKeyLicenseUrl, fresh.drm?.clearKeyLicenseUrl);
    const kept = Object.fromEntries(Object.entries(fresh).filter(([, v]) => v !== undefined));
    update({ ...s, ...kept });
    schedule();
  }

  return {
    /** A new item: forget the old swaps and plan its renewal. */
    start() {
      swap.clear();
      schedule();
    },
    stop,
    now,
    apply,
    /** True when the item's URLs have expired and it can renew them. */
    expired: () => {
      const s = current().source;
      return !!s?.renew && s.expiresAt !== undefined && s.expiresAt <= clock.now();
    },
    rewrite: swap.rewrite,
  };
}
