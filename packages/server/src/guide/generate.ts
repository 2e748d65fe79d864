/**
 * The demo guide: programmes generated on demand for channels without an imported guide (decision 0051). Not
 * seed data: `domain/epg.ts` generates the days the guide window needs, at any time (decision 0192).
 */
import type { GuideLang } from '@ottkit/api-client/contract';
import { createPrng, hash32 } from '../prng.ts';
import { dayStart, MINUTE } from './days.ts';
import { type Genre, SHOWS } from './shows.ts';

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
  const random = createPrng(hash32(`${epgId}|${day}`)).next;
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
