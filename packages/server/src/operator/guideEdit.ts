import { ErrCode } from '@ottkit/api-client';
import {
  type ConsoleProgramme,
  type GuideLang,
  type lineupProgrammeSave,
  OperatorErrCode,
  type RequestOf,
} from '@ottkit/api-client/contract';
import { ensureGuideNow, guideChecksum, textIn } from '../domain/epg.ts';
import { DomainError } from '../domain/errors.ts';
import { parseGuideDay } from '../domain/liveAdmin.ts';
import type { GuideProgram } from '../guide/generate.ts';
import type { Db } from '../store/db.ts';
import { daySteps, readDaysNow, writeDaySteps } from '../store/epg.ts';
import { findChannelNow } from './lineup.ts';

/**
 * One channel's guide day in the console (issue 18 §3, decision 0231): read it, change one programme. The day is
 * checked by the same rules as the CLI's `guide-import` (`parseGuideDay`: within the day, in order, no overlap)
 * and stored again with its new checksum, so viewers' local guides fetch the day again.
 */

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

/**
 * Changes one programme; answers it before and after (for the audit log) and the day's new checksum. The channel's
 * guide is read, and a generated day stored, before the transaction; the day is read (its row locked) and written
 * again inside it, so two editors' changes of one day are made one after the other (decision 0439). The caller
 * forgets the day in the processes' caches once it committed (`forgetGuideDay`).
 */
export async function programmeEpg(db: Db, edit: ProgrammeEdit, now: number): Promise<string> {
  const { epgId } = await findChannelNow(db, edit.logicalChannelId);
  // A generated guide's day may not be stored yet: generate it as a viewer's request would.
  await ensureGuideNow(db, [epgId], now);
  return epgId;
}

export function* saveProgrammeSteps(db: Db, epgId: string, edit: ProgrammeEdit, now: number) {
  const d = yield* daySteps(db, epgId, edit.day);
  const old = d?.programs.find((p) => p.programId === edit.programId);
  if (!d || !old)
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
      epgId,
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
  const checksum = guideChecksum(programs);
  if (checksum !== d.checksum) yield* writeDaySteps(db, epgId, edit.day, programs, checksum, now);
  const after = programs.find((p) => p.programId === old.programId) as GuideProgram;
  return { before: inLang(old, edit.lang), after: inLang(after, edit.lang), checksum };
}
