import type { PlayerSource } from '../core/types.ts';
import type { Engine } from './types.ts';

export type EngineName = Engine['name'];

/** DASH or any DRM system needs shaka-player; HLS (clear or AES-128) uses hls.js, or the browser where it can. */
export function pickEngine(source: PlayerSource, media: HTMLMediaElement): EngineName {
  const type = source.type ?? (/\.mpd(\?|#|$)/i.test(source.src) ? 'dash' : 'hls');
  if (type === 'dash' || hasDrm(source)) return 'shaka';
  const hasMse = typeof globalThis.MediaSource !== 'undefined' || 'ManagedMediaSource' in globalThis;
  if (!hasMse && media.canPlayType('application/vnd.apple.mpegurl')) return 'native';
  return 'hls';
}

function hasDrm(source: PlayerSource): boolean {
  const d = source.drm;
  return !!d && Object.values(d).some((v) => v !== undefined);
}

/** Imports the engine module only now, so no engine is in the entry a page loads first. */
export async function loadEngine(source: PlayerSource, media: HTMLMediaElement): Promise<Engine> {
  switch (pickEngine(source, media)) {
    case 'shaka':
      return (await import('./shaka.ts')).createShakaEngine();
    case 'native':
      return (await import('./native.ts')).createNativeEngine();
    default:
      return (await import('./hls.ts')).createHlsEngine();
  }
}
