import Hls, { type HlsConfig } from 'hls.js';
import { HLS_CONFIG, HLS_LOW_LATENCY_CONFIG, STANDARD_LIVE_SYNC_SEGMENTS } from './hlsConfig.ts';
import { toLevels } from './quality.ts';
import { HLS_LIVE_LOAD_POLICIES } from './retry.ts';
import type { TrackList } from '../core/types.ts';
import type { Engine, EngineEvents, EngineStats } from './types.ts';

/**
 * hls.js's own loader, asking the core for every URL first: after a renewal, playlist refreshes derived from the
 * old master URL carry the fresh token (decision 0100); a warm channel's playlists and first segments are answered
 * from what was fetched ahead, with the time that fetch took so the bandwidth estimate stays true (decision 0201).
 */
function renewingLoader(events: EngineEvents): HlsConfig['loader'] {
  const Base = Hls.DefaultConfig.loader;
  return class extends Base {
    override load(...args: Parameters<InstanceType<typeof Base>['load']>) {
      const [context, , callbacks] = args;
      context.url = events.rewriteUrl?.(context.url) ?? context.url;
      const hit = events.warm?.take(context.url);
      const wantsText = context.responseType !== 'arraybuffer';
      if (!hit || (typeof hit.data === 'string') !== wantsText) return super.load(...args);
      const stats = this.stats;
      const end = performance.now();
      const size = typeof hit.data === 'string' ? hit.data.length : hit.data.byteLength;
      // A low-latency playlist's age counts too (warm.ts WarmHit.ageMs): the live edge moved on since.
      const fetchedAt = end - (hit.ageMs ?? 0);
      stats.loading.start = fetchedAt - hit.fetchMs;
      stats.loading.first = fetchedAt - hit.fetchMs / 2;
      stats.loading.end = end;
      stats.loaded = stats.total = size;
      // Asynchronously, as a network answer would come: hls.js sets up its own state after calling load.
      queueMicrotask(() => {
        if (!stats.aborted) callbacks.onSuccess({ url: context.url, data: hit.data }, stats, context, null);
      });
    }
  };
}

/** hls.js's renditions as the core's tracks: ids are hls.js's indexes. */
function trackList(hls: InstanceType<typeof Hls>): TrackList {
  const map = (t: { lang?: string; name: string }, i: number) => ({
    id: String(i),
    language: t.lang ?? '',
    label: t.name,
  });
  return {
    audio: hls.audioTracks.map(map),
    audioId: hls.audioTracks.length && hls.audioTrack >= 0 ? String(hls.audioTrack) : null,
    text: hls.subtitleTracks.map(map),
    textId: hls.subtitleTrack >= 0 ? String(hls.subtitleTrack) : null,
  };
}

/** The page's address resolved (kept here, not imported from the core, so the engine chunk stands alone). */
function absolute(url: string): string {
  try {
    return new URL(url, globalThis.location?.href).href;
  } catch {
    return url;
  }
}

/** What hls.js plays now: the mode, the latency of the frame shown (its PDT), the target and the rendition. */
function statsOf(hls: InstanceType<typeof Hls>): EngineStats {
  const partsOffered = !!hls.latestLevelDetails?.partList?.length;
  const shown = hls.playingDate;
  const target = hls.targetLatency;
  const level = hls.levels[hls.currentLevel];
  return {
    lowLatency: hls.lowLatencyMode && partsOffered,
    partsOffered,
    latencyMs: shown ? Date.now() - shown.getTime() : null,
    targetLatencyMs: target === null ? null : Math.round(target * 1000),
    bitrate: level?.bitrate ?? 0,
    height: level?.height ?? 0,
  };
}

/**
 * Low-latency to the standard distance in place (decision 0443): parts off (hls.js loads whole segments from the
 * next one on), the target three segments, and the picture moved back to it at once; the seconds in between are
 * still buffered behind the playhead (`backBufferLength`), so the move costs no download.
 */
function leaveLowLatency(hls: InstanceType<typeof Hls>): boolean {
  hls.lowLatencyMode = false;
  const target = hls.latestLevelDetails?.targetduration;
  if (target) hls.targetLatency = STANDARD_LIVE_SYNC_SEGMENTS * target;
  const media = hls.media;
  const sync = hls.liveSyncPosition;
  if (media && sync !== null && media.currentTime - sync > 0.5) media.currentTime = sync;
  return true;
}

export async function createHlsEngine(overrides: Partial<HlsConfig> = {}): Promise<Engine> {
  let hls: InstanceType<typeof Hls> | null = null;
  let recovered = false;
  return {
    name: 'hls',
    async load(media, source, src, events, options) {
      hls?.destroy();
      recovered = false;
      const startPosition = source.startTime ?? -1;
      const loader = renewingLoader(events);
      // A warm channel was fetched ahead on its lowest variant: start there, ABR climbs from it.
      const warm = events.warm?.isWarm(src) ? { startLevel: 0 } : {};
      // Live keeps asking an origin that went away (decision 0120); on demand keeps hls.js's defaults.
      const live = source.mode === undefined || source.mode === 'live' || source.mode === 'timeshift';
      const instance = new Hls({
        ...(live && options?.lowLatency ? HLS_LOW_LATENCY_CONFIG : HLS_CONFIG),
        ...(live ? HLS_LIVE_LOAD_POLICIES : {}),
        startPosition,
        ...warm,
        loader,
        ...overrides,
      });
      hls = instance;
      instance.on(Hls.Events.MANIFEST_PARSED, (_e, data) => events.levels(toLevels(data.levels)));
      // Alternate audio and subtitle renditions (issue 20 §3): reported on every list or selection change.
      const tracks = () => events.tracks?.(trackList(instance));
      for (const e of [
        Hls.Events.MANIFEST_PARSED,
        Hls.Events.AUDIO_TRACKS_UPDATED,
        Hls.Events.AUDIO_TRACK_SWITCHED,
        Hls.Events.SUBTITLE_TRACKS_UPDATED,
        Hls.Events.SUBTITLE_TRACK_SWITCH,
      ] as const)
        instance.on(e, tracks);
      instance.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => {
        events.levelSwitched(data.level, instance.levels[data.level]?.bitrate ?? 0);
      });
      instance.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        // One media-error recovery per load is what hls.js recommends; a second one is a real failure.
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          instance.recoverMediaError();
          return;
        }
        const kind = data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : 'media';
        const status = data.response?.code;
        events.fatal(data.details, status ? `${data.details} (HTTP ${status})` : data.details, kind);
      });
      instance.attachMedia(media);
      // Absolute: hls.js derives its playlist and part URLs from it, and adds LL-HLS delivery directives
      // (`_HLS_msn`, `_HLS_part`) with `new URL(uri)`, which fails on a page-relative address (the reload then goes
      // out without them, never blocking); the URL swap of a renewal parses absolute addresses too.
      instance.loadSource(absolute(src));
    },
    liveSyncPosition: () => hls?.liveSyncPosition ?? null,
    stats: () => (hls ? statsOf(hls) : null),
    leaveLowLatency: () => (hls ? leaveLowLatency(hls) : false),
    setLevel(index) {
      if (hls) hls.currentLevel = index;
    },
    setAudioTrack(id) {
      if (hls) hls.audioTrack = Number(id);
    },
    setTextTrack(id) {
      if (hls) hls.subtitleTrack = id === null ? -1 : Number(id);
    },
    destroy() {
      hls?.destroy();
      hls = null;
    },
  };
}
