import type { GuideLang } from '@ottkit/api-client/contract';
import type { GuideProgram } from '../seed/epg.ts';
import type { Db } from './db.ts';

interface ProgramRow {
  program_id: string;
  epg_id: string;
  day: string;
  start_ts: number;
  stop_ts: number;
  title: string;
  content: string;
  is_catchup: number;
}

export interface StoredProgram extends GuideProgram {
  epgId: string;
  day: string;
}

/** Rows per multi-row insert (8 parameters each, far below SQLite's limit). */
const PROGRAM_CHUNK = 50;

export function dayChecksum(db: Db, epgId: string, day: string): string | undefined {
  return db.get<{ checksum: string }>(
    'SELECT checksum FROM epg_days WHERE epg_id = ? AND day = ?',
    epgId,
    day,
  )?.checksum;
}

/** Every stored (epgId, day) with its checksum within [firstDay, lastDay]. */
export function storedDays(db: Db, firstDay: string, lastDay: string) {
  return db.all<{ epg_id: string; day: string; checksum: string }>(
    'SELECT epg_id, day, checksum FROM epg_days WHERE day >= ? AND day <= ? ORDER BY epg_id, day',
    firstDay,
    lastDay,
  );
}

/** Replaces one day's programmes; the caller decides whether the checksum changed. */
export function writeDay(
  db: Db,
  epgId: string,
  day: string,
  programs: readonly GuideProgram[],
  checksum: string,
  now: number,
): void {
  db.transaction(() => {
    db.run('DELETE FROM epg_days WHERE epg_id = ? AND day = ?', epgId, day);
    db.run(
      'INSERT INTO epg_days (epg_id, day, checksum, updated_at) VALUES (?, ?, ?, ?)',
      epgId,
      day,
      checksum,
      now,
    );
    // Multi-row inserts: one statement per chunk instead of one per row (the per-call cost dominates).
    for (let i = 0; i < programs.length; i += PROGRAM_CHUNK) {
      const chunk = programs.slice(i, i + PROGRAM_CHUNK);
      const params: Array<string | number> = [];
      for (const p of chunk) {
        const en = p.texts.find((t) => t.lang === 'en') ?? p.texts[0];
        params.push(
          p.programId,
          epgId,
          day,
          p.start,
          p.stop,
          en?.title ?? '',
          en?.content ?? '',
          p.isCatchup ? 1 : 0,
        );
      }
      db.run(
        `INSERT INTO epg_programs (program_id, epg_id, day, start_ts, stop_ts, title, content, is_catchup)
         VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        ...params,
      );
    }
    const texts = programs.flatMap((p) =>
      p.texts.map((t) => [p.programId, t.lang, t.title, t.content] as const),
    );
    for (let i = 0; i < texts.length; i += PROGRAM_CHUNK * 2) {
      const chunk = texts.slice(i, i + PROGRAM_CHUNK * 2);
      db.run(
        `INSERT INTO epg_program_langs (program_id, lang, title, content)
         VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}`,
        ...chunk.flat(),
      );
    }
  });
}

/** Days older than `beforeDay` are dropped (catch-up never reaches further than 7 days). */
export function purgeDaysBefore(db: Db, beforeDay: string): number {
  return db.run('DELETE FROM epg_days WHERE day < ?', beforeDay).changes;
}

function toStored(r: ProgramRow, texts: StoredProgram['texts'] | undefined): StoredProgram {
  return {
    programId: r.program_id,
    epgId: r.epg_id,
    day: r.day,
    start: r.start_ts,
    stop: r.stop_ts,
    isCatchup: r.is_catchup === 1,
    texts: texts ?? [{ lang: 'en', title: r.title, content: r.content }],
  };
}

/** The programmes of one day, of every guide or of one, grouped by epgId, in start order. */
export function programsOfDay(db: Db, day: string, epgId?: string): Map<string, StoredProgram[]> {
  const one = epgId !== undefined;
  const filter = one ? 'p.day = ? AND p.epg_id = ?' : 'p.day = ?';
  const params = one ? [day, epgId] : [day];
  const langs = new Map<string, StoredProgram['texts']>();
  for (const r of db.all<{ program_id: string; lang: GuideLang; title: string; content: string }>(
    `SELECT l.program_id, l.lang, l.title, l.content FROM epg_program_langs l
     JOIN epg_programs p ON p.program_id = l.program_id WHERE ${filter} ORDER BY l.program_id, l.lang`,
    ...params,
  )) {
    const list = langs.get(r.program_id) ?? [];
    list.push({ lang: r.lang, title: r.title, content: r.content });
    langs.set(r.program_id, list);
  }
  const out = new Map<string, StoredProgram[]>();
  for (const r of db.all<ProgramRow>(
    `SELECT * FROM epg_programs p WHERE ${filter} ORDER BY p.epg_id, p.start_ts`,
    ...params,
  )) {
    const list = out.get(r.epg_id) ?? [];
    list.push(toStored(r, langs.get(r.program_id)));
    out.set(r.epg_id, list);
  }
  return out;
}

export function getProgram(db: Db, programId: string): StoredProgram | undefined {
  const r = db.get<ProgramRow>('SELECT * FROM epg_programs WHERE program_id = ?', programId);
  if (!r) return undefined;
  const texts = db.all<{ lang: GuideLang; title: string; content: string }>(
    'SELECT lang, title, content FROM epg_program_langs WHERE program_id = ? ORDER BY lang',
    programId,
  );
  return toStored(r, texts.length ? texts : undefined);
}

/** The programme on air at `at` in each guide (one query for the whole line-up). */
export function programsAt(
  db: Db,
  at: number,
): Map<string, { programId: string; title: string; start: number; stop: number }> {
  const rows = db.all<{
    epg_id: string;
    program_id: string;
    title: string;
    start_ts: number;
    stop_ts: number;
  }>(
    'SELECT epg_id, program_id, title, start_ts, stop_ts FROM epg_programs WHERE start_ts <= ? AND stop_ts > ?',
    at,
    at,
  );
  return new Map(
    rows.map((r) => [
      r.epg_id,
      { programId: r.program_id, title: r.title, start: r.start_ts, stop: r.stop_ts },
    ]),
  );
}

/** Latest guide change, for the update check. */
export function epgUpdatedAt(db: Db): number {
  return db.get<{ t: number | null }>('SELECT MAX(updated_at) AS t FROM epg_days')?.t ?? 0;
}
