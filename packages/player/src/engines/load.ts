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

// One chunk per engine (the engine's wrapper and its library together), fetched once and then reused.
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending = pending ?? load();
    return pending;
  };
}
const importHls = once(() => import('./hls.ts'));
const importShaka = once(() => import('./shaka.ts'));
const importNative = once(() => import('./native.ts'));

/** Imports the engine module only now, so no engine is in the entry a page loads first. */
export async function loadEngine(source: PlayerSource, media: HTMLMediaElement): Promise<Engine> {
  switch (pickEngine(source, media)) {
    case 'shaka':
      return (await importShaka()).createShakaEngine();
    case 'native':
      return (await importNative()).createNativeEngine();
    default:
      return (await importHls()).createHlsEngine();
  }
}

/**
 * Starts fetching the hls.js engine while the page is idle, so the first play request does not wait for it.
 * Only where hls.js would be used (Media Source present); DRM/DASH pages pay for shaka-player on demand.
 */
export function preloadHlsEngine(): void {
  if (typeof globalThis.MediaSource === 'undefined' && !('ManagedMediaSource' in globalThis)) return;
  const idle = (globalThis as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback;
  const start = () => void importHls().catch(() => {});
  if (idle) idle(start);
  else setTimeout(start, 0);
}
