import type { EpgProgram } from '@ottkit/api-client';
import { type AgeRating, ratingAllowed } from '@ottkit/api-client/profiles';

/**
 * Programmes as a profile may see them (issue 20 §2, decision 0310): one rated above the profile's maximum keeps
 * its id, times and flags (its row, block and actions stay: a play asks the server, which asks for the PIN) but
 * shows the neutral text instead of its title, and no description or other texts. The guide's days stay shared
 * and cached per day (their checksums are not per profile), so the mask is applied where the site reads them,
 * here, for every view of the guide (list, grid, now/next, player, catch-up). Reminders come from a per-profile
 * answer the server masks itself (`subscriptionMask.ts`).
 */
export interface GuideMask {
  /** The profile's maximum rating; the site keeps no mask for a profile that sees everything. */
  max: AgeRating;
  /** The neutral text shown in place of the title ("Not available on this profile"). */
  hidden: string;
}

/** Whether a programme rated `ageRating` (unrated: undefined) is hidden from the profile. */
export const programmeHidden = (ageRating: string | undefined, mask: GuideMask | null) =>
  mask !== null && !ratingAllowed(ageRating, mask.max);

/** One programme as the profile sees it (the same object when it is not hidden). */
export function maskProgramme<P extends EpgProgram>(p: P, mask: GuideMask | null): P {
  if (!mask || !programmeHidden(p.ageRating, mask)) return p;
  return { ...p, title: mask.hidden, content: '', multilingualList: [] };
}

/** A day's programmes as the profile sees them (the same array when nothing is hidden, so views keep it). */
export function maskProgrammes<P extends EpgProgram>(programs: P[], mask: GuideMask | null): P[] {
  if (!mask || !programs.some((p) => programmeHidden(p.ageRating, mask))) return programs;
  return programs.map((p) => maskProgramme(p, mask));
}
