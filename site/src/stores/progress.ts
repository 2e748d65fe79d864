import { map } from 'nanostores';

/** Where the viewer stopped in a title, as this browser last saw it (seconds; epoch ms). */
export interface LocalPosition {
  metaId: string;
  playedTime: number;
  totalDuration: number;
  played: boolean;
  updatedAt: number;
}

/** A position from the server (VOD detail `history`, playSource `history`). */
export interface ServerPosition {
  metaId: string;
  playedTime: number;
  totalDuration: number;
  played: boolean;
  updatedAt: number;
}

const STORAGE_KEY = 'ottkit_vod_positions';
/** Only the most recent titles are kept locally; the server history is the lasting record. */
export const MAX_LOCAL_POSITIONS = 50;
/** Within this many seconds of the end a title counts as finished and starts over. */
export const END_MARGIN_SECONDS = 10;

/**
 * Positions reported by the player in this browser, by metaId. The last report of a page leaves with
 * `keepalive` while the next page may already be asking the server; keeping a local copy makes resume right
 * even when that report lands a moment later.
 */
export const $playPositions = map<Record<string, LocalPosition>>({});

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads the stored positions (call once on the client). */
export function loadPlayPositions() {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return;
  try {
    const parsed = JSON.parse(raw) as Record<string, LocalPosition>;
    if (parsed && typeof parsed === 'object') $playPositions.set(parsed);
  } catch {
    storage()?.removeItem(STORAGE_KEY);
  }
}

/** Records a position and keeps the newest MAX_LOCAL_POSITIONS. */
export function rememberPosition(position: LocalPosition) {
  const all = { ...$playPositions.get(), [position.metaId]: position };
  const kept = Object.values(all)
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, MAX_LOCAL_POSITIONS);
  const next = Object.fromEntries(kept.map((p) => [p.metaId, p]));
  $playPositions.set(next);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the server history still has it.
  }
}

/** The newer of the server's and this browser's position for a title. */
export function latestPosition(
  metaId: string,
  server: ServerPosition | null | undefined,
): ServerPosition | LocalPosition | null {
  const local = $playPositions.get()[metaId];
  const fromServer = server && server.metaId === metaId ? server : null;
  if (local && (!fromServer || local.updatedAt > fromServer.updatedAt)) return local;
  return fromServer;
}

/** Seconds to start from: the stored position, or 0 for an unwatched or finished title. */
export function resumeSeconds(
  position: Pick<ServerPosition, 'playedTime' | 'totalDuration' | 'played'> | null,
) {
  if (!position || position.played) return 0;
  if (position.totalDuration > 0 && position.playedTime >= position.totalDuration - END_MARGIN_SECONDS)
    return 0;
  return Math.max(0, Math.floor(position.playedTime));
}
