import { createEmitter } from './emitter.ts';
import { INITIAL_SNAPSHOT } from './snapshot.ts';
import type { PlayerEvents, PlayerSnapshot, TelemetryEvent, TelemetrySink } from './types.ts';

/**
 * The player's state: one snapshot, its subscribers and the typed events. Every change goes through `set`, which
 * emits `statechange` and `modechange` when those fields move, so no controller can forget to.
 */
export function createStore(sink?: TelemetrySink) {
  const events = createEmitter<PlayerEvents>();
  const listeners = new Set<(s: PlayerSnapshot) => void>();
  let snap: PlayerSnapshot = INITIAL_SNAPSHOT;

  function set(patch: Partial<PlayerSnapshot>) {
    const previous = snap;
    snap = { ...snap, ...patch };
    if (patch.state && patch.state !== previous.state) {
      events.emit('statechange', { state: snap.state, previous: previous.state });
    }
    if (patch.mode && patch.mode !== previous.mode) {
      events.emit('modechange', { mode: snap.mode, previous: previous.mode });
    }
    for (const l of [...listeners]) l(snap);
  }

  return {
    get: (): PlayerSnapshot => snap,
    set,
    events,
    subscribe(listener: (s: PlayerSnapshot) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** To the host's sink and as a `telemetry` event. */
    telemetry(e: TelemetryEvent) {
      sink?.(e);
      events.emit('telemetry', e);
    },
    /** Back to the initial snapshot (subscribers see it), then nobody listens any more. */
    close() {
      set({ ...INITIAL_SNAPSHOT });
      listeners.clear();
      events.clear();
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/** Live and time-shift are the live controller's; catch-up and VOD the on-demand controller's. */
export const isLiveMode = (mode: PlayerSnapshot['mode']) => mode === 'live' || mode === 'timeshift';
