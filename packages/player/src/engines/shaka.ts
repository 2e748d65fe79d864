import shaka from 'shaka-player';
import { shakaDrmConfig } from './drm.ts';
import { toLevels } from './quality.ts';
import type { TrackList } from '../core/types.ts';
import type { Engine, EngineStats } from './types.ts';

type ShakaPlayer = InstanceType<typeof shaka.Player>;

/** shaka-player's audio and text tracks as the core's (an audio track without an id is named by its language). */
function trackList(player: ShakaPlayer): TrackList {
  const audio = player.getAudioTracks();
  const text = player.getTextTracks();
  const id = (t: { id?: number; language: string }) => String(t.id ?? t.language);
  const map = (t: { id?: number; language: string; label: string | null }) => ({
    id: id(t),
    language: t.language,
    label: t.label ?? t.language,
  });
  const activeAudio = audio.find((t) => t.active);
  const activeText = text.find((t) => t.active);
  return {
    audio: audio.length > 1 ? audio.map(map) : [],
    audioId: audio.length > 1 && activeAudio ? id(activeAudio) : null,
    text: text.map(map),
    textId: activeText ? id(activeText) : null,
  };
}

export async function createShakaEngine(): Promise<Engine> {
  shaka.polyfill.installAll();
  let player: InstanceType<typeof shaka.Player> | null = null;
  let lowLatency = false;
  return {
    name: 'shaka',
    async load(media, source, src, events, options) {
      lowLatency = false;
      await player?.destroy();
      if (!shaka.Player.isBrowserSupported()) {
        events.fatal('UNSUPPORTED', 'This browser cannot play protected streams', 'drm');
        return;
      }
      const instance = new shaka.Player();
      player = instance;
      await instance.attach(media);
      // Low-latency mode (issue 41): shaka-player applies its low-latency settings only to a manifest that is
      // low-latency, so a standard one (every protected channel of ottkit) plays as before.
      const wantsLowLatency = !!options?.lowLatency && (source.mode ?? 'live') === 'live';
      instance.configure({ drm: shakaDrmConfig(source.drm), streaming: { lowLatencyMode: wantsLowLatency } });
      // After a renewal, manifests, segments and licences derived from old URLs carry the fresh token.
      instance.getNetworkingEngine()?.registerRequestFilter((_type, request) => {
        if (events.rewriteUrl) request.uris = request.uris.map((u) => events.rewriteUrl?.(u) ?? u);
      });
      const headers = source.drm?.licenseHeaders;
      if (headers) {
        instance.getNetworkingEngine()?.registerRequestFilter((type, request) => {
          if (type === shaka.net.NetworkingEngine.RequestType.LICENSE)
            Object.assign(request.headers, headers);
        });
      }
      const tracks = () =>
        instance.getVariantTracks().map((t) => ({ height: t.height ?? 0, bitrate: t.bandwidth }));
      instance.addEventListener('error', (event) => {
        type Detail = { code?: number; category?: number; severity?: number; data?: unknown[] };
        const detail = (event as unknown as { detail?: Detail }).detail;
        // Severity 1 is RECOVERABLE: shaka-player carries on by itself; only CRITICAL (2) ends playback.
        if (detail?.severity === 1) return;
        const kind = detail?.category === 6 ? 'drm' : detail?.category === 1 ? 'network' : 'media';
        const why = detail?.data?.find((d) => typeof d === 'string');
        const message = `shaka-player error ${detail?.code ?? 'unknown'}${why ? `: ${why}` : ''}`;
        events.fatal(`SHAKA_${detail?.code ?? 0}`, message, kind);
      });
      // Alternate audio and subtitle languages (issue 20 §3): ids are shaka-player's track ids.
      const reportTracks = () => events.tracks?.(trackList(instance));
      for (const e of ['trackschanged', 'variantchanged', 'textchanged', 'audiotrackschanged'])
        instance.addEventListener(e, reportTracks);
      instance.addEventListener('adaptation', () => {
        const active = instance.getVariantTracks().findIndex((t) => t.active);
        events.levelSwitched(active, instance.getVariantTracks()[active]?.bandwidth ?? 0);
      });
      try {
        await instance.load(src, source.startTime ?? null);
        // Its low-latency settings were applied (createDefaultForLL sets a tolerance of 0, which we never do).
        lowLatency =
          wantsLowLatency && instance.getConfiguration().streaming.inaccurateManifestTolerance === 0;
        events.levels(toLevels(tracks()));
        reportTracks();
      } catch (err) {
        const code = (err as { code?: number }).code ?? 0;
        if (player === instance)
          events.fatal(`SHAKA_${code}`, `shaka-player could not load (${code})`, 'media');
      }
    },
    stats(): EngineStats | null {
      const p = player;
      if (!p?.isLive()) return null;
      const active = p.getVariantTracks().find((t) => t.active);
      const shown = p.getPlayheadTimeAsDate();
      return {
        lowLatency,
        partsOffered: lowLatency,
        latencyMs: shown ? Date.now() - shown.getTime() : null,
        targetLatencyMs: null,
        bitrate: active?.bandwidth ?? 0,
        height: active?.height ?? 0,
      };
    },
    setLevel(index) {
      if (!player) return;
      player.configure({ abr: { enabled: index < 0 } });
      const track = player.getVariantTracks()[index];
      if (index >= 0 && track) player.selectVariantTrack(track, true);
    },
    setAudioTrack(id) {
      const track = player?.getAudioTracks().find((t) => String(t.id ?? t.language) === id);
      if (track) player?.selectAudioTrack(track);
    },
    setTextTrack(id) {
      if (!player) return;
      const track = player.getTextTracks().find((t) => String(t.id) === id);
      player.selectTextTrack(track ?? null);
    },
    destroy() {
      void player?.destroy();
      player = null;
    },
  };
}
