import { join } from 'node:path';
import { isDiskFull } from '../store/diskFull.ts';
import { type InputInfo, probeAudio, type RenditionSegment, type Run, startRun } from './ffmpegRun.ts';
import type { ChannelTimelines } from './renditions.ts';
import { parseSourceUrl, SourceUrlError } from './sourceUrl.ts';
import type { LiveChannel } from './store.ts';
import { openJudgedPull } from './upstreamCheck.ts';
import { REFUSED_INTERNAL } from '../upstream/address.ts';
import { liveCounters } from './counters.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';
import { type Pull, shownUpstream } from '../upstream/pullRelay.ts';

export type SourceState = 'idle' | 'starting' | 'live' | 'failing' | 'failed';

/** Health of one source, as `live status` and the operator console show it. */
export interface SourceHealth {
  position: number;
  /** The URL with passwords masked. */
  url: string;
  state: SourceState;
  /** Input bits per second over the last segments (what was packaged, remux ≈ input). */
  bitrate: number;
  videoCodec?: string;
  audioCodec?: string;
  resolution?: string;
  lastError: string;
  lastErrorAt?: number;
  /** When the signal stopped: the first failure since the source was last live (the console's "no signal since"). */
  downSince?: number;
}

/** A failed source has no bitrate (the last one would read as a signal), and is down since its first failure. */
function signalLost(h: SourceHealth, now: number) {
  h.bitrate = 0;
  h.downSince ??= now;
}

export interface WatchdogRules {
  /** Segment duration ffmpeg cuts at (a keyframe at or after it), seconds. */
  segmentSec: number;
  /** A live source with no new segment for this many target durations is failing (issue 17: 2). */
  stallTargets: number;
  /** A starting source gets this long for its first segment, ms. */
  startTimeoutMs: number;
  /** Decode errors within 10 s that make a source failing. */
  decodeErrors: number;
  /** On a backup, the primary is tried again after this long healthy, ms (issue 17: a minute). */
  primaryRetryMs: number;
  /** Back-off after every source failed in a row: first, doubling, at most, ms. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RULES: WatchdogRules = {
  segmentSec: 2,
  stallTargets: 2,
  startTimeoutMs: 15_000,
  decodeErrors: 5,
  primaryRetryMs: 60_000,
  backoffMs: 1000,
  maxBackoffMs: 30_000,
};

export interface ChannelDeps {
  ffmpeg: string;
  mediaDir: string;
  workRoot: string;
  /** The channel's timelines, one per rendition (decision 0270). */
  timeline: ChannelTimelines;
  rules: WatchdogRules;
  now: () => number;
  log: (line: string) => void;
  /** A segment landed (the origin wakes waiting playlist requests). */
  onSegment: () => void;
  /** A source switch happened (kept in the store, so the 24 h count survives a restart). */
  onSwitch?: (at: number) => void;
  /** The operator's allow-list of internal upstreams (`upstreams.allow`), read at each start (decision 0359). */
  upstreamAllow?: () => Promise<string>;
}

interface Attempt {
  index: number;
  run: Run;
  startedAt: number;
  lastSegmentAt?: number;
  liveSince?: number;
  errors: number[];
  /** A standby's newest segment, not on the timeline: on a failover it goes on air at once (decision 0257). */
  held?: { parts: RenditionSegment[]; at: number };
  /** An HLS pull's reads on the pull relay (decision 0364), closed with the run. */
  pull?: Pull;
}

type Role = 'active' | 'standby';

/**
 * An operator's "switch to this source" older than this when a runner first reads it is not applied: it was the
 * business of the process that packaged the channel then, and a restart goes back to the sources' order.
 */
export const ON_AIR_REQUEST_FRESH_MS = 120_000;

/**
 * One channel's ffmpeg processes and their watchdog (decision 0222). The active attempt feeds the timeline. With
 * two sources or more, a standby runs beside it, packaging into nothing: the next source while the primary is
 * on, the primary while a backup is on. When the active stalls or fails, a healthy standby takes over at its
 * next segment (the gap is the stall detection); when the primary, as standby, has been healthy for a minute, it
 * takes over again and the backup becomes the standby. Without a healthy standby the next source is started;
 * when every source failed in a row, the next round waits (back-off, doubling to 30 s).
 */
export class ChannelRunner {
  channel: LiveChannel;
  health: SourceHealth[];
  /** Source switches, epoch ms (the last 24 h are reported). */
  switches: number[] = [];
  /** Recording stopped on a full disk (the alarm of health and the log); cleared by the next kept segment. */
  diskFull = false;
  /** Source failures since the runner was made (the console's 24 h history counts the new ones, healthHistory.ts). */
  failures = 0;
  private active: Attempt | undefined;
  private standby: Attempt | undefined;
  private failuresInRow = 0;
  private retryAt = 0;
  private standbyRetryAt = 0;
  private running = false;
  private tick: NodeJS.Timeout | undefined;
  private audioAac = new Map<number, boolean>();
  private probing = new Set<number>();
  /**
   * HLS pulls whose host is being judged, and those judged fit and opened on the pull relay for their next probe
   * and run, with the source URL judged (decisions 0359, 0364).
   */
  private judging = new Set<number>();
  private pulls = new Map<number, { url: string; pull: Pull }>();
  private recent: { at: number; bytes: number; sec: number }[] = [];
  private attempts = 0;
  /**
   * The source an operator put on air (decision 0383): it goes on air as soon as it delivers and stays there, with
   * no return to the primary, until it fails or the sources change. The `seq` of the last request taken.
   */
  private asked: number | undefined;
  private onAirTaken = 0;

  private deps: ChannelDeps;

  constructor(channel: LiveChannel, deps: ChannelDeps) {
    // Its lines quote source URLs and ffmpeg's words about them: secrets masked, relay URLs shown as their
    // upstream's, before any log sees them.
    this.deps = { ...deps, log: (line) => deps.log(shownUpstream(line)) };
    this.channel = channel;
    this.health = this.freshHealth(channel);
    if (channel.onAir && deps.now() - channel.onAir.at > ON_AIR_REQUEST_FRESH_MS)
      this.onAirTaken = channel.onAir.seq;
    this.takeOnAir(channel);
  }

  /** The source an operator holds on air, if any (0-based). */
  get askedIndex(): number | undefined {
    return this.asked;
  }

  /** A new "switch to this source" from the store: that source goes on air as soon as it delivers. */
  private takeOnAir(channel: LiveChannel) {
    const request = channel.onAir;
    if (!request || request.seq <= this.onAirTaken) return;
    this.onAirTaken = request.seq;
    const index = channel.sources.findIndex((s) => s.url === request.url);
    // The list changed since it was asked: that source is gone, nothing to switch to.
    if (index < 0) return;
    this.asked = index;
    this.standbyRetryAt = 0;
    this.deps.log(`live ${channel.logicalChannelId}: source ${index + 1} asked on air by an operator`);
  }

  private freshHealth(channel: LiveChannel): SourceHealth[] {
    return channel.sources.map((s) => {
      let url = s.url;
      let lastError = '';
      try {
        url = parseSourceUrl(s.url, this.deps.mediaDir).display;
      } catch (err) {
        url = maskSecrets(s.url);
        lastError = maskSecrets(err instanceof Error ? err.message : String(err));
      }
      return { position: s.position, url, state: lastError ? 'failed' : 'idle', bitrate: 0, lastError };
    });
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Which source feeds the timeline now (0-based), if any. */
  get activeIndex(): number | undefined {
    return this.active?.index;
  }

  /** New sources or mode from the store: a changed list or transcode option starts over from the primary. */
  update(channel: LiveChannel) {
    const runs = (c: LiveChannel) => JSON.stringify([c.sources, c.video ?? 'copy']);
    const same = runs(channel) === runs(this.channel);
    this.channel = channel;
    if (same) return this.takeOnAir(channel);
    this.asked = undefined;
    this.takeOnAir(channel);
    this.health = this.freshHealth(channel);
    this.audioAac.clear();
    for (const i of [...this.pulls.keys()]) this.closePull(i);
    if (this.running) {
      void this.drop('active');
      void this.drop('standby');
      this.failuresInRow = 0;
      this.retryAt = 0;
    }
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.failuresInRow = 0;
    this.retryAt = 0;
    this.tick = setInterval(() => this.watch(), 250);
    this.tick.unref();
    this.watch();
  }

  async stop() {
    this.running = false;
    if (this.tick) clearInterval(this.tick);
    this.tick = undefined;
    await Promise.all([this.drop('active'), this.drop('standby')]);
    for (const i of [...this.pulls.keys()]) this.closePull(i);
    for (const h of this.health) if (h.state !== 'failed') h.state = 'idle';
  }

  /** The watchdog: called every 250 ms while running. */
  private watch() {
    if (!this.running) return;
    const now = this.deps.now();
    const r = this.deps.rules;
    for (const role of ['active', 'standby'] as const) {
      const a = this[role];
      if (!a) continue;
      a.errors = a.errors.filter((t) => now - t < 10_000);
      const stallMs = this.stallMs(role, now);
      if (a.lastSegmentAt === undefined && now - a.startedAt > r.startTimeoutMs)
        this.fail(role, `no segment within ${Math.round(r.startTimeoutMs / 1000)} s of starting`);
      else if (a.lastSegmentAt !== undefined && now - a.lastSegmentAt > stallMs)
        this.fail(role, `no new segment for ${stallMs / 1000} s (stalled)`);
      else if (a.errors.length >= r.decodeErrors) this.fail(role, `${a.errors.length} decode errors in 10 s`);
    }
    const asked = this.asked !== undefined && !this.invalid(this.asked) ? this.asked : undefined;
    if (!this.active && now >= this.retryAt) this.launch(asked ?? this.nextIndex(), 'active');
    const a = this.active;
    // The source an operator asked for stands by in place of any other, and takes over once it delivers.
    if (a && asked !== undefined && a.index !== asked && this.standby && this.standby.index !== asked)
      void this.drop('standby');
    if (a && !this.standby && now >= this.standbyRetryAt) {
      const i = this.standbyIndex(a.index);
      if (i !== undefined) this.launch(i, 'standby');
    }
    const sb = this.standby;
    if (a && sb && asked !== undefined && sb.index === asked && sb.liveSince !== undefined)
      this.promote(`source ${asked + 1} asked by an operator`, true);
    // The primary, healthy for a minute as standby, takes over again; the backup becomes the standby. Not while an
    // operator holds the backup on air.
    else if (
      a &&
      sb &&
      a.index > 0 &&
      a.index !== this.asked &&
      sb.index === 0 &&
      sb.liveSince !== undefined &&
      now - sb.liveSince >= r.primaryRetryMs
    )
      this.promote(`back on source 1 after ${Math.round(r.primaryRetryMs / 1000)} s healthy`, true);
  }

  /**
   * How long without a new segment makes a source stalled: 2 target durations (issue 17). The active input with a
   * standby delivering on time is stalled sooner, once its next segment is half its own cadence overdue: the
   * standby shows the time is not the problem, and the viewer's gap shrinks by the difference (decision 0257).
   */
  private stallMs(role: Role, now: number): number {
    const r = this.deps.rules;
    const rule = r.stallTargets * r.segmentSec * 1000;
    const sb = this.standby;
    if (role !== 'active' || !sb?.lastSegmentAt || this.recent.length < 3) return rule;
    const cadenceMs = (this.recent.reduce((t, x) => t + x.sec, 0) / this.recent.length) * 1000;
    const standbyOnTime = now - sb.lastSegmentAt < cadenceMs * 1.2;
    return standbyOnTime ? Math.min(rule, cadenceMs * 1.5) : rule;
  }

  /** The source that stands by: the primary while a backup is on, else the next valid one after the active. */
  private standbyIndex(active: number): number | undefined {
    const n = this.channel.sources.length;
    if (n < 2) return undefined;
    if (this.asked !== undefined && this.asked !== active && !this.invalid(this.asked)) return this.asked;
    if (active > 0) return this.invalid(0) ? undefined : 0;
    for (let k = 1; k < n; k++) if (!this.invalid(k)) return k;
    return undefined;
  }

  /** The standby feeds the timeline from its next segment; the old active stops, or stands by when `swap`. */
  private promote(why: string, swap: boolean) {
    const next = this.standby;
    if (!next) return;
    const old = this.active;
    this.active = next;
    this.standby = swap ? old : undefined;
    this.deps.timeline.beginRun();
    const now = this.deps.now();
    this.switched(now);
    this.failuresInRow = 0;
    this.deps.log(`live ${this.channel.logicalChannelId}: source ${next.index + 1} on air (${why})`);
    // On a failure, the standby's newest segment (at most one segment old, newer than anything the stalled input
    // gave) goes on air now instead of waiting up to a segment for its next one: the gap is the stall detection
    // alone. Not on a planned return to the primary, where both carry the same moment and it would repeat; nor
    // when its source sent it well before the timeline's end (the timeline leaves it out, decision 0446).
    const held = next.held;
    next.held = undefined;
    const fresh = held && now - held.at < 1.5 * this.deps.rules.segmentSec * 1000;
    if (!swap && held && fresh && held.at > (old?.lastSegmentAt ?? 0)) this.package(next, held.parts, now);
  }

  private nextIndex(): number {
    const n = this.channel.sources.length;
    if (n === 0) return -1;
    // After a round of failures, start again from the primary; else the next one after the failed source.
    const from = this.lastFailed === undefined ? 0 : (this.lastFailed + 1) % n;
    for (let k = 0; k < n; k++) {
      const i = (from + k) % n;
      if (!this.invalid(i)) return i;
    }
    return -1;
  }

  private lastFailed: number | undefined;

  private invalid(i: number): boolean {
    const h = this.health[i];
    return !!h && h.state === 'failed' && h.lastError !== '' && h.lastErrorAt === undefined;
  }

  private launch(index: number, role: Role) {
    const source = this.channel.sources[index];
    const h = this.health[index];
    if (!source || !h) {
      this.retryAt = this.deps.now() + this.deps.rules.maxBackoffMs;
      return;
    }
    let input: ReturnType<typeof parseSourceUrl>;
    try {
      input = parseSourceUrl(source.url, this.deps.mediaDir);
    } catch (err) {
      h.state = 'failed';
      h.lastError = maskSecrets(err instanceof SourceUrlError ? err.message : String(err));
      return;
    }
    // An HLS pull's host is judged before any ffmpeg opens it (the probe too), again at every start; ffmpeg then
    // reads it through the pull relay, which judges every fetch that follows.
    if (input.scheme === 'hls') {
      const ready = this.pulls.get(index);
      if (ready?.url !== source.url) {
        this.judgePull(index, role, source.url, input.input);
        return;
      }
      input = { ...input, input: ready.pull.input };
    }
    // A pull input is asked its audio codec first (a second at most), so AAC is copied from the first run; a
    // pushed one (UDP, SRT, RTMP) is learned from its first run, whose audio is transcoded meanwhile.
    if ((input.scheme === 'hls' || input.scheme === 'file') && !this.audioAac.has(index)) {
      if (this.probing.has(index)) return;
      this.probing.add(index);
      h.state = 'starting';
      const probed = this.pulls.get(index)?.pull;
      void probeAudio(this.deps.ffmpeg, input).then((codec) => {
        this.probing.delete(index);
        // The playlist named an address the rule refuses: the source fails as a refused start.
        if (probed?.refused) {
          this.refusedHop(index, probed.refused);
          this.closePull(index);
          if (this.running && !this[role]) this.refuseStart(index, role, REFUSED_INTERNAL);
          return;
        }
        this.audioAac.set(index, codec === 'aac');
        if (this.running && !this[role]) this.launch(index, role);
      });
      return;
    }
    h.state = 'starting';
    // Its pull goes with this run: the next start judges the source again.
    const pull = this.pulls.get(index)?.pull;
    this.pulls.delete(index);
    const workDir = join(this.deps.workRoot, `run-${++this.attempts}`);
    const attempt: Attempt = {
      index,
      startedAt: this.deps.now(),
      errors: [],
      run: undefined as unknown as Run,
      pull,
    };
    if (pull)
      pull.onRefused = () => {
        const now = this.roleOf(attempt);
        if (!now || !pull.refused) return;
        this.refusedHop(index, pull.refused);
        this.fail(now, REFUSED_INTERNAL);
      };
    if (role === 'active') this.deps.timeline.beginRun();
    attempt.run = startRun(
      this.deps.ffmpeg,
      input,
      workDir,
      {
        segmentSec: this.deps.rules.segmentSec,
        audioCopy: this.audioAac.get(index) === true,
        video: this.channel.video ?? 'copy',
      },
      {
        segment: (parts) => this.onSegment(attempt, parts),
        // A part goes on air only from the active input; a standby's are not kept (its held segment is whole).
        part: (p) => {
          if (this.active === attempt) this.deps.timeline.addPart(p);
        },
        input: (info) => this.onInput(attempt, info),
        // Joining a stream mid-way always shows a few (no parameter sets before the first keyframe): only
        // errors after the first segment count.
        decodeError: () => {
          if (attempt.lastSegmentAt !== undefined) attempt.errors.push(this.deps.now());
        },
        exit: (reason) => {
          const now = this.roleOf(attempt);
          if (!now) return;
          // ffmpeg writes its work files on the same disk: it is often the first to meet a full one.
          if (isDiskFull({ message: reason })) this.stopOnFullDisk(now, `ffmpeg: ${reason}`);
          // An upstream read that failed says why better than ffmpeg ("Server returned 5XX").
          else this.fail(now, pull?.lastError ?? reason);
        },
      },
      this.deps.now,
    );
    this[role] = attempt;
    liveCounters.ffmpegStarts++;
    this.deps.log(
      `live ${this.channel.logicalChannelId}: source ${index + 1} starting as ${role} (${h.url})`,
    );
  }

  private roleOf(a: Attempt): Role | undefined {
    return this.active === a ? 'active' : this.standby === a ? 'standby' : undefined;
  }

  private onInput(a: Attempt, info: InputInfo) {
    const h = this.health[a.index];
    if (!h) return;
    h.videoCodec = info.video;
    h.audioCodec = info.audio;
    h.resolution = info.width && info.height ? `${info.width}x${info.height}` : undefined;
    this.audioAac.set(a.index, info.audio === 'aac');
    const role = this.roleOf(a);
    if (!role) return;
    // Transcoding (`h264`, the ladder) takes any video; remuxing only H.264.
    if (info.video && info.video !== 'h264' && (this.channel.video ?? 'copy') === 'copy') {
      this.fail(
        role,
        `video codec ${info.video} is not playable in browsers (H.264 only; turn on transcoding to H.264)`,
      );
    } else if (!info.video && this.channel.video === 'ladder') {
      this.fail(role, 'the input has no video stream to transcode into the ladder');
    } else if (!info.video && !info.audio) {
      this.fail(role, 'the input has no audio or video stream');
    }
  }

  private onSegment(a: Attempt, parts: RenditionSegment[]) {
    const now = this.deps.now();
    const h = this.health[a.index];
    const firstOfRun = a.lastSegmentAt === undefined;
    a.lastSegmentAt = now;
    // A read that failed before this segment came through is not why the run may end later.
    if (a.pull) a.pull.lastError = undefined;
    if (firstOfRun) a.liveSince = now;
    if (h) {
      h.state = 'live';
      h.downSince = undefined;
    }
    if (this.active !== a) {
      a.held = { parts, at: now };
      return;
    }
    this.package(a, parts, now);
  }

  /** Puts one segment of the active input on the timeline. */
  private package(a: Attempt, parts: RenditionSegment[], now: number) {
    const h = this.health[a.index];
    try {
      const seg = this.deps.timeline.add(parts);
      if (!seg) return;
      this.recent.push({ at: now, bytes: seg.bytes, sec: seg.durationSec });
      this.recent = this.recent.slice(-5);
      const sec = this.recent.reduce((s, x) => s + x.sec, 0);
      if (h && sec > 0) h.bitrate = Math.round((this.recent.reduce((s, x) => s + x.bytes, 0) * 8) / sec);
    } catch (err) {
      if (isDiskFull(err)) this.stopOnFullDisk('active', String(err));
      else this.fail('active', `packaging failed: ${String(err)}`);
      return;
    }
    this.diskFull = false;
    this.failuresInRow = 0;
    this.lastFailed = undefined;
    this.deps.onSegment();
  }

  /**
   * A full disk stops recording with an alarm (health and the log); what is kept stays whole (Timeline.keep), and
   * the channel tries again after the longest back-off, so freeing space resumes it (decision 0256).
   */
  private stopOnFullDisk(role: Role, detail: string) {
    if (!this.diskFull)
      this.deps.log(`live ${this.channel.logicalChannelId}: ALARM disk full, recording stopped (${detail})`);
    this.diskFull = true;
    this.fail(role, 'disk full: recording stopped; free space on the data disk');
    if (role === 'active') this.retryAt = this.deps.now() + this.deps.rules.maxBackoffMs;
  }

  private fail(role: Role, reason: string) {
    const a = this[role];
    if (!a) return;
    liveCounters.sourceFailures++;
    const now = this.deps.now();
    const h = this.health[a.index];
    if (h) {
      h.state = 'failed';
      // ffmpeg's words may quote the input URL, the relay's.
      h.lastError = shownUpstream(reason);
      h.lastErrorAt = now;
      signalLost(h, now);
    }
    this.deps.log(`live ${this.channel.logicalChannelId}: source ${a.index + 1} (${role}) failed: ${reason}`);
    void this.drop(role);
    this.afterFailure(a.index, role, now);
  }

  /** A source that may not start (its host refused): failed like a run that ended, so the next one is tried. */
  private refuseStart(index: number, role: Role, reason: string) {
    const now = this.deps.now();
    const h = this.health[index];
    if (h) {
      h.state = 'failed';
      h.lastError = reason;
      h.lastErrorAt = now;
      signalLost(h, now);
    }
    this.deps.log(
      `live ${this.channel.logicalChannelId}: source ${index + 1} (${role}) not started: ${reason}`,
    );
    this.afterFailure(index, role, now);
  }

  /**
   * Judges an HLS pull's host, then opens the pull on the pull relay for the source's probe and run; a refused
   * host, or a relay that cannot start, fails the start in words.
   */
  private judgePull(index: number, role: Role, url: string, upstream: string) {
    this.closePull(index);
    if (this.judging.has(index)) return;
    this.judging.add(index);
    const h = this.health[index];
    if (h) h.state = 'starting';
    const allowed = this.deps.upstreamAllow?.() ?? Promise.resolve('');
    void allowed
      // The settings could not be read (the database away): no operator allowance, the stricter rule.
      .catch(() => '')
      .then((allow) => openJudgedPull(upstream, allow))
      .then((opened) => {
        this.judging.delete(index);
        const wanted = this.running && !this[role];
        if (typeof opened === 'string') {
          if (wanted) this.refuseStart(index, role, opened);
        } else if (!wanted) opened.close();
        else {
          // Kept with the URL judged: a list changed meanwhile is judged again.
          this.pulls.set(index, { url, pull: opened });
          this.launch(index, role);
        }
      });
  }

  private closePull(index: number) {
    this.pulls.get(index)?.pull.close();
    this.pulls.delete(index);
  }

  /** The log's line on a fetch the rule refused, with its address (the source's lastError says only why). */
  private refusedHop(index: number, what: string) {
    this.deps.log(`live ${this.channel.logicalChannelId}: source ${index + 1}: ${what}`);
  }

  /** What follows a failed source: a standby takes over, the next source is tried, or the round backs off. */
  private afterFailure(index: number, role: Role, now: number) {
    const r = this.deps.rules;
    this.failures++;
    // The source an operator held on air failed: the sources' own order again.
    if (index === this.asked) {
      this.asked = undefined;
      this.deps.log(
        `live ${this.channel.logicalChannelId}: source ${index + 1}, asked by an operator, failed`,
      );
    }
    if (role === 'standby') {
      // Tried again later, so a dead backup does not spin.
      this.standbyRetryAt = now + Math.min(5 * r.backoffMs, r.maxBackoffMs);
      return;
    }
    // A standby takes over (a still starting one too: the watchdog times it out like any other).
    if (this.standby) {
      this.promote(`source ${index + 1} failed`, false);
      return;
    }
    this.lastFailed = index;
    this.failuresInRow++;
    const n = this.channel.sources.length;
    if (n > 1) this.switched(now);
    // A whole round failed: wait before the next, doubling up to the cap.
    if (this.failuresInRow % Math.max(1, n) === 0) {
      const round = this.failuresInRow / Math.max(1, n) - 1;
      const wait = Math.min(r.backoffMs * 2 ** round, r.maxBackoffMs);
      this.retryAt = now + wait;
      this.lastFailed = undefined;
      this.deps.log(`live ${this.channel.logicalChannelId}: every source failed; next try in ${wait} ms`);
    }
  }

  private async drop(role: Role) {
    const a = this[role];
    if (!a) return;
    this[role] = undefined;
    const h = this.health[a.index];
    if (h && h.state === 'failed') {
      h.state = 'failing';
      await a.run.stop();
      if (h.state === 'failing') h.state = 'failed';
    } else {
      await a.run.stop();
    }
    // ffmpeg is gone: the reads of its pull end with it.
    a.pull?.close();
  }

  private switched(at: number) {
    this.switches.push(at);
    this.deps.onSwitch?.(at);
  }

  /** Source switches in the last 24 h. */
  switches24h(now: number): number {
    this.switches = this.switches.filter((t) => now - t < 86_400_000);
    return this.switches.length;
  }
}
