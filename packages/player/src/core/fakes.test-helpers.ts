import type { PlayerSource } from './types.ts';
import type { Engine, EngineEvents, EngineLoadOptions } from '../engines/types.ts';

/** A media element stand-in: the core only reads these members and listens to these events. */
export class FakeMedia extends EventTarget {
  paused = true;
  currentTime = 0;
  duration = Number.NaN;
  muted = false;
  volume = 1;
  playbackRate = 1;
  loop = false;
  range: [number, number] | null = null;
  playCalls = 0;
  pauseCalls = 0;
  blockAutoplay = false;
  get seekable() {
    const r = this.range;
    return { length: r ? 1 : 0, start: () => r?.[0] ?? 0, end: () => r?.[1] ?? 0 };
  }
  play(): Promise<void> {
    this.playCalls += 1;
    if (this.blockAutoplay && !this.muted) {
      const err = new Error('blocked');
      err.name = 'NotAllowedError';
      return Promise.reject(err);
    }
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.pauseCalls += 1;
    if (this.paused) return;
    this.paused = true;
    this.fire('pause');
  }
  canPlayType() {
    return '';
  }
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
  /** The page's window, for its lifecycle events (pagehide, pageshow). */
  readonly view = new EventTarget();
  get ownerDocument() {
    return { defaultView: this.view };
  }
  asElement() {
    return this as unknown as HTMLMediaElement;
  }
}

export interface FakeEngineLog {
  loads: Array<{ src: string; source: PlayerSource; options?: EngineLoadOptions }>;
  destroyed: number;
  levels: number[];
  events: EngineEvents | null;
}

/**
 * An engine loader that records what it was asked to play and exposes the engine's callbacks; `extra` adds
 * members (stats, leaveLowLatency) to every engine it makes.
 */
export function fakeLoader(liveSync: number | null = null, extra: Partial<Engine> = {}) {
  const log: FakeEngineLog = { loads: [], destroyed: 0, levels: [], events: null };
  const loader = async (): Promise<Engine> => ({
    ...extra,
    name: 'hls',
    async load(_media, source, src, events, options) {
      log.loads.push({ src, source, options });
      log.events = events;
    },
    liveSyncPosition: () => liveSync,
    setLevel: (i) => log.levels.push(i),
    destroy: () => {
      log.destroyed += 1;
    },
  });
  return { log, loader };
}
