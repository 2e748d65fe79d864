import type { Engine, EngineEvents, EngineLoader, EngineLoadOptions } from '../engines/types.ts';
import type { PlayerSource } from './types.ts';

/**
 * The engine of one core. Every load starts a new generation, so what an older load delivers late (its engine,
 * its levels, its errors) is dropped instead of reaching the viewer.
 */
export function createEngineHost(loader: EngineLoader) {
  let engine: Engine | null = null;
  let gen = 0;

  /** Frees the engine and outdates every load in flight; returns the new generation. */
  function reset(): number {
    gen++;
    engine?.destroy();
    engine = null;
    return gen;
  }

  return {
    get engine(): Engine | null {
      return engine;
    },
    reset,
    /** True while `g` is the latest generation. */
    isCurrent: (g: number) => g === gen,
    /**
     * Loads `src` into `media` with the engine the source needs. Resolves `false` when a newer load or a reset
     * outdated this one (nothing of it is kept); rejects with the engine's error while it is still current.
     */
    async load(
      media: HTMLMediaElement,
      source: PlayerSource,
      src: string,
      events: (g: number) => EngineEvents,
      options?: EngineLoadOptions,
    ): Promise<boolean> {
      const g = reset();
      try {
        const next = await loader(source, media);
        if (g !== gen) {
          next.destroy();
          return false;
        }
        engine = next;
        await next.load(media, source, src, events(g), options);
      } catch (err) {
        if (g === gen) throw err;
        return false;
      }
      return g === gen;
    },
  };
}
