import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../store/db.ts';
import { ChannelRunner, DEFAULT_RULES, type SourceHealth, type WatchdogRules } from './channel.ts';
import { liveFfmpegPath } from './ffmpegRun.ts';
import { type LiveChannel, type LiveMode, listLiveChannels } from './store.ts';
import { Timeline } from './timeline.ts';

/** A relay channel is closed this long after its last viewer left (issue 17). */
export const RELAY_IDLE_MS = 60_000;
/** A viewer is someone who fetched a playlist within this window. */
const VIEWER_WINDOW_MS = 30_000;
/** Segments a relay channel keeps: the live window and a little more (no recording). */
const RELAY_KEEP_SEGMENTS = 30;

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
  viewers: number;
  switches24h: number;
  segments: number;
  diskBytes: number;
  sources: SourceHealth[];
}

export interface LiveStatus {
  at: number;
  channels: LiveChannelStatus[];
}

/** The status file the server writes and `live status` reads (the CLI runs in another process). */
export const statusFile = (dataDir: string) => join(dataDir, 'live', 'status.json');

export function readStatusFile(dataDir: string): LiveStatus | undefined {
  try {
    return JSON.parse(readFileSync(statusFile(dataDir), 'utf8')) as LiveStatus;
  } catch {
    return undefined;
  }
}

interface Entry {
  runner: ChannelRunner;
  timeline: Timeline;
  viewers: Map<string, number>;
  lastViewAt: number;
  waiters: (() => void)[];
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

  private o: LiveOptions;

  constructor(o: LiveOptions) {
    this.o = o;
    this.rules = { ...DEFAULT_RULES, ...o.rules };
    this.now = o.now ?? Date.now;
    this.log = o.log ?? ((l) => console.log(l));
    this.root = join(o.dataDir, 'live');
    mkdirSync(this.root, { recursive: true });
  }

  /** Reads the channels and starts the recorded ones; then keeps watching. */
  start() {
    this.sync();
    this.timer = setInterval(() => this.housekeep(), 2000);
    this.timer.unref();
    this.reload = setInterval(() => this.sync(), this.o.reloadMs ?? 5000);
    this.reload.unref();
  }

  /** Applies the store: new channels, changed sources or modes, removed channels. */
  sync() {
    if (this.closed) return;
    const channels = listLiveChannels(this.o.db);
    const seen = new Set<string>();
    for (const c of channels) {
      seen.add(c.logicalChannelId);
      this.byStream.set(c.liveStreamId, c.logicalChannelId);
      const e = this.entries.get(c.logicalChannelId) ?? this.add(c);
      e.runner.update(c);
      if (c.mode === 'record') e.runner.start();
    }
    for (const [id, e] of this.entries) {
      if (seen.has(id)) continue;
      void e.runner.stop();
      this.entries.delete(id);
      this.byStream.delete(e.runner.channel.liveStreamId);
    }
  }

  private add(c: LiveChannel): Entry {
    const timeline = new Timeline(join(this.root, 'channels'), c.logicalChannelId);
    const entry: Entry = {
      timeline,
      viewers: new Map(),
      lastViewAt: 0,
      waiters: [],
      runner: undefined as never,
    };
    entry.runner = new ChannelRunner(c, {
      ffmpeg: this.o.ffmpeg ?? liveFfmpegPath(),
      mediaDir: this.o.mediaDir,
      workRoot: join(this.root, 'work', encodeURIComponent(c.logicalChannelId)),
      timeline,
      rules: this.rules,
      now: this.now,
      log: this.log,
      onSegment: () => {
        for (const w of entry.waiters.splice(0)) w();
      },
    });
    this.entries.set(c.logicalChannelId, entry);
    return entry;
  }

  /** The channel a stream id belongs to, when it is fed by live sources. */
  channelOfStream(liveStreamId: string): string | undefined {
    return this.byStream.get(liveStreamId);
  }

  timeline(logicalChannelId: string): Timeline | undefined {
    return this.entries.get(logicalChannelId)?.timeline;
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
    const e = this.entries.get(logicalChannelId);
    if (!e || this.closed) return false;
    const now = this.now();
    e.viewers.set(viewer, now);
    e.lastViewAt = now;
    e.runner.start();
    if (this.fresh(e)) return true;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, waitMs);
      e.waiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
    return this.fresh(e);
  }

  /** The newest segment is recent: the channel is on air now (not just an old recording). */
  private fresh(e: Entry): boolean {
    const last = e.timeline.segments.at(-1);
    const limit = (this.rules.stallTargets + 2) * this.rules.segmentSec * 1000;
    return !!last && last.startMs + last.durationSec * 1000 > this.now() - limit;
  }

  private housekeep() {
    const now = this.now();
    for (const e of this.entries.values()) {
      for (const [v, at] of e.viewers) if (now - at > VIEWER_WINDOW_MS) e.viewers.delete(v);
      const c = e.runner.channel;
      // A viewer still waiting for the first segment is watching.
      if (e.waiters.length) e.lastViewAt = now;
      try {
        this.trim(e, now);
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
      writeFileSync(statusFile(this.o.dataDir), `${JSON.stringify(status)}\n`);
    } catch (err) {
      // A full disk must not stop the server: the status file is only a view.
      this.log(`live: status file not written: ${String(err)}`);
    }
  }

  /** Relay keeps a short buffer; record keeps its retention. */
  private trim(e: Entry, now: number) {
    const c = e.runner.channel;
    if (c.mode === 'relay') e.timeline.trim({ keepLast: RELAY_KEEP_SEGMENTS });
    else e.timeline.trim({ beforeMs: now - c.retentionDays * 86_400_000 });
  }

  status(): LiveStatus {
    const now = this.now();
    return {
      at: now,
      channels: [...this.entries.values()].map((e) => {
        const c = e.runner.channel;
        const active = e.runner.activeIndex;
        return {
          logicalChannelId: c.logicalChannelId,
          liveStreamId: c.liveStreamId,
          mode: c.mode,
          retentionDays: c.retentionDays,
          running: e.runner.isRunning,
          ...(active === undefined ? {} : { activeSource: active + 1 }),
          viewers: e.viewers.size,
          switches24h: e.runner.switches24h(now),
          segments: e.timeline.segments.length,
          diskBytes: e.timeline.bytes,
          sources: e.runner.health.map((h) => ({ ...h })),
        };
      }),
    };
  }

  /** Stops every channel and waits until every ffmpeg is gone. */
  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.reload) clearInterval(this.reload);
    await Promise.all([...this.entries.values()].map((e) => e.runner.stop()));
    for (const e of this.entries.values()) for (const w of e.waiters.splice(0)) w();
    rmSync(join(this.root, 'work'), { recursive: true, force: true });
  }
}
