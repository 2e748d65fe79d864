import type { ChannelSync } from './channelSync.ts';
import { FOLLOW_MS, type PackagerLocks } from './packagerLocks.ts';
import type { SupervisedChannel, Supervision } from './supervision.ts';

/** A relay channel is closed this long after its last viewer left (issue 17). */
export const RELAY_IDLE_MS = 60_000;
/** A viewer is someone who fetched a playlist within this window. */
const VIEWER_WINDOW_MS = 30_000;
/** The invalidation topic that tells the packager of a relay channel that another process has viewers for it. */
const VIEWER_TOPIC = 'live-viewer';

/**
 * The supervisor's viewers (issue 17): a viewer's touch opens a relay channel and waits for its first segment;
 * the viewers of the other processes keep it open through VIEWER_TOPIC; the last one gone, it closes.
 */
export class ViewerTouch {
  private s: Supervision;
  private sync: ChannelSync;
  private locks: PackagerLocks;

  constructor(s: Supervision, sync: ChannelSync, locks: PackagerLocks) {
    this.s = s;
    this.sync = sync;
    this.locks = locks;
  }

  /** Hears the other processes' viewers: a relay packaged here stays open while they watch. */
  listen() {
    this.s.shared.subscribe(VIEWER_TOPIC, (id) => {
      const e = this.s.channels.get(id);
      if (e) e.lastViewAt = this.s.now();
    });
  }

  /**
   * A viewer asked for the channel: counts them, opens a relay channel on its first viewer and resolves once the
   * timeline has a segment (at most `waitMs`).
   */
  async touch(logicalChannelId: string, viewer: string, waitMs = 10_000): Promise<boolean> {
    const { s } = this;
    // An idle channel's sources may have changed since the last read: the first viewer starts what is stored.
    if (!s.channels.get(logicalChannelId)?.runner.isRunning) await this.sync.syncChannel(logicalChannelId);
    const e = s.channels.get(logicalChannelId);
    if (!e || s.closed) return false;
    const now = s.now();
    e.viewers.set(viewer, now);
    e.lastViewAt = now;
    // The packager may be another process: it keeps a relay open while this one has viewers.
    if (!e.held && now - e.toldAt > s.relayIdleMs / 4) {
      e.toldAt = now;
      void s.shared.publish(VIEWER_TOPIC, logicalChannelId).catch(() => {});
    }
    await this.locks.claim(e);
    this.locks.follow(e);
    if (this.fresh(e)) return true;
    await new Promise<void>((resolve) => {
      const t = setTimeout(done, waitMs);
      // Packaged elsewhere: no segment event here, so the shared index is read until one comes.
      const poll = setInterval(() => this.locks.follow(e), FOLLOW_MS * 2);
      function done() {
        clearTimeout(t);
        clearInterval(poll);
        resolve();
      }
      e.waiters.push(done);
    });
    return this.fresh(e);
  }

  /** The channel runs and has a recent segment: serving it opens nothing (a prefetch may read it). */
  onAir(logicalChannelId: string): boolean {
    const e = this.s.channels.get(logicalChannelId);
    if (e) this.locks.follow(e);
    // Packaged here, or by another process that keeps the shared index fresh.
    const elsewhere = !e?.held && this.s.shared.kind !== 'memory';
    return !!e && (e.runner.isRunning || elsewhere) && this.fresh(e);
  }

  /** The newest segment is recent: the channel is on air now (not just an old recording). */
  private fresh(e: SupervisedChannel): boolean {
    const last = e.timelines.main.segments.at(-1);
    const { rules } = this.s;
    const limit = (rules.stallTargets + 2) * rules.segmentSec * 1000;
    return !!last && last.startMs + last.durationSec * 1000 > this.s.now() - limit;
  }

  /** Forgets viewers gone past VIEWER_WINDOW_MS; a relay without one for relayIdleMs is closed (housekeeping). */
  forgetIdle(e: SupervisedChannel, now: number) {
    for (const [v, at] of e.viewers) if (now - at > VIEWER_WINDOW_MS) e.viewers.delete(v);
    // A viewer still waiting for the first segment is watching.
    if (e.waiters.length) e.lastViewAt = now;
    const c = e.runner.channel;
    if (c.mode === 'relay' && e.runner.isRunning && now - e.lastViewAt > this.s.relayIdleMs) {
      this.s.log(`live ${c.logicalChannelId}: no viewer for a while, relay closed`);
      void e.runner.stop();
      void this.locks.claim(e);
    }
  }
}
