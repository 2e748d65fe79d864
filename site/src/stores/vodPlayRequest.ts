import { atom } from 'nanostores';

/**
 * A request to play, raised by any island (card popover, detail buttons, episode list). It carries no API
 * code, so pages that have not played anything yet do not ship the client or the player: the player host
 * loads them when the first request arrives.
 */
export interface VodPlayRequest {
  metaId: string;
  /** `trailer` plays the title's first trailer; `title` the title itself (a series: its next episode). */
  kind: 'title' | 'trailer';
  /** Start from the stored position (default) or from the beginning. */
  resume: boolean;
  /** Increases with every request, so asking twice for the same title plays it again. */
  seq: number;
}

export const $vodPlayRequest = atom<VodPlayRequest | null>(null);

let seq = 0;

/** Asks the player host to play a title (or its trailer). */
export function requestPlay(
  metaId: string,
  options: { kind?: VodPlayRequest['kind']; resume?: boolean } = {},
) {
  seq += 1;
  $vodPlayRequest.set({ metaId, kind: options.kind ?? 'title', resume: options.resume ?? true, seq });
}

/** The player was closed. */
export function clearPlayRequest() {
  $vodPlayRequest.set(null);
}
