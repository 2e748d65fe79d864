import type { GuideLang } from '@ottkit/api-client/contract';
import { type Genre, SHOWS } from './epgShows.ts';

export const MINUTE = 60_000;
export const DAY_MS = 86_400_000;
export const MIN_PROGRAM_MINUTES = 15;
export const MAX_PROGRAM_MINUTES = 180;

/** A programme as the generator makes it; the store keeps exactly this. */
export interface GuideProgram {
  programId: string;
  start: number;
  stop: number;
  isCatchup: boolean;
  /** en first; every guide language present. */
  texts: Array<{ lang: GuideLang; title: string; content: string }>;
  /** What the feed files it under (XMLTV `<category>`; imported guides only, issue 16). */
  categories?: string[];
  /** Its rating (XMLTV `<rating system><value>`; imported guides only), for the rating rules of issue 20. */
  rating?: { system: string; value: string };
}

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function dayOf(ts: number): string {
  return new Date(ts).toISOString().slice(0, 10);
}

/** Midnight UTC starting a day. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, n: number): string {
  return dayOf(dayStart(day) + n * DAY_MS);
}

/** FNV-1a: a stable 32-bit hash of a string, to seed the PRNG per (epgId, day). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and deterministic; plenty for sample data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The genre of a channel's guide, from its first column. */
export function genreOfColumn(columnId: string | undefined): Genre {
  switch (columnId) {
    case 'col-news':
      return 'news';
    case 'col-sports':
      return 'sports';
    case 'col-kids':
      return 'kids';
    case 'col-docs':
      return 'documentary';
    case 'col-radio':
      return 'music';
    default:
      return 'entertainment';
  }
}

/**
 * Picks the next length so the day ends exactly at midnight and every programme stays within 15-180 min:
 * when what is left fits in one programme (and a shorter pick would leave less than 15), take all of it.
 */
export function nextLength(remaining: number, wanted: number): number {
  if (remaining <= MAX_PROGRAM_MINUTES && (wanted >= remaining || remaining - wanted < MIN_PROGRAM_MINUTES)) {
    return remaining;
  }
  if (remaining - wanted < MIN_PROGRAM_MINUTES) return remaining - MIN_PROGRAM_MINUTES;
  return wanted;
}

/**
 * One day of one guide, a pure function of (epgId, genre, day): programmes of 15-180 min covering exactly
 * [midnight, next midnight) UTC, so consecutive days join without gap or overlap (decision 0051).
 */
export function generateGuideDay(
  epgId: string,
  genre: Genre,
  day: string,
  catchupChannel: boolean,
): GuideProgram[] {
  const random = prng(hash32(`${epgId}|${day}`));
  const shows = SHOWS[genre];
  const base = dayStart(day);
  const out: GuideProgram[] = [];
  let minute = 0;
  let episode = 1 + Math.floor(random() * 200);
  while (minute < 24 * 60) {
    const s = shows[Math.floor(random() * shows.length)] ?? shows[0];
    if (!s) break;
    const wanted = s.lengths[Math.floor(random() * s.lengths.length)] ?? 60;
    const length = nextLength(24 * 60 - minute, wanted);
    const start = base + minute * MINUTE;
    episode++;
    out.push({
      programId: `${epgId}-${start / 1000}`,
      start,
      stop: start + length * MINUTE,
      isCatchup: catchupChannel && !s.liveOnly,
      texts: [
        { lang: 'en', title: s.en[0], content: `${s.en[1]} Episode ${episode}.` },
        { lang: 'es', title: s.es[0], content: `${s.es[1]} Episodio ${episode}.` },
        { lang: 'pt', title: s.pt[0], content: `${s.pt[1]} Episódio ${episode}.` },
      ],
    });
    minute += length;
  }
  return out;
}
