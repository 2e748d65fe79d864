import { join } from 'node:path';
import { upstreamAllowSetting } from '../domain/appConfig.ts';
import { ChannelRunner } from './channel.ts';
import { liveFfmpegPath } from './ffmpegRun.ts';
import { renditionsOf } from './ladder.ts';
import type { PackagerLocks } from './packagerLocks.ts';
import { ChannelTimelines } from './renditions.ts';
import {
  channelOfStreamId,
  type LiveChannel,
  listLiveChannels,
  recordSwitch,
  switchesSince,
} from './store.ts';
import type { SupervisedChannel, Supervision } from './supervision.ts';
import { DAY_MS } from '../guide/days.ts';

/**
 * The supervisor's copy of the store (decisions 0222, 0255): one runner per channel with sources, made, updated
 * and removed as the channels' sources and modes change, and the stream ids that lead to them.
 */
export class ChannelSync {
  private byStream = new Map<string, string>();
  /** Stream ids asked for that no channel with sources has, until the next full read (sample loops). */
  private misses = new Set<string>();
  private s: Supervision;
  private locks: PackagerLocks;

  constructor(s: Supervision, locks: PackagerLocks) {
    this.s = s;
    this.locks = locks;
  }

  /** New channels' kept switches being read: a read of the store ends once they are in. */
  private loading: Promise<void>[] = [];
  /** The full read under way, if any: a timer's next read that finds one running joins it. */
  private reading: Promise<void> | undefined;

  /**
   * Applies the store: new channels, changed sources or modes, removed channels. On the asynchronous store (issue
   * 39): while a line-up of thousands is read, the process serves everything else.
   */
  sync(): Promise<void> {
    this.reading ??= this.readAll().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readAll() {
    if (this.s.closed) return;
    const channels = await listLiveChannels(this.s.o.db);
    if (this.s.closed) return;
    this.misses.clear();
    const seen = new Set<string>();
    for (const c of channels) {
      seen.add(c.logicalChannelId);
      this.apply(c);
    }
    for (const id of this.s.channels.keys()) if (!seen.has(id)) this.remove(id);
    await Promise.all(this.loading.splice(0));
  }

  /**
   * Reads one channel again now (decision 0255): after the operator changed its sources or mode, and when an idle
   * channel is asked for, so neither waits for the next full read.
   */
  async syncChannel(logicalChannelId: string): Promise<void> {
    if (this.s.closed) return;
    const [c] = await listLiveChannels(this.s.o.db, logicalChannelId);
    if (this.s.closed) return;
    if (c) this.apply(c);
    else this.remove(logicalChannelId);
    await Promise.all(this.loading.splice(0));
  }

  /** The channel a stream id belongs to, when it is fed by live sources. */
  async channelOfStream(liveStreamId: string): Promise<string | undefined> {
    const known = this.byStream.get(liveStreamId);
    if (known || this.s.closed || this.misses.has(liveStreamId)) return known;
    // The first request of a channel given sources since the last full read: read it now (decision 0255).
    const id = await channelOfStreamId(this.s.o.db, liveStreamId);
    if (id) await this.syncChannel(id);
    const found = this.byStream.get(liveStreamId);
    if (!found) this.misses.add(liveStreamId);
    return found;
  }

  private apply(c: LiveChannel) {
    const known = this.s.channels.get(c.logicalChannelId);
    // A channel given its own sources gets a stream id of its own: the old one no longer leads here.
    if (known && known.runner.channel.liveStreamId !== c.liveStreamId)
      this.byStream.delete(known.runner.channel.liveStreamId);
    this.byStream.set(c.liveStreamId, c.logicalChannelId);
    this.misses.delete(c.liveStreamId);
    const e = known ?? this.add(c);
    // The renditions follow the video option before the runner restarts on it (decision 0270).
    e.timelines.use(renditionsOf(c.video));
    e.runner.update(c);
    if (c.mode === 'record' || e.held) void this.locks.claim(e);
  }

  private remove(logicalChannelId: string) {
    const e = this.s.channels.get(logicalChannelId);
    if (!e) return;
    void e.runner.stop();
    if (e.held) void this.locks.release(e);
    e.held = false;
    this.s.health.forget(logicalChannelId);
    this.s.channels.delete(logicalChannelId);
    this.byStream.delete(e.runner.channel.liveStreamId);
  }

  private add(c: LiveChannel): SupervisedChannel {
    const { s } = this;
    const timelines = new ChannelTimelines(join(s.root, 'channels'), c.logicalChannelId);
    const entry: SupervisedChannel = {
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
      ffmpeg: s.o.ffmpeg ?? liveFfmpegPath(),
      mediaDir: s.o.mediaDir,
      workRoot: join(s.workDir, encodeURIComponent(c.logicalChannelId)),
      timeline: timelines,
      rules: s.rules,
      now: s.now,
      log: s.log,
      upstreamAllow: () => upstreamAllowSetting(s.o.db),
      onSegment: () => {
        for (const w of entry.waiters.splice(0)) w();
      },
      onSwitch: (at) => {
        recordSwitch(s.o.db, c.logicalChannelId, at).catch((err) => {
          // A full disk must not stop the channel: the count in memory goes on.
          s.log(`live ${c.logicalChannelId}: switch not kept: ${String(err)}`);
        });
      },
    });
    // Switches of the last 24 h from before a restart still count, before the ones the runner counted meanwhile.
    const loaded = switchesSince(s.o.db, c.logicalChannelId, s.now() - DAY_MS).then(
      (kept) => {
        const since = entry.runner.switches;
        entry.runner.switches = [...kept.filter((at) => !since.includes(at)), ...since];
      },
      (err) => s.log(`live ${c.logicalChannelId}: switches of the last day not read: ${String(err)}`),
    );
    this.loading.push(loaded);
    s.channels.set(c.logicalChannelId, entry);
    return entry;
  }
}
