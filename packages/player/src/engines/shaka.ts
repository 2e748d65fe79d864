import shaka from 'shaka-player';
import { shakaDrmConfig } from './drm.ts';
import { toLevels } from './quality.ts';
import type { Engine } from './types.ts';

export async function createShakaEngine(): Promise<Engine> {
  shaka.polyfill.installAll();
  let player: InstanceType<typeof shaka.Player> | null = null;
  return {
    name: 'shaka',
    async load(media, source, src, events) {
      await player?.destroy();
      if (!shaka.Player.isBrowserSupported()) {
        events.fatal('UNSUPPORTED', 'This browser cannot play protected streams', 'drm');
        return;
      }
      const instance = new shaka.Player();
      player = instance;
      await instance.attach(media);
      instance.configure({ drm: shakaDrmConfig(source.drm), streaming: { lowLatencyMode: false } });
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
      instance.addEventListener('adaptation', () => {
        const active = instance.getVariantTracks().findIndex((t) => t.active);
        events.levelSwitched(active, instance.getVariantTracks()[active]?.bandwidth ?? 0);
      });
      try {
        await instance.load(src, source.startTime ?? null);
        events.levels(toLevels(tracks()));
      } catch (err) {
        const code = (err as { code?: number }).code ?? 0;
        if (player === instance)
          events.fatal(`SHAKA_${code}`, `shaka-player could not load (${code})`, 'media');
      }
    },
    setLevel(index) {
      if (!player) return;
      player.configure({ abr: { enabled: index < 0 } });
      const track = player.getVariantTracks()[index];
      if (index >= 0 && track) player.selectVariantTrack(track, true);
    },
    destroy() {
      void player?.destroy();
      player = null;
    },
  };
}
