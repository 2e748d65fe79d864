/**
 * The rules of profiles and age ratings without zod (issue 20 §2, decisions 0285-0286): browsers import them from
 * `@ottkit/api-client/profiles` (an entry of its own, so pages that never meet a profile do not load it);
 * `profiles.ts` holds the calls.
 */

/** The age-rating scale, lowest first (decision 0286). An unrated title or programme is shown to everyone. */
export const AGE_RATINGS = ['G', 'PG', '12', '16', '18'] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];

/** Whether something rated `rating` (null: unrated) may be shown to or played by a profile of `max`. */
export function ratingAllowed(rating: string | null | undefined, max: AgeRating): boolean {
  const at = AGE_RATINGS.indexOf(rating as AgeRating);
  return at < 0 || at <= AGE_RATINGS.indexOf(max);
}

export const MAX_PROFILES = 5;
/** The fixed avatars a profile picks from (drawn by the site; no uploads). */
export const PROFILE_AVATARS = ['sun', 'moon', 'star', 'leaf', 'wave', 'rocket'] as const;

/** Profile business rules (10111xxx). */
export const ProfileErrCode = {
  PROFILE_NOT_FOUND: 10111001,
  /** The account already has `MAX_PROFILES` profiles. */
  PROFILE_LIMIT: 10111002,
  /** The action needs the parental PIN (leaving a kids profile, changing ratings, playing above the rating). */
  PIN_REQUIRED: 10111003,
  /** The parental PIN sent is wrong (attempt-limited: TOO_MANY_ATTEMPTS after five). */
  PIN_WRONG: 10111004,
  /** The title or programme is rated above the profile's maximum: refused on play unless the PIN is sent. */
  RATING_ABOVE_PROFILE: 10111005,
  /** The account's first profile cannot be deleted. */
  DEFAULT_PROFILE_KEPT: 10111006,
} as const;
