import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPlayerCore, INITIAL_SNAPSHOT, type PlayerCore, type PlayerCoreOptions } from '../core/core.ts';
import { PLAYER_EVENTS } from '../core/events.ts';
import type { PlayerEvents, PlayerSnapshot } from '../core/types.ts';

const noSubscribe = () => () => {};
const initial = () => INITIAL_SNAPSHOT;

export type PlayerEventHandlers = { [K in keyof PlayerEvents]?: (payload: PlayerEvents[K]) => void };

export interface UsePlayerCoreOptions extends Omit<PlayerCoreOptions, 'telemetry'> {
  handlers?: PlayerEventHandlers;
  /** A core the host owns (shared with other faces, or scripted in stories); it is not destroyed here. */
  core?: PlayerCore;
}

/**
 * Creates the core after mount (never during a server render), binds it to the media element and exposes the
 * snapshot. Handlers are read through a ref so changing a callback prop never recreates the player.
 */
export function usePlayerCore(
  mediaRef: RefObject<HTMLMediaElement | null>,
  options: UsePlayerCoreOptions = {},
): { core: PlayerCore | null; snapshot: PlayerSnapshot } {
  const [core, setCore] = useState<PlayerCore | null>(null);
  const handlers = useRef(options.handlers);
  handlers.current = options.handlers;
  const created = useRef(options);
  const external = options.core;

  useEffect(() => {
    const { handlers: _h, core: _c, ...coreOptions } = created.current;
    const c = external ?? createPlayerCore(coreOptions);
    const offs = PLAYER_EVENTS.map((name) =>
      c.on(name, (payload) =>
        (handlers.current?.[name] as ((p: typeof payload) => void) | undefined)?.(payload),
      ),
    );
    if (mediaRef.current) c.attach(mediaRef.current);
    setCore(c);
    return () => {
      // Destroy first: it delivers the last progress report and telemetry to the handlers.
      if (!external) c.destroy();
      for (const off of offs) off();
      setCore(null);
    };
  }, [mediaRef, external]);

  const snapshot = useSyncExternalStore(
    core ? core.subscribe : noSubscribe,
    core ? core.getState : initial,
    initial,
  );
  return { core, snapshot };
}
