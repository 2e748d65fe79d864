import type { SharedState } from '../shared/sharedState.ts';
import type { Db } from '../store/db.ts';
import type { ChannelRunner, WatchdogRules } from './channel.ts';
import type { HealthSampler } from './healthHistory.ts';
import type { ChannelTimelines } from './renditions.ts';

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

/** One channel with sources as the supervisor runs it: its ffmpeg, its timelines, its viewers, its lock. */
export interface SupervisedChannel {
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
 * What the supervisor's parts (store sync, packager locks, viewer touch, status) share: one object made by
 * `LiveSupervisor`, so each part reads the same channels and the same `closed` without reaching into the others.
 */
export interface Supervision {
  readonly o: LiveOptions;
  readonly channels: Map<string, SupervisedChannel>;
  readonly rules: WatchdogRules;
  readonly now: () => number;
  /** Masks secrets (supervisor.ts): every part logs through it. */
  readonly log: (line: string) => void;
  /** Who this process is in the packager locks; its ffmpeg work folders carry its pid. */
  readonly owner: string;
  readonly root: string;
  readonly workDir: string;
  /** A relay channel is closed this long after its last viewer left. */
  readonly relayIdleMs: number;
  /** The 24 h history of the channels this process packages (issue 37, decision 0387). */
  readonly health: HealthSampler;
  /** Read at each use: the server may put Redis in place after the supervisor is made (useSharedState). */
  readonly shared: SharedState;
  closed: boolean;
}
