import { packagerLock } from './clusterStatus.ts';
import type { SupervisedChannel, Supervision } from './supervision.ts';

/**
 * One packager per channel across processes (decision 0305): the lock `live:<channel>` lives this long unless its
 * holder renews it, which it does every PACKAGER_RENEW_MS. A holder killed with -9 is replaced within about
 * TTL + one renewal period.
 */
export const PACKAGER_LOCK_TTL_MS = 3000;
export const PACKAGER_RENEW_MS = 1000;
/** A process that serves a channel packaged by another reads the shared index again at most this often. */
export const FOLLOW_MS = 100;

/** The supervisor's packager locks (decision 0305): who runs a channel's ffmpeg, and following it elsewhere. */
export class PackagerLocks {
  private renewal: NodeJS.Timeout | undefined;
  private s: Supervision;

  constructor(s: Supervision) {
    this.s = s;
  }

  /** Renews the held locks and claims the wanted channels, every PACKAGER_RENEW_MS until `stop`. */
  start() {
    this.renewal = setInterval(() => {
      for (const e of this.s.channels.values()) if (e.held || this.wanted(e)) void this.claim(e);
    }, PACKAGER_RENEW_MS);
    this.renewal.unref();
  }

  stop() {
    if (this.renewal) clearInterval(this.renewal);
  }

  /** The channel should be packaged somewhere: recorded ones always, relays while someone watches. */
  private wanted(e: SupervisedChannel): boolean {
    if (this.s.closed) return false;
    const c = e.runner.channel;
    return c.mode === 'record' || this.s.now() - e.lastViewAt <= this.s.relayIdleMs;
  }

  /**
   * Takes or renews the channel's packager lock (decision 0305) and runs its ffmpeg here while it is held; a
   * channel no longer wanted gives the lock back. A process that cannot get the lock serves the channel from the
   * shared folder (`follow`). A Redis that is down leaves things as they are: the lock expires there anyway, and
   * the first answer after it comes back says who holds it.
   */
  claim(e: SupervisedChannel): Promise<void> {
    e.claiming ??= this.lockRound(e).finally(() => {
      e.claiming = undefined;
    });
    return e.claiming;
  }

  private async lockRound(e: SupervisedChannel) {
    const { s } = this;
    const id = e.runner.channel.logicalChannelId;
    const name = packagerLock(id);
    if (!this.wanted(e)) {
      if (e.held) {
        e.held = false;
        await e.runner.stop();
        await s.shared.unlock(name, s.owner).catch(() => {});
      }
      return;
    }
    let ok: boolean;
    try {
      // The supervisor starts before the server listens: the first lock waits for Redis's connection.
      await s.shared.ready();
      ok = await s.shared.lock(name, s.owner, PACKAGER_LOCK_TTL_MS);
    } catch (err) {
      s.log(`live ${id}: packager lock not renewed: ${String(err)}`);
      return;
    }
    if (s.closed || s.channels.get(id) !== e) return;
    if (ok && !e.held) {
      e.held = true;
      e.heldSince = s.now();
      // Continue where the previous packager stopped: its last segment number and decode time.
      e.timelines.refresh();
      if (s.shared.kind !== 'memory') s.log(`live ${id}: packaged by this process (${s.owner})`);
    } else if (!ok && e.held) {
      e.held = false;
      e.heldSince = undefined;
      s.log(`live ${id}: another process packages it now; this one stops its ffmpeg`);
      await e.runner.stop();
    }
    if (e.held && this.wanted(e)) e.runner.start();
  }

  /** A process that does not package the channel reads the packager's index (at most every FOLLOW_MS). */
  follow(e: SupervisedChannel) {
    if (e.held) return;
    const now = this.s.now();
    if (now - e.followedAt < FOLLOW_MS) return;
    e.followedAt = now;
    if (e.timelines.refresh()) for (const w of e.waiters.splice(0)) w();
  }

  /** Gives the lock back (a channel removed, the process closing), so another takes it without waiting. */
  release(e: SupervisedChannel): Promise<void> {
    return this.s.shared
      .unlock(packagerLock(e.runner.channel.logicalChannelId), this.s.owner)
      .catch(() => {});
  }
}
