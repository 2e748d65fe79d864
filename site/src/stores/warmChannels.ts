import { type PrefetchTarget, preloadAllowed } from '@ottkit/player';
import { atom } from 'nanostores';
import type { LiveChannel } from '../lib/liveLineup.ts';
import { $columnChannels, $selectedChannelId } from './channels.ts';
import { playUrl, rememberWarmAnswer, warmAnswer } from './playback.ts';

/**
 * Instant channel change (issue 20 §1, decision 0201): the channels above and below the one watched in the list
 * shown, and the one under the pointer or keyboard focus, are kept warm. Their signed live URLs are asked for
 * ahead (the tokens are per channel) and handed to the player as prefetch targets; the player fetches their
 * first seconds, and a zap to one plays that answer at once.
 */

/** The channel row under the pointer or keyboard focus (null when none). */
export const $pointedChannelId = atom<string | null>(null);
/** What the live player keeps warm. */
export const $warmTargets = atom<PrefetchTarget[]>([]);

type Row = Pick<LiveChannel, 'logicalChannelId' | 'liveAuthority'>;

/** The neighbours of `selected` in `list` and the pointed channel, without the one watched; only playable ones. */
export function warmChannelIds(
  list: readonly Row[],
  selected: string | null,
  pointed: string | null,
): string[] {
  const at = list.findIndex((c) => c.logicalChannelId === selected);
  const near = at < 0 ? [] : [list[at - 1], list[at + 1]];
  const hovered = list.find((c) => c.logicalChannelId === pointed);
  const ids = [...near, hovered]
    .filter((c): c is Row => !!c && c.liveAuthority && c.logicalChannelId !== selected)
    .map((c) => c.logicalChannelId);
  return [...new Set(ids)];
}

const asking = new Map<string, Promise<void>>();

async function ensureAnswer(logicalChannelId: string) {
  if (warmAnswer(logicalChannelId)) return;
  const pending =
    asking.get(logicalChannelId) ??
    playUrl({ logicalChannelId, kind: 'live' })
      // Without authority it is the fallback clip, and DRM streams play through shaka-player: neither is warmed.
      .then((a) => rememberWarmAnswer(logicalChannelId, a.authority && !a.drm ? a : null))
      .catch(() => rememberWarmAnswer(logicalChannelId, null))
      .finally(() => asking.delete(logicalChannelId));
  asking.set(logicalChannelId, pending);
  await pending;
}

/** Asks for the neighbours' answers that are missing or about to expire, then updates the targets. */
export async function warmNeighbours() {
  const ids = warmChannelIds($columnChannels.get(), $selectedChannelId.get(), $pointedChannelId.get());
  // Metered or Save-Data: nothing ahead, not even the neighbours' answers.
  if (ids.length === 0 || !preloadAllowed()) return $warmTargets.set([]);
  await Promise.all(ids.map(ensureAnswer));
  // The viewer may have moved on meanwhile: only what is still a neighbour stays warm.
  const still = warmChannelIds($columnChannels.get(), $selectedChannelId.get(), $pointedChannelId.get());
  const targets = still.flatMap((id) => {
    const a = warmAnswer(id);
    return a ? [{ src: a.url, expiresAt: a.expiresAt }] : [];
  });
  const before = $warmTargets.get();
  const same = before.length === targets.length && before.every((t, i) => t.src === targets[i]?.src);
  if (!same) $warmTargets.set(targets);
}
