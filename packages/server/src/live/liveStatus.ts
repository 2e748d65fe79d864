import type { LockHolder } from '../shared/sharedState.ts';
import type { SourceHealth } from './channel.ts';
import type { LiveMode } from './store.ts';
import type { SupervisedChannel, Supervision } from './supervision.ts';

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

/** Every channel with sources as this process runs it. */
export function liveStatus(s: Supervision): LiveStatus {
  const now = s.now();
  return {
    at: now,
    owner: s.owner,
    channels: [...s.channels.values()].map((e) => statusOf(s, e, now)),
  };
}

/** The view the status file keeps: idle imported channels (thousands in a big line-up) left out. */
export function statusFileView(s: Supervision): LiveStatus {
  const status = liveStatus(s);
  status.channels = status.channels.filter(
    (c) =>
      c.running ||
      c.segments > 0 ||
      s.channels.get(c.logicalChannelId)?.runner.channel.sources[0]?.origin === 'operator',
  );
  return status;
}

export function statusOf(s: Supervision, e: SupervisedChannel, now: number): LiveChannelStatus {
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
    ...(e.held ? { packager: { owner: s.owner, since: e.heldSince ?? now } } : {}),
  };
}
