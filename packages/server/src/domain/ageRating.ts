import { AGE_RATINGS, type AgeRating } from '@ottkit/api-client/contract';

/**
 * Guide ratings onto the `AGE_RATINGS` scale (decision 0286). XMLTV's `<rating><value>` is free text in many
 * systems (MPAA, US TV, BBFC, FSK, ClassInd, PEGI…); the common values map by name, a bare age by the step it
 * reaches. Anything else is unrated (null): shown to every profile, like an unrated title.
 */
const NAMED: Record<string, AgeRating> = {
  G: 'G',
  U: 'G',
  L: 'G',
  'TV-Y': 'G',
  'TV-G': 'G',
  ATP: 'G',
  PG: 'PG',
  'TV-Y7': 'PG',
  'TV-PG': 'PG',
  'PG-13': '12',
  '12A': '12',
  'TV-14': '16',
  R: '16',
  'NC-17': '18',
  'TV-MA': '18',
  R18: '18',
  X: '18',
};

export function ageRatingOf(value: string | null | undefined): AgeRating | null {
  const v = (value ?? '').trim().toUpperCase();
  if (!v) return null;
  if ((AGE_RATINGS as readonly string[]).includes(v)) return v as AgeRating;
  if (NAMED[v]) return NAMED[v];
  const age = /^(?:FSK\s*|PEGI\s*|AL\s*)?(\d{1,2})\+?$/.exec(v)?.[1];
  if (age === undefined) return null;
  // A bare age goes to the first step at or above it, so a system's 15 is kept from a 12 profile.
  const n = Number(age);
  if (n > 16) return '18';
  if (n > 12) return '16';
  if (n >= 10) return '12';
  if (n >= 6) return 'PG';
  return 'G';
}
