import type { Channel } from '@ottkit/api-client';
import { browserApi } from '../lib/api.ts';
import { matchChannels } from '../lib/channelSearch.ts';
import { liveChannelHref } from '../lib/navigation.ts';
import { normalizeKeyword } from './search.ts';
import { detailHref } from './vodNavigation.ts';

/** Search as you type (issue 14): what the box suggests, at most this many of each kind. */
export const SUGGESTIONS_PER_KIND = 5;
/** Suggestions wait until typing pauses this long. */
export const SUGGEST_DEBOUNCE_MS = 250;
/** Fewer characters than this suggest nothing (one letter matches half the catalogue). */
export const SUGGEST_MIN_LENGTH = 2;

export interface Suggestion {
  kind: 'channel' | 'title';
  /** Unique within the list (the option's id). */
  key: string;
  label: string;
  href: string;
}

/** The viewer's line-up, read once per page and only when a channel could be suggested. */
let lineup: Promise<Channel[]> | null = null;
function lineupOnce(): Promise<Channel[]> {
  lineup ??= browserApi.live
    .channelList({})
    .then((l) => l.channelListInfo)
    .catch(() => {
      lineup = null;
      return [];
    });
  return lineup;
}

/**
 * Suggestions for what has been typed: channels of the viewer's line-up (name or number) and titles (the VOD
 * search, flagged `suggest` so half-typed words never count as top searches). An area the business type does
 * not reach is not asked.
 */
export async function loadSuggestions(
  typed: string,
  areas: { live: boolean; vod: boolean },
): Promise<Suggestion[]> {
  const keyword = normalizeKeyword(typed);
  if (keyword.length < SUGGEST_MIN_LENGTH) return [];
  const [channels, titles] = await Promise.all([
    areas.live ? lineupOnce().then((l) => matchChannels(l, keyword, SUGGESTIONS_PER_KIND)) : [],
    areas.vod
      ? browserApi.vod
          .search({ keyword, pageId: 1, pageSize: SUGGESTIONS_PER_KIND, suggest: true })
          .then((r) => r.list)
          .catch(() => [])
      : [],
  ]);
  return [
    ...channels.map((c) => ({
      kind: 'channel' as const,
      key: `channel-${c.logicalChannelId}`,
      label: `${c.channelSeq} · ${c.logicalChannelName}`,
      href: liveChannelHref(c.logicalChannelId),
    })),
    ...titles.map((t) => ({
      kind: 'title' as const,
      key: `title-${t.metaId}`,
      label: t.title,
      href: detailHref(t.metaId),
    })),
  ];
}

/** The option the arrow keys move to: down from the last (or nothing) wraps to the first, and back. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
