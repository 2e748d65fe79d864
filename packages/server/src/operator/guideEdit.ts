import { ErrCode } from '@ottkit/api-client';
import {
  type ConsoleProgramme,
  type GuideLang,
  type lineupProgrammeSave,
  OperatorErrCode,
  type RequestOf,
} from '@ottkit/api-client/contract';
import { ensureGuide, ensureGuideNow, putGuideDay, textIn } from '../domain/epg.ts';
import { DomainError } from '../domain/errors.ts';
import { parseGuideDay } from '../domain/liveAdmin.ts';
import type { GuideProgram } from '../guide/generate.ts';
import type { Db } from '../store/db.ts';
import { readDays, readDaysNow } from '../store/epg.ts';
import { findChannel, findChannelNow } from './lineup.ts';

/**
 * One channel's guide day in the console (issue 18 §3, decision 0231): read it, change one programme. The day is
 * checked by the same rules as the CLI's `guide-import` (`parseGuideDay`: within the day, in order, no overlap)
 * and stored by `putGuideDay`, so its checksum moves and viewers' local guides fetch the day again.
 */
function storedDay(db: Db, channelId: string, day: string, now: number) {
  const { epgId } = findChannel(db, channelId);
  // A generated guide's day may not be stored yet: generate it as a viewer's request would.
  ensureGuide(db, [epgId], now);
  const found = readDays(db, day, [epgId]).get(epgId);
  return { epgId, checksum: found?.checksum ?? '', programs: found?.programs ?? [] };
}

function inLang(p: GuideProgram, lang: GuideLang): ConsoleProgramme {
  const t = textIn(p, lang);
  return {
    programId: p.programId,
    start: p.start,
    stop: p.stop,
    title: t?.title ?? '',
    description: t?.content ?? '',
    ...(p.rating ? { rating: p.rating } : {}),
  };
}

/** The day as the guide editor shows it, on the asynchronous store. */
export async function guideDayOf(db: Db, channelId: string, day: string, lang: GuideLang, now: number) {
  const { epgId } = await findChannelNow(db, channelId);
  // A generated guide's day may not be stored yet: generate it as a viewer's request would.
  await ensureGuideNow(db, [epgId], now);
  const found = (await readDaysNow(db, day, [epgId])).get(epgId);
  const programmes = (found?.programs ?? []).map((p) => inLang(p, lang));
  return { epgId, day, checksum: found?.checksum ?? '', programmes };
}

export type ProgrammeEdit = RequestOf<typeof lineupProgrammeSave>;

/** Changes one programme; answers it before and after (for the audit log) and the day's new checksum. */
export function saveProgramme(db: Db, edit: ProgrammeEdit, now: number) {
  return db.transaction(() => {
    const d = storedDay(db, edit.logicalChannelId, edit.day, now);
    const old = d.programs.find((p) => p.programId === edit.programId);
    if (!old)
      throw new DomainError(OperatorErrCode.NOT_FOUND, `No programme ${edit.programId} that day`, 404);
    const texts = old.texts.filter((t) => t.lang !== edit.lang);
    texts.push({ lang: edit.lang, title: edit.title, content: edit.description });
    const rating =
      old.rating && edit.ratingValue !== undefined ? { ...old.rating, value: edit.ratingValue } : old.rating;
    const changed: GuideProgram = { ...old, start: edit.start, stop: edit.stop, texts };
    const list = d.programs
      .map((p) => (p === old ? changed : p))
      .sort((a, b) => a.start - b.start || a.stop - b.stop);
    let parsed: GuideProgram[];
    try {
      parsed = parseGuideDay(
        d.epgId,
        edit.day,
        list.map(({ categories: _c, rating: _r, ...p }) => p),
      );
    } catch (e) {
      throw new DomainError(ErrCode.INVALID_REQUEST, (e as Error).message, 400);
    }
    // The feed's categories and ratings ride along unchanged (parseGuideDay takes what the CLI's file gives).
    const extra = new Map(list.map((p) => [p.programId, p]));
    const programs = parsed.map((p) => {
      const from = extra.get(p.programId);
      const r = p.programId === old.programId ? rating : from?.rating;
      return {
        ...p,
        ...(from?.categories ? { categories: from.categories } : {}),
        ...(r ? { rating: r } : {}),
      };
    });
    putGuideDay(db, d.epgId, edit.day, programs, now);
    const after = programs.find((p) => p.programId === old.programId) as GuideProgram;
    const checksum = storedDay(db, edit.logicalChannelId, edit.day, now).checksum;
    return { before: inLang(old, edit.lang), after: inLang(after, edit.lang), checksum };
  });
}
