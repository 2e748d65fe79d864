import type { VodDetail } from '@ottkit/api-client';
import { isApiError } from '@ottkit/api-client/client';
import { browserApi } from '../lib/api.ts';
import { mediaUrl } from '../lib/zeroTrust.ts';
import { latestPosition, resumeSeconds } from './progress.ts';
import { needsLogin } from './vodFavorites.ts';
import {
  $vodPlayer,
  beginPlayerRequest,
  isLatestPlayerRequest,
  type PlayerEpisode,
  type PlayingItem,
} from './vodPlayer.ts';
import type { VodPlayRequest } from './vodPlayRequest.ts';

/** Resolving play requests into playable items (loaded with the player chunk, never by a browsing page). */

/** Where a guest goes when playing needs an account (spec §6). */
export function loginHref(current: URL) {
  return `/login?redirect=${encodeURIComponent(current.pathname + current.search)}`;
}

import { playErrorKey } from '../lib/playErrorKey.ts';
import { ratedRefusal } from '../lib/ratedRefusal.ts';

export { playErrorKey };

/**
 * The parental PIN that allowed a title rated above the profile (issue 20 §2), kept in memory for this page
 * only: the renewal of its URL asks with it again, since the server refuses every play above the rating.
 */
const unlocked = new Map<string, string>();
function pinFor(metaId: string, given?: string): { parentalPin?: string } {
  if (given) unlocked.set(metaId, given);
  const pin = unlocked.get(metaId);
  return pin ? { parentalPin: pin } : {};
}

/** A refusal the PIN prompt answers; a wrong or locked-out PIN also forgets the PINs kept here. */
async function ratedRefusalHere(e: unknown) {
  const rated = await ratedRefusal(e);
  if (rated?.messageKey) unlocked.clear();
  return rated;
}

/** A SERIES or SEASON plays its last-watched episode (the next one if that was finished), else its first. */
async function playableDetail(metaId: string): Promise<VodDetail> {
  const detail = await browserApi.vod.detail({ metaId });
  let episode = detail;
  if (!detail.playable) {
    const target =
      detail.history?.metaId ?? (await browserApi.vod.episodes({ metaId, pageSize: 1 })).list[0]?.metaId;
    if (!target) throw new Error(`${metaId} has no episodes`);
    episode = await browserApi.vod.detail({ metaId: target });
  }
  if (episode.history?.played && episode.nextEpisodeId) {
    return browserApi.vod.detail({ metaId: episode.nextEpisodeId });
  }
  return episode;
}

async function seasonEpisodes(detail: VodDetail): Promise<PlayerEpisode[]> {
  if (detail.metaType !== 'EPISODE' || !detail.seriesId) return [];
  const page = await browserApi.vod.episodes({
    metaId: detail.seriesId,
    ...(detail.season !== null && !detail.noSeason ? { season: detail.season } : {}),
    pageSize: 500,
  });
  return page.list.map(({ metaId, episode, title }) => ({ metaId, episode, title }));
}

const displayTitle = (d: VodDetail) => (d.seriesTitle ? `${d.seriesTitle} · ${d.title}` : d.title);

async function resolveTitle(metaId: string, resume: boolean, parentalPin?: string): Promise<PlayingItem> {
  const detail = await playableDetail(metaId);
  const [source, episodes] = await Promise.all([
    browserApi.vod.playSource({ metaId: detail.metaId, ...pinFor(detail.metaId, parentalPin) }),
    seasonEpisodes(detail),
  ]);
  // Opening counts for the history list even before the first progress report.
  void browserApi.vod.historyAdd({ metaId: detail.metaId }).catch(() => {});
  const position = latestPosition(detail.metaId, source.history ?? detail.history);
  const next = detail.nextEpisodeId
    ? (episodes.find((e) => e.metaId === detail.nextEpisodeId) ?? {
        metaId: detail.nextEpisodeId,
        episode: (detail.episode ?? 0) + 1,
        title: '',
      })
    : null;
  return {
    metaId: detail.metaId,
    kind: 'title',
    title: displayTitle(detail),
    src: mediaUrl(source.url),
    expiresAt: source.expiresAt,
    startTime: resume ? resumeSeconds(position) : 0,
    audioOnly: detail.vodType === 'audio',
    audioPosters: detail.audioPosters.map((p) => p.url),
    report: {
      metaId: detail.metaId,
      videoType: detail.metaType === 'EPISODE' ? 'EPISODE' : 'MOVIE',
      imdbId: detail.imdbId,
      tmdbId: detail.tmdbId,
      episodeNo: detail.episode,
      seasonNo: detail.season,
    },
    episodes,
    next,
  };
}

async function resolveTrailer(metaId: string, parentalPin?: string): Promise<PlayingItem> {
  const [detail, trailers] = await Promise.all([
    browserApi.vod.detail({ metaId }),
    browserApi.vod.trailer({ metaId, ...pinFor(metaId, parentalPin) }),
  ]);
  const first = trailers.list[0];
  if (!first) throw new Error(`${metaId} has no trailer`);
  return {
    metaId,
    kind: 'trailer',
    title: first.title || detail.title,
    src: mediaUrl(first.url),
    expiresAt: first.expiresAt,
    startTime: 0,
    audioOnly: false,
    audioPosters: [],
    report: null,
    episodes: [],
    next: null,
  };
}

/**
 * A fresh URL for the item being played (decision 0100), asked by the player before `expiresAt`: the same
 * play source (or trailer) call that opened it. Playback carries on with it, without a reload.
 */
export async function renewVodPlayback(item: Pick<PlayingItem, 'metaId' | 'kind'>) {
  const fresh =
    item.kind === 'trailer'
      ? (await browserApi.vod.trailer({ metaId: item.metaId, ...pinFor(item.metaId) })).list[0]
      : await browserApi.vod.playSource({ metaId: item.metaId, ...pinFor(item.metaId) });
  return fresh ? { src: mediaUrl(fresh.url), expiresAt: fresh.expiresAt } : null;
}

/**
 * Resolves a play request into a playable item (the latest request wins). Answers 'login' when the viewer
 * must log in first; the caller navigates.
 */
export async function startPlayback(
  request: Pick<VodPlayRequest, 'metaId' | 'kind' | 'resume'> & { parentalPin?: string },
) {
  const mine = beginPlayerRequest();
  $vodPlayer.set({ state: 'loading', metaId: request.metaId });
  try {
    const item =
      request.kind === 'trailer'
        ? await resolveTrailer(request.metaId, request.parentalPin)
        : await resolveTitle(request.metaId, request.resume, request.parentalPin);
    if (!isLatestPlayerRequest(mine)) return 'stale' as const;
    $vodPlayer.set({ state: 'ready', item, seq: mine });
    return 'ok' as const;
  } catch (e) {
    if (!isLatestPlayerRequest(mine)) return 'stale' as const;
    if (needsLogin(e)) {
      $vodPlayer.set({ state: 'idle' });
      return 'login' as const;
    }
    const rated = await ratedRefusalHere(e);
    if (!isLatestPlayerRequest(mine)) return 'stale' as const;
    if (rated) {
      $vodPlayer.set({
        state: 'rated',
        metaId: request.metaId,
        kind: request.kind,
        resume: request.resume,
        ...rated,
      });
      return 'rated' as const;
    }
    if (isApiError(e) && e.name === 'NoAuthorityError') {
      $vodPlayer.set({ state: 'noAuthority', metaId: request.metaId });
      return 'noAuthority' as const;
    }
    $vodPlayer.set({ state: 'error', metaId: request.metaId, messageKey: playErrorKey(e) });
    return 'error' as const;
  }
}
