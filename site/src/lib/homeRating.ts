import { type AgeRating, AGE_RATINGS, ratingAllowed } from '@ottkit/api-client/profiles';
import type { serverApi } from './api.ts';
import type { HomePublic } from './homeCache.ts';

type Api = ReturnType<typeof serverApi>;
const TOP = AGE_RATINGS[AGE_RATINGS.length - 1];

/**
 * The session profile's maximum rating when it limits anything (issue 20 §2), else null: no session, a guest,
 * a profile that sees everything. Asked on every request with a session, never cached: a profile switch must
 * show at once, and it is one cheap local call. The server refuses the play of anything above it anyway; this
 * keeps the shared home rows (decision 0131) from showing it.
 */
export async function sessionMaxRating(api: Api, token: string | undefined): Promise<AgeRating | null> {
  if (!token) return null;
  try {
    const info = await api.account.profileList({});
    const max = info.profiles.find((p) => p.profileId === info.currentProfileId)?.maxRating;
    return max && max !== TOP ? max : null;
  } catch {
    return null;
  }
}

/** The rows without the titles rated above `max` (rows left empty go). */
export function ratedFor(rows: HomePublic['rows'], max: AgeRating | null): HomePublic['rows'] {
  if (!max) return rows;
  return rows
    .map((r) => ({ ...r, list: r.list.filter((c) => ratingAllowed(c.ageRating, max)) }))
    .filter((r) => r.list.length > 0);
}

/**
 * The banners without those leading to a title rated above `max` (issue 20 §2): the shared part is asked without
 * a session, so the server's own filter (per session) does not apply to it. Banners to a list or a channel stay.
 */
export function ratedBanners(banners: HomePublic['banners'], max: AgeRating | null): HomePublic['banners'] {
  if (!max) return banners;
  return banners.filter((b) => b.linkType !== 'VOD_CONTENT' || ratingAllowed(b.ageRating, max));
}
