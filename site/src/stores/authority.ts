import type { AuEntry, Channel } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';

import { $viewer, type Viewer } from './viewer.ts';

/** Spec §4 login status as the page knows it: derived from the session store (stores/viewer.ts). */
export { $viewer, type Viewer };

/** What the viewer may do on one logical channel. */
export interface ChannelRights {
  live: boolean;
  catchup: boolean;
}

/**
 * Spec §4 channel access: allowed when exp is -1, or when exp lies in the future and sup is 1; exp 0 means none.
 * `now` is the server's clock when it is known, so a wrong device clock does not open or close channels.
 */
export function auAllows(entries: readonly AuEntry[], k: AuEntry['k'], now: number): boolean {
  return entries.some((e) => e.k === k && (e.exp === -1 || (e.exp > now && e.sup === 1)));
}

interface LcEntry {
  lid: string;
  pcList: { cid: string; au: AuEntry[] }[];
}

/** Rights per logical channel: a right on any of its physical channels is a right on the channel. */
export function rightsByChannel(lcList: readonly LcEntry[], now: number): Record<string, ChannelRights> {
  const out: Record<string, ChannelRights> = {};
  for (const lc of lcList) {
    out[lc.lid] = {
      live: lc.pcList.some((pc) => auAllows(pc.au, 'live', now)),
      catchup: lc.pcList.some((pc) => auAllows(pc.au, 'catchup', now)),
    };
  }
  return out;
}

/** The content authority answer; null until fetched (the channel list's own flags stand until then). */
export const $rights = atom<Record<string, ChannelRights> | null>(null);

/** The channel with the authority answer laid over the line-up's flags. */
export function withRights<
  C extends Pick<Channel, 'logicalChannelId' | 'liveAuthority' | 'playBackAuthority'>,
>(channel: C, rights: Record<string, ChannelRights> | null): C {
  const r = rights?.[channel.logicalChannelId];
  if (!r) return channel;
  if (r.live === channel.liveAuthority && r.catchup === channel.playBackAuthority) return channel;
  return { ...channel, liveAuthority: r.live, playBackAuthority: r.catchup };
}

/** Asks the server for the viewer's authority (content authority v1) and keeps it. */
export async function refreshAuthority(): Promise<void> {
  const answer = await browserApi.live.contentAuthority({ originType: 'web', supportBroadCast: true });
  $rights.set(rightsByChannel(answer.lcList, answer.serverTime));
}

/**
 * The no-authority prompt (spec §2, §6): guests are asked to log in (favourites, reminders, locked channels),
 * users are offered a purchase. Null when closed.
 */
export const $noAuthorityPrompt = atom<{ viewer: Viewer } | null>(null);

/** Opens the prompt for the current viewer. */
export function promptNoAuthority() {
  $noAuthorityPrompt.set({ viewer: $viewer.get() });
}
