import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { upstreamAllowSetting } from '../domain/appConfig.ts';
import { type LockHolder, type SharedState, sharedStateOf } from '../shared/sharedState.ts';
import type { Db } from '../store/db.ts';
import { ChannelRunner, DEFAULT_RULES, type SourceHealth, type WatchdogRules } from './channel.ts';
import { liveFfmpegPath } from './ffmpegRun.ts';
import { DAY_MS, HealthSampler, trimHealth } from './healthHistory.ts';
import { forgetSupervisor, registerSupervisor } from './registry.ts';
import { packagerLock, removeStaleStatusFiles, statusFileOf, writeStatusFile } from './clusterStatus.ts';
import {
  channelOfStreamId,
  type LiveChannel,
  type LiveMode,
  listLiveChannels,
  recordSwitch,
  switchesSince,
  trimSwitches,
} from './store.ts';
import { renditionsOf } from './ladder.ts';
import { ChannelTimelines } from './renditions.ts';
import type { Timeline } from './timeline.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';

/** A relay channel is closed this long after its last viewer left (issue 17). */
export const RELAY_IDLE_MS = 60_000;
/** A viewer is someone who fetched a playlist within this window. */
const VIEWER_WINDOW_MS = 30_000;
/** Segments a relay channel keeps: the live window and a little more (no recording). */
const RELAY_KEEP_SEGMENTS = 30;
/**
 * One packager per channel across processes (decision 0305): the lock `live:<channel>` lives this long unless its
 * holder renews it, which it does every PACKAGER_RENEW_MS. A holder killed with -9 is replaced within about
 * TTL + one renewal period.
 */
export const PACKAGER_LOCK_TTL_MS = 3000;
export const PACKAGER_RENEW_MS = 1000;
/** A process that serves a channel packaged by another reads the shared index again at most this often. */
const FOLLOW_MS = 100;
/** The invalidation topic that tells the packager of a relay channel that another process has viewers for it. */
const VIEWER_TOPIC = 'live-viewer';

export interface LiveOptions {
  db: Db;
  dataDir: string;
  /** Where `file://` sources may point (the media folder). */
  mediaDir: string;
  ffmpeg?: string;
  rules?: Partial<WatchdogRules>;
  relayIdleMs?: number;
  now?: () => number;
  log?: (line: string) => void;
  /** How often the store is read again for changed sources and modes, ms. */
  reloadMs?: number;
  /** Where the packager locks live: the server's shared state over `db` (memory, or Redis) by default. */
  shared?: SharedState;
}

/** One channel as `live status` shows it. */
export interface LiveChannelStatus {
  logicalChannelId: string;
  liveStreamId: string;
  mode: LiveMode;
  retentionDays: number;
  running: boolean;
  /** Position (1-based) of the source feeding the channel now. */
  activeSource?: number;
  /** Position of the source an operator put on air, held there until it fails (decision 0383). */
  askedSource?: number;
  viewers: number;
  switches24h: number;
  segments: number;
  diskBytes: number;
  /** Recording stopped on a full disk: an alarm. */
  diskFull?: boolean;
  sources: SourceHealth[];
  /** The process that packages the channel (holds its lock) and since when; absent when none does (0317). */
  packager?: LockHolder;
}

/** One process's view, written to its status file (`clusterStatus.ts`) every 2 s for `live status`. */
export interface LiveStatus {
  at: number;
  /** The process that wrote it, as it names itself in the packager locks. */
  owner?: string;
  channels: LiveChannelStatus[];
}

interface Entry {
  runner: ChannelRunner;
  timelines: ChannelTimelines;
  viewers: Map<string, number>;
  lastViewAt: number;
  waiters: (() => void)[];
  /** This process holds the channel's packager lock: its ffmpeg runs here; otherwise it follows the index. */
  held: boolean;
  /** Since when this process holds the lock (its clock). */
  heldSince?: number;
  /** A lock call under way (one at a time per channel). */
  claiming?: Promise<void>;
  followedAt: number;
  /** When this process last told the others it has viewers (a relay's packager may be elsewhere). */
  toldAt: number;
}

/**
 * The live supervisor (decision 0222): one ChannelRunner (one ffmpeg) per active channel. `record` channels run
 * always; `relay` channels start on their first viewer and stop RELAY_IDLE_MS after the last. It trims recordings
 * past their retention, writes the status file every 2 s, and stops every ffmpeg on close.
 */
export class LiveSupervisor {
  private entries = new Map<string, Entry>();
  private byStream = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private reload: NodeJS.Timeout | undefined;
  private closed = false;
  readonly rules: WatchdogRules;
  private now: () => number;
  private log: (line: string) => void;
  private root: string;
  /** Stream ids asked for that no channel with sources has, until the next full read (sample loops). */
  private misses = new Set<string>();
  private switchesTrimmedAt = 0;
  /** The 24 h history of the channels this process packages (issue 37). */
  private healthSampler: HealthSampler;
  private locks: NodeJS.Timeout | undefined;
  /** Who this process is in the packager locks; its ffmpeg work folders carry its pid. */
  readonly owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private workDir: string;

  private o: LiveOptions;

  constructor(o: LiveOptions) {
    this.o = o;
    this.rules = { ...DEFAULT_RULES, ...o.rules };
    this.now = o.now ?? Date.now;
    const log = o.log ?? ((l) => console.log(l));
    // Every live line may quote a source URL or ffmpeg's words about it: its secrets never reach the log.
    this.log = (line) => log(maskSecrets(line));
    this.healthSampler = new HealthSampler(o.db, this.log);
    this.root = join(o.dataDir, 'live');
    this.workDir = join(this.root, 'work', String(process.pid));
    mkdirSync(this.root, { recursive: true });
    // The operator calls of this process find it to read health and to apply a change at once.
    registerSupervisor(o.dataDir, this);
  }

  /** Reads the channels and starts the recorded ones; then keeps watching. */
  start() {
    this.clearDeadWork();
    removeStaleStatusFiles(this.o.dataDir, this.now());
    this.shared.subscribe(VIEWER_TOPIC, (id) => {
      const e = this.entries.get(id);
      if (e) e.lastViewAt = this.now();
    });
    this.sync();
    this.timer = setInterval(() => this.housekeep(), 2000);
    this.timer.unref();
    this.reload = setInterval(() => this.sync(), this.o.reloadMs ?? 5000);
    this.reload.unref();
    this.locks = setInterval(() => {
      for (const e of this.entries.values()) if (e.held || this.wanted(e)) void this.claim(e);
    }, PACKAGER_RENEW_MS);
    this.locks.unref();
  }

  private get shared(): SharedState {
    return this.o.shared ?? sharedStateOf(this.o.db);
  }

  /** Work folders of processes gone (killed with -9 on this machine): their ffmpeg died with them. */
  private clearDeadWork() {
    let pids: string[] = [];
    try {
      pids = readdirSync(join(this.root, 'work'));
    } catch {
      return;
    }
    for (const pid of pids) {
      if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
      try {
        process.kill(Number(pid), 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ESRCH')
          rmSync(join(this.root, 'work', pid), { recursive: true, force: true });
      }
    }
  }

  /** The channel should be packaged somewhere: recorded ones always, relays while someone watches. */
  private wanted(e: Entry): boolean {
    if (this.closed) return false;
    const c = e.runner.channel;
    return c.mode === 'record' || this.now() - e.lastViewAt <= (this.o.relayIdleMs ?? RELAY_IDLE_MS);
  }

  /**
   * Takes or renews the channel's packager lock (decision 0305) and runs its ffmpeg here while it is held; a
   * channel no longer wanted gives the lock back. A process that cannot get the lock serves the channel from the
   * shared folder (`follow`). A Redis that is down leaves things as they are: the lock expires there anyway, and
   * the first answer after it comes back says who holds it.
   */
  private claim(e: Entry): Promise<void> {
    e.claiming ??= this.lockRound(e).finally(() => {
      e.claiming = undefined;
    });
    return e.claiming;
  }

  private async lockRound(e: Entry) {
    const id = e.runner.channel.logicalChannelId;
    const name = packagerLock(id);
    if (!this.wanted(e)) {
      if (e.held) {
        e.held = false;
        await e.runner.stop();
        await this.shared.unlock(name, this.owner).catch(() => {});
      }
      return;
    }
    let ok: boolean;
    try {
      // The supervisor starts before the server listens: the first lock waits for Redis's connection.
      await this.shared.ready();
      ok = await this.shared.lock(name, this.owner, PACKAGER_LOCK_TTL_MS);
    } catch (err) {
      this.log(`live ${id}: packager lock not renewed: ${String(err)}`);
      return;
    }
    if (this.closed || this.entries.get(id) !== e) return;
    if (ok && !e.held) {
      e.held = true;
      e.heldSince = this.now();
      // Continue where the previous packager stopped: its last segment number and decode time.
      e.timelines.refresh();
      if (this.shared.kind !== 'memory') this.log(`live ${id}: packaged by this process (${this.owner})`);
    } else if (!ok && e.held) {
      e.held = false;
      e.heldSince = undefined;
      this.log(`live ${id}: another process packages it now; this one stops its ffmpeg`);
      await e.runner.stop();
    }
    if (e.held && this.wanted(e)) e.runner.start();
  }

  /** A process that does not package the channel reads the packager's index (at most every FOLLOW_MS). */
  private follow(e: Entry) {
    if (e.held) return;
    const now = this.now();
    if (now - e.followedAt < FOLLOW_MS) return;
    e.followedAt = now;
    if (e.timelines.refresh()) for (const w of e.waiters.splice(0)) w();
  }

  /** Applies the store: new channels, changed sources or modes, removed channels. */
  sync() {
    if (this.closed) return;
    const channels = listLiveChannels(this.o.db);
    this.misses.clear();
    const seen = new Set<string>();
    for (const c of channels) {
      seen.add(c.logicalChannelId);
      this.apply(c);
    }
    for (const id of this.entries.keys()) if (!seen.has(id)) this.remove(id);
  }

  /**
   * Reads one channel again now (decision 0255): after the operator changed its sources or mode, and when an idle
   * channel is asked for, so neither waits for the next full read.
   */
  syncChannel(logicalChannelId: string) {
    if (this.closed) return;
    const [c] = listLiveChannels(this.o.db, logicalChannelId);
    if (c) this.apply(c);
    else this.remove(logicalChannelId);
  }

  private apply(c: LiveChannel) {
    const known = this.entries.get(c.logicalChannelId);
    // A channel given its own sources gets a stream id of its own: the old one no longer leads here.
    if (known && known.runner.channel.liveStreamId !== c.liveStreamId)
      this.byStream.delete(known.runner.channel.liveStreamId);
    this.byStream.set(c.liveStreamId, c.logicalChannelId);
    this.misses.delete(c.liveStreamId);
    const e = known ?? this.add(c);
    // The renditions follow the video option before the runner restarts on it (decision 0270).
    e.timelines.use(renditionsOf(c.video));
    e.runner.update(c);
    if (c.mode === 'record' || e.held) void this.claim(e);
  }

  private remove(logicalChannelId: string) {
    const e = this.entries.get(logicalChannelId);
    if (!e) return;
    void e.runner.stop();
    if (e.held) void this.shared.unlock(packagerLock(logicalChannelId), this.owner).catch(() => {});
    e.held = false;
    this.healthSampler.forget(logicalChannelId);
    this.entries.delete(logicalChannelId);
    this.byStream.delete(e.runner.channel.liveStreamId);
  }

  private add(c: LiveChannel): Entry {
    const timelines = new ChannelTimelines(join(this.root, 'channels'), c.logicalChannelId);
    const entry: Entry = {
      timelines,
      viewers: new Map(),
      lastViewAt: 0,
      waiters: [],
      runner: undefined as never,
      held: false,
      followedAt: 0,
      toldAt: 0,
    };
    entry.runner = new ChannelRunner(c, {
      ffmpeg: this.o.ffmpeg ?? liveFfmpegPath(),
      mediaDir: this.o.mediaDir,
      workRoot: join(this.workDir, encodeURIComponent(c.logicalChannelId)),
      timeline: timelines,
      rules: this.rules,
      now: this.now,
      log: this.log,
      upstreamAllow: () => upstreamAllowSetting(this.o.db),
      onSegment: () => {
        for (const w of entry.waiters.splice(0)) w();
      },
      onSwitch: (at) => {
        try {
          recordSwitch(this.o.db, c.logicalChannelId, at);
        } catch (err) {
          // A full disk must not stop the channel: the count in memory goes on.
          this.log(`live ${c.logicalChannelId}: switch not kept: ${String(err)}`);
        }
      },
    });
    // Switches of the last 24 h from before a restart still count.
    entry.runner.switches = switchesSince(this.o.db, c.logicalChannelId, this.now() - DAY_MS);
    this.entries.set(c.logicalChannelId, entry);
    return entry;
  }

  /** The channel a stream id belongs to, when it is fed by live sources. */
  channelOfStream(liveStreamId: string): string | undefined {
    const known = this.byStream.get(liveStreamId);
    if (known || this.closed || this.misses.has(liveStreamId)) return known;
    // The first request of a channel given sources since the last full read: read it now (decision 0255).
    const id = channelOfStreamId(this.o.db, liveStreamId);
    if (id) this.syncChannel(id);
    const found = this.byStream.get(liveStreamId);
    if (!found) this.misses.add(liveStreamId);
    return found;
  }

  /** The channel's main timeline (the input's own rendition, or the ladder's top rung). */
  timeline(logicalChannelId: string): Timeline | undefined {
    const e = this.entries.get(logicalChannelId);
    if (e) this.follow(e);
    return e?.timelines.main;
  }

  /** Every rendition the channel packages now, best first, with its timeline (decision 0270). */
  renditions(logicalChannelId: string): { name: string; timeline: Timeline }[] {
    const e = this.entries.get(logicalChannelId);
    if (e) this.follow(e);
    return e?.timelines.renditions ?? [];
  }

  /** The channel as last read from the store. */
  channel(logicalChannelId: string): LiveChannel | undefined {
    return this.entries.get(logicalChannelId)?.runner.channel;
  }

  mode(logicalChannelId: string): LiveMode | undefined {
    return this.entries.get(logicalChannelId)?.runner.channel.mode;
  }

  /**
   * A viewer asked for the channel: counts them, opens a relay channel on its first viewer and resolves once the
   * timeline has a segment (at most `waitMs`).
   */
  async touch(logicalChannelId: string, viewer: string, waitMs = 10_000): Promise<boolean> {
    // An idle channel's sources may have changed since the last read: the first viewer starts what is stored.
    if (!this.entries.get(logicalChannelId)?.runner.isRunning) this.syncChannel(logicalChannelId);
    const e = this.entries.get(logicalChannelId);
    if (!e || this.closed) return false;
    const now = this.now();
    e.viewers.set(viewer, now);
    e.lastViewAt = now;
    // The packager may be another process: it keeps a relay open while this one has viewers.
    if (!e.held && now - e.toldAt > (this.o.relayIdleMs ?? RELAY_IDLE_MS) / 4) {
      e.toldAt = now;
      void this.shared.publish(VIEWER_TOPIC, logicalChannelId).catch(() => {});
    }
    await this.claim(e);
    this.follow(e);
    if (this.fresh(e)) return true;
    await new Promise<void>((resolve) => {
      const t = setTimeout(done, waitMs);
      // Packaged elsewhere: no segment event here, so the shared index is read until one comes.
      const poll = setInterval(() => this.follow(e), FOLLOW_MS * 2);
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
    const e = this.entries.get(logicalChannelId);
    if (e) this.follow(e);
    // Packaged here, or by another process that keeps the shared index fresh.
    const elsewhere = !e?.held && this.shared.kind !== 'memory';
    return !!e && (e.runner.isRunning || elsewhere) && this.fresh(e);
  }

  /** The newest segment is recent: the channel is on air now (not just an old recording). */
  private fresh(e: Entry): boolean {
    const last = e.timelines.main.segments.at(-1);
    const limit = (this.rules.stallTargets + 2) * this.rules.segmentSec * 1000;
    return !!last && last.startMs + last.durationSec * 1000 > this.now() - limit;
  }

  private housekeep() {
    const now = this.now();
    if (now - this.switchesTrimmedAt > 3_600_000) {
      this.switchesTrimmedAt = now;
      try {
        trimSwitches(this.o.db, now - DAY_MS);
        trimHealth(this.o.db, now - DAY_MS);
      } catch (err) {
        this.log(`live: old switches not trimmed: ${String(err)}`);
      }
    }
    for (const e of this.entries.values()) {
      for (const [v, at] of e.viewers) if (now - at > VIEWER_WINDOW_MS) e.viewers.delete(v);
      const c = e.runner.channel;
      // A viewer still waiting for the first segment is watching.
      if (e.waiters.length) e.lastViewAt = now;
      if (e.held && e.runner.isRunning) {
        const onAir = e.runner.activeIndex === undefined ? undefined : e.runner.health[e.runner.activeIndex];
        this.healthSampler.sample(c.logicalChannelId, now, onAir?.bitrate ?? 0, e.runner.failures);
      }
      try {
        // Only the packager trims: it alone writes the channel's folder (decision 0305).
        if (e.held || this.shared.kind === 'memory') this.trim(e, now);
      } catch (err) {
        // A full disk must not stop the server; the next round tries again.
        this.log(`live ${c.logicalChannelId}: trimming failed: ${String(err)}`);
      }
      if (
        c.mode === 'relay' &&
        e.runner.isRunning &&
        now - e.lastViewAt > (this.o.relayIdleMs ?? RELAY_IDLE_MS)
      ) {
        this.log(`live ${c.logicalChannelId}: no viewer for a while, relay closed`);
        void e.runner.stop();
        void this.claim(e);
      }
    }
    try {
      // Idle imported channels (thousands in a big line-up) are left out of the file; status() has them all.
      const status = this.status();
      status.channels = status.channels.filter(
        (c) =>
          c.running ||
          c.segments > 0 ||
          this.entries.get(c.logicalChannelId)?.runner.channel.sources[0]?.origin === 'operator',
      );
      writeStatusFile(this.o.dataDir, status);
    } catch (err) {
      // A full disk must not stop the server: the status file is only a view.
      this.log(`live: status file not written: ${String(err)}`);
    }
  }

  /** Relay keeps a short buffer; record keeps its retention. */
  private trim(e: Entry, now: number) {
    const c = e.runner.channel;
    if (c.mode === 'relay') e.timelines.trim({ keepLast: RELAY_KEEP_SEGMENTS });
    else e.timelines.trim({ beforeMs: now - c.retentionDays * 86_400_000 });
  }

  status(): LiveStatus {
    const now = this.now();
    return {
      at: now,
      owner: this.owner,
      channels: [...this.entries.values()].map((e) => this.statusOf(e, now)),
    };
  }

  /**
   * Writes the health sampled so far, so that a read of the history in this process sees this very second, and
   * answers this supervisor's clock: the history is read at it, as the switch count is.
   */
  flushHealth(): number {
    const now = this.now();
    this.healthSampler.flush(now);
    return now;
  }

  /** One channel's status, when it has sources. */
  channelStatus(logicalChannelId: string): LiveChannelStatus | undefined {
    const e = this.entries.get(logicalChannelId);
    return e && this.statusOf(e, this.now());
  }

  private statusOf(e: Entry, now: number): LiveChannelStatus {
    const c = e.runner.channel;
    const active = e.runner.activeIndex;
    const asked = e.runner.askedIndex;
    return {
      logicalChannelId: c.logicalChannelId,
      liveStreamId: c.liveStreamId,
      mode: c.mode,
      retentionDays: c.retentionDays,
      running: e.runner.isRunning,
      ...(active === undefined ? {} : { activeSource: active + 1 }),
      ...(asked === undefined ? {} : { askedSource: asked + 1 }),
      viewers: e.viewers.size,
      switches24h: e.runner.switches24h(now),
      segments: e.timelines.main.segments.length,
      diskBytes: e.timelines.bytes,
      ...(e.runner.diskFull ? { diskFull: true } : {}),
      sources: e.runner.health.map((h) => ({ ...h })),
      ...(e.held ? { packager: { owner: this.owner, since: e.heldSince ?? now } } : {}),
    };
  }

  /** Stops every channel and waits until every ffmpeg is gone. */
  async close() {
    this.closed = true;
    forgetSupervisor(this.o.dataDir, this);
    if (this.timer) clearInterval(this.timer);
    if (this.reload) clearInterval(this.reload);
    if (this.locks) clearInterval(this.locks);
    this.healthSampler.flush(this.now());
    await Promise.all([...this.entries.values()].map((e) => e.runner.stop()));
    // Given back at once, so another process takes the channels over without waiting for the locks to expire.
    await Promise.all(
      [...this.entries.values()]
        .filter((e) => e.held)
        .map((e) =>
          this.shared.unlock(packagerLock(e.runner.channel.logicalChannelId), this.owner).catch(() => {}),
        ),
    );
    for (const e of this.entries.values()) for (const w of e.waiters.splice(0)) w();
    rmSync(this.workDir, { recursive: true, force: true });
    // Its view goes with it: the others' files say who packages now.
    rmSync(statusFileOf(this.o.dataDir, this.owner), { force: true });
  }
}
