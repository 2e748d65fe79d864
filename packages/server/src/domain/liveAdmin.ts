import { guideLangSchema } from '@ottkit/api-client/contract';
import { z } from 'zod';
import { DAY_MS, dayStart } from '../guide/days.ts';
import type { GuideProgram } from '../guide/generate.ts';
import type { Db } from '../store/db.ts';
import { putGuideDay } from './epg.ts';

const text = z.object({
  lang: guideLangSchema,
  title: z.string().min(1).max(200),
  content: z.string().max(2000),
});
const programSchema = z
  .object({
    programId: z.string().min(1).max(128).optional(),
    start: z.number().int(),
    stop: z.number().int(),
    isCatchup: z.boolean().default(true),
    texts: z.array(text).min(1),
    /** As XMLTV's `<rating system><value>` (issue 20 §2: mapped onto the age scale when read). */
    rating: z.object({ system: z.string().max(40).default(''), value: z.string().min(1).max(20) }).optional(),
  })
  .strict();

/**
 * Checks an operator's programmes for one UTC day: each starts within the day, ends after it starts, in order
 * without overlap, with an English text. Gaps are allowed (an operator's guide may have them). Missing ids are
 * made from the guide and the start, like the generated ones.
 */
export function parseGuideDay(epgId: string, day: string, input: unknown): GuideProgram[] {
  const list = z.array(programSchema).max(500).parse(input);
  const from = dayStart(day);
  const out: GuideProgram[] = [];
  let previousStop = Number.NEGATIVE_INFINITY;
  list.forEach((p, i) => {
    const where = `programme ${i + 1}`;
    if (p.start < from || p.start >= from + DAY_MS)
      throw new Error(`${where} does not start on ${day} (UTC)`);
    if (p.stop <= p.start) throw new Error(`${where} ends before it starts`);
    if (p.start < previousStop) throw new Error(`${where} overlaps the one before`);
    if (!p.texts.some((t) => t.lang === 'en')) throw new Error(`${where} has no English title`);
    previousStop = p.stop;
    out.push({
      programId: p.programId ?? `${epgId}-${p.start / 1000}`,
      start: p.start,
      stop: p.stop,
      isCatchup: p.isCatchup,
      texts: [...p.texts].sort((a, b) => a.lang.localeCompare(b.lang)),
      ...(p.rating ? { rating: p.rating } : {}),
    });
  });
  return out;
}

/** Replaces one day of a guide with the operator's programmes; true when the day changed (its checksum moves). */
export function importGuideDay(db: Db, epgId: string, day: string, input: unknown, now: number): boolean {
  return putGuideDay(db, epgId, day, parseGuideDay(epgId, day, input), now);
}
