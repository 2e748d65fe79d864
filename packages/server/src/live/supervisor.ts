import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { sharedStateOf } from '../shared/sharedState.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';
import { DEFAULT_RULES, type WatchdogRules } from './channel.ts';
import { ChannelSync } from './channelSync.ts';
import { removeStaleStatusFiles, statusFileOf, writeStatusFile } from './clusterStatus.ts';
import {
  type LiveChannelStatus,
  type LiveStatus,
  liveStatus,
  statusFileView,
  statusOf,
} from './liveStatus.ts';
import { DAY_MS } from '../guide/days.ts';
import { HealthSampler, trimHealth } from './healthHistory.ts';
import { PackagerLocks } from './packagerLocks.ts';
import { forgetSupervisor, registerSupervisor } from './registry.ts';
import { type LiveChannel, type LiveMode, trimSwitches } from './store.ts';
import type { LiveOptions, SupervisedChannel, Supervision } from './supervision.ts';
import type { Timeline } from './timeline.ts';
import { RELAY_IDLE_MS, ViewerTouch } from './viewerTouch.ts';

export type { LiveOptions } from './supervision.ts';

/** Segments a relay channel keeps: the live window and a little more (no recording). */
const RELAY_KEEP_SEGMENTS = 30;

/**
 * The live supervisor (decision 0222): one ChannelRunner (one ffmpeg) per active channel. `record` channels run
 * always; `relay` channels start on their first viewer and stop RELAY_IDLE_MS after the last. It trims recordings
 * past their retention, writes the status file every 2 s, and stops every ffmpeg on close. Its parts, over one
 * shared `Supervision`: the store sync (`channelSync.ts`), the packager locks (`packagerLocks.ts`), the viewers
 * (`viewerTouch.ts`) and the status (`liveStatus.ts`).
 */
export class LiveSupervisor {
  private s: Supervision;
  private channelSync: ChannelSync;
  private locks: PackagerLocks;
  private viewers: ViewerTouch;
  private timer: NodeJS.Timeout | undefined;
  private reload: NodeJS.Timeout | undefined;
  private switchesTrimmedAt = 0;
  readonly rules: WatchdogRules;
  readonly owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

  constructor(o: LiveOptions) {
    this.rules = { ...DEFAULT_RULES, ...o.rules };
    const log = o.log ?? ((l) => console.log(l));
    const root = join(o.dataDir, 'live');
    // Every live line may quote a source URL or ffmpeg's words about it: its secrets never reach the log.
    const masked = (line: string) => log(maskSecrets(line));
    this.s = {
      o,
      channels: new Map(),
      rules: this.rules,
      now: o.now ?? Date.now,
      log: masked,
      health: new HealthSampler(o.db, masked),
      owner: this.owner,
      root,
      workDir: join(root, 'work', String(process.pid)),
      relayIdleMs: o.relayIdleMs ?? RELAY_IDLE_MS,
      get shared() {
        return o.shared ?? sharedStateOf(o.db);
      },
      closed: false,
    };
    this.locks = new PackagerLocks(this.s);
    this.channelSync = new ChannelSync(this.s, this.locks);
    this.viewers = new ViewerTouch(this.s, this.channelSync, this.locks);
    mkdirSync(root, { recursive: true });
    // The operator calls of this process find it to read health and to apply a change at once.
    registerSupervisor(o.dataDir, this);
  }

  /**
   * Reads the channels and starts the recorded ones; then keeps watching. Resolves once the first read is applied
   * (a store that fails it is said in the log, and the next read tries again).
   */
  start(): Promise<void> {
    this.clearDeadWork();
    removeStaleStatusFiles(this.s.o.dataDir, this.s.now());
    this.viewers.listen();
    const first = this.syncLogged();
    this.timer = setInterval(() => this.housekeep(), 2000);
    this.timer.unref();
    this.reload = setInterval(() => this.syncLogged(), this.s.o.reloadMs ?? 5000);
    this.reload.unref();
    this.locks.start();
    return first;
  }

  /** Work folders of processes gone (killed with -9 on this machine): their ffmpeg died with them. */
  private clearDeadWork() {
    const work = join(this.s.root, 'work');
    let pids: string[] = [];
    try {
      pids = readdirSync(work);
    } catch {
      return;
    }
    for (const pid of pids) {
      if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
      try {
        process.kill(Number(pid), 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ESRCH')
          rmSync(join(work, pid), { recursive: true, force: true });
      }
    }
  }

  /** Applies the store: new channels, changed sources or modes, removed channels. */
  sync(): Promise<void> {
    return this.channelSync.sync();
  }

  /** The timers' read: a store that fails (PostgreSQL restarting) is said in the log, and the next read tries again. */
  private syncLogged(): Promise<void> {
    return this.sync().catch((err) => {
      if (!this.s.closed) this.s.log(`live: channels not read: ${String(err)}`);
    });
  }

  /** Reads one channel again now (decision 0255), without waiting for the next full read. */
  syncChannel(logicalChannelId: string): Promise<void> {
    return this.channelSync.syncChannel(logicalChannelId);
  }

  /** The channel a stream id belongs to, when it is fed by live sources. */
  channelOfStream(liveStreamId: string): Promise<string | undefined> {
    return this.channelSync.channelOfStream(liveStreamId);
  }

  /** The channel's main timeline (the input's own rendition, or the ladder's top rung). */
  timeline(logicalChannelId: string): Timeline | undefined {
    return this.followed(logicalChannelId)?.timelines.main;
  }

  /** Every rendition the channel packages now, best first, with its timeline (decision 0270). */
  renditions(logicalChannelId: string): { name: string; timeline: Timeline }[] {
    return this.followed(logicalChannelId)?.timelines.renditions ?? [];
  }

  /** The channel, its index read again first when another process packages it. */
  private followed(logicalChannelId: string): SupervisedChannel | undefined {
    const e = this.s.channels.get(logicalChannelId);
    if (e) this.locks.follow(e);
    return e;
  }

  /** The channel as last read from the store. */
  channel(logicalChannelId: string): LiveChannel | undefined {
    return this.s.channels.get(logicalChannelId)?.runner.channel;
  }

  mode(logicalChannelId: string): LiveMode | undefined {
    return this.s.channels.get(logicalChannelId)?.runner.channel.mode;
  }

  /** A viewer asked for the channel: opens a relay on its first viewer, resolves on a segment (`waitMs` at most). */
  touch(logicalChannelId: string, viewer: string, waitMs?: number): Promise<boolean> {
    return this.viewers.touch(logicalChannelId, viewer, waitMs);
  }

  /** The channel runs and has a recent segment: serving it opens nothing (a prefetch may read it). */
  onAir(logicalChannelId: string): boolean {
    return this.viewers.onAir(logicalChannelId);
  }

  private housekeep() {
    const { s } = this;
    const now = s.now();
    if (now - this.switchesTrimmedAt > 3_600_000) {
      this.switchesTrimmedAt = now;
      Promise.all([trimSwitches(s.o.db, now - DAY_MS), trimHealth(s.o.db, now - DAY_MS)]).catch((err) =>
        s.log(`live: old switches not trimmed: ${String(err)}`),
      );
    }
    for (const e of s.channels.values()) {
      try {
        // Only the packager trims: it alone writes the channel's folder (decision 0305).
        if (e.held || s.shared.kind === 'memory') this.trim(e, now);
      } catch (err) {
        // A full disk must not stop the server; the next round tries again.
        s.log(`live ${e.runner.channel.logicalChannelId}: trimming failed: ${String(err)}`);
      }
      this.viewers.forgetIdle(e, now);
      if (e.held && e.runner.isRunning) {
        const onAir = e.runner.activeIndex === undefined ? undefined : e.runner.health[e.runner.activeIndex];
        s.health.sample(e.runner.channel.logicalChannelId, now, onAir?.bitrate ?? 0, e.runner.failures);
      }
    }
    try {
      writeStatusFile(s.o.dataDir, statusFileView(s));
    } catch (err) {
      // A full disk must not stop the server: the status file is only a view.
      s.log(`live: status file not written: ${String(err)}`);
    }
  }

  /** Relay keeps a short buffer; record keeps its retention. */
  private trim(e: SupervisedChannel, now: number) {
    const c = e.runner.channel;
    if (c.mode === 'relay') e.timelines.trim({ keepLast: RELAY_KEEP_SEGMENTS });
    else e.timelines.trim({ beforeMs: now - c.retentionDays * DAY_MS });
  }

  status(): LiveStatus {
    return liveStatus(this.s);
  }

  /**
   * Writes the health sampled so far, so that a read of the history in this process sees this very second, and
   * answers this supervisor's clock: the history is read at it, as the switch count is.
   */
  async flushHealth(): Promise<number> {
    const now = this.s.now();
    await this.s.health.flush(now);
    return now;
  }

  /** One channel's status, when it has sources. */
  channelStatus(logicalChannelId: string): LiveChannelStatus | undefined {
    const e = this.s.channels.get(logicalChannelId);
    return e && statusOf(this.s, e, this.s.now());
  }

  /** Stops every channel and waits until every ffmpeg is gone. */
  async close() {
    const { s } = this;
    s.closed = true;
    forgetSupervisor(s.o.dataDir, this);
    if (this.timer) clearInterval(this.timer);
    if (this.reload) clearInterval(this.reload);
    this.locks.stop();
    await s.health.flush(s.now());
    const channels = [...s.channels.values()];
    await Promise.all(channels.map((e) => e.runner.stop()));
    // Given back at once, so another process takes the channels over without waiting for the locks to expire.
    await Promise.all(channels.filter((e) => e.held).map((e) => this.locks.release(e)));
    for (const e of channels) for (const w of e.waiters.splice(0)) w();
    rmSync(s.workDir, { recursive: true, force: true });
    // Its view goes with it: the others' files say who packages now.
    rmSync(statusFileOf(s.o.dataDir, this.owner), { force: true });
  }
}
