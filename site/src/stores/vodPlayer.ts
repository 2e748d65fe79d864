import { atom } from 'nanostores';
import type { MessageKey } from '../i18n/index.ts';
import type { ReportedItem } from '../jobs/progressReport.ts';
import type { VodPlayRequest } from './vodPlayRequest.ts';

// The dialog's state only, with no API code: other areas (notices) read $vodPlayer without pulling the
// client in. Resolving requests lives in vodPlayback.ts, loaded with the player.

export interface PlayerEpisode {
  metaId: string;
  episode: number;
  title: string;
}

/** Everything the VOD player dialog needs for one item. */
export interface PlayingItem {
  metaId: string;
  /** A title or its trailer: what `renewVodPlayback` asks the server for again. */
  kind: VodPlayRequest['kind'];
  title: string;
  src: string;
  /** Epoch ms when `src` stops working; the player renews it before (`renewVodPlayback`, decision 0100). */
  expiresAt: number;
  /** Seconds to start from (resume). */
  startTime: number;
  audioOnly: boolean;
  audioPosters: string[];
  /** Fields of the play-progress report; null for trailers, which are not reported. */
  report: ReportedItem | null;
  /** The season's episodes for the selector; empty for movies and trailers. */
  episodes: PlayerEpisode[];
  next: PlayerEpisode | null;
}

export type VodPlayerState =
  | { state: 'idle' }
  | { state: 'loading'; metaId: string }
  | { state: 'ready'; item: PlayingItem; seq: number }
  | { state: 'error'; metaId: string; messageKey: MessageKey }
  /** The server answered no authority (spec §8, 5001-5005): the no-authority dialog with the way to buy. */
  | { state: 'noAuthority'; metaId: string }
  /**
   * Rated above the profile's maximum (issue 20 §2): the parental PIN allows this one play; `messageKey` says why
   * the last PIN was refused. `kind`: a trailer is rated as its title (issue 35), and plays as a trailer.
   */
  | {
      state: 'rated';
      metaId: string;
      kind: VodPlayRequest['kind'];
      resume: boolean;
      messageKey?: MessageKey;
    };

/** The VOD player dialog's item (one dialog for the whole page). */
export const $vodPlayer = atom<VodPlayerState>({ state: 'idle' });

let generation = 0;

/** Starts a new request and answers its number; a later request or a close makes it stale. */
export function beginPlayerRequest(): number {
  generation += 1;
  return generation;
}

export const isLatestPlayerRequest = (n: number) => n === generation;

/** Closes the dialog; a pending request is forgotten. */
export function closePlayer() {
  generation += 1;
  $vodPlayer.set({ state: 'idle' });
}
