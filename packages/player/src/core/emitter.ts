/** A minimal typed event emitter: listeners per event name, each returning its own unsubscribe. */
export interface Emitter<E> {
  on<K extends keyof E>(type: K, listener: (payload: E[K]) => void): () => void;
  emit<K extends keyof E>(type: K, payload: E[K]): void;
  clear(): void;
}

export function createEmitter<E>(): Emitter<E> {
  const listeners = new Map<keyof E, Set<(payload: never) => void>>();
  return {
    on(type, listener) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    emit(type, payload) {
      for (const l of [...(listeners.get(type) ?? [])]) (l as (p: typeof payload) => void)(payload);
    },
    clear() {
      listeners.clear();
    },
  };
}
