import { guideChecksum } from '../domain/epg.ts';
import { forgetGuideDay } from '../domain/guideCache.ts';
import type { GuideProgram } from '../guide/generate.ts';
import type { Db } from '../store/db.ts';
import { insertProgramRows, PROGRAM_COLUMNS, programRow } from '../store/epg.ts';
import { SkipReport } from './entries.ts';
import { type DayDigests, dayDigest } from './dayDigests.ts';
import { dayPrograms, stagedDayRows } from './guide.ts';
import { LANGS } from '@ottkit/api-client/contract';

/**
 * The guide plan of an import (decision 0173). The expensive part of writing imported guides (reading the staged
 * programmes, building each day, its checksum, comparing it with the stored one, the rows of the changed days)
 * is done ahead, into connection-private temp tables, without the database's write lock. The import's one
 * transaction then only moves the planned rows in with a few set-based statements per channel.
 */

/** One channel's planned guide: what it was planned for, and what it changes. */
export interface GuidePlan {
  xmltvId: string;
  /** Stored days from this one on that the feed no longer gives are dropped. */
  dropFrom: string;
  /** Days written (changed or new) and days dropped. */
  written: string[];
  dropped: string[];
  skipped: SkipReport;
}

/** Creates (or empties) the plan's temp tables. */
export function resetGuidePlan(db: Db): void {
  // prior: the checksum the day had when it was planned ('' = not stored), checked before the plan is used.
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS guide_plan_days (
    epg_id TEXT NOT NULL, day TEXT NOT NULL, prior TEXT NOT NULL, checksum TEXT NOT NULL,
    programs_json TEXT NOT NULL, PRIMARY KEY (epg_id, day)) WITHOUT ROWID`);
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS guide_plan_programs (
    program_id TEXT NOT NULL, epg_id TEXT NOT NULL, day TEXT NOT NULL, start_ts BIGINT NOT NULL,
    stop_ts BIGINT NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL, is_catchup INTEGER NOT NULL,
    categories_json TEXT NOT NULL, rating_system TEXT NOT NULL, rating TEXT NOT NULL)`);
  db.exec('CREATE INDEX IF NOT EXISTS temp.guide_plan_programs_epg ON guide_plan_programs(epg_id)');
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS guide_plan_drop (
    epg_id TEXT NOT NULL, day TEXT NOT NULL, PRIMARY KEY (epg_id, day)) WITHOUT ROWID`);
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS guide_plan_gone (
    epg_id TEXT NOT NULL, program_id TEXT NOT NULL, PRIMARY KEY (epg_id, program_id)) WITHOUT ROWID`);
  db.exec('CREATE TEMP TABLE IF NOT EXISTS guide_plan_used (epg_id TEXT PRIMARY KEY) WITHOUT ROWID');
  for (const t of TABLES) db.exec(`DELETE FROM temp.${t}`);
}

/** What a plan writes, per channel (the `used` table lists the plans taken). */
const PLAN_TABLES = ['guide_plan_days', 'guide_plan_programs', 'guide_plan_drop', 'guide_plan_gone'];
const TABLES = [...PLAN_TABLES, 'guide_plan_used'];

export function dropGuidePlan(db: Db): void {
  for (const t of TABLES) db.exec(`DROP TABLE IF EXISTS temp.${t}`);
}

/** A stored day's programme rows by programme id, as comparable text (from the day's document). */
function storedRows(db: Db, epgId: string, day: string): Map<string, string> {
  const json = db.get<{ programs_json: string }>(
    'SELECT programs_json FROM main.epg_days WHERE epg_id = ? AND day = ?',
    epgId,
    day,
  )?.programs_json;
  const programs = JSON.parse(json ?? '[]') as GuideProgram[];
  return new Map(programs.map((p) => [p.programId, JSON.stringify(programRow(epgId, day, p))]));
}

/**
 * Plans one channel's guide from the staged guide channel `xmltvId` (decision 0171): a day is written only when
 * its checksum differs from the stored one (an unchanged day keeps its checksum and update time, so viewers'
 * local stores fetch nothing); stored days from `dropFrom` on that the feed no longer gives are dropped.
 * Of a changed day only the programme rows that differ are written and the ones gone deleted (decision 0250:
 * a 1 %-changed refresh changes a third of the days but a hundredth of the rows). A day whose staged rows are
 * those the stored day was built from is not built at all (`digests`, decision 0295). Replaces any earlier plan
 * of the same channel. Writes temp tables only.
 */
export function planChannelGuide(
  db: Db,
  epgId: string,
  xmltvId: string,
  dropFrom: string,
  firstDay: string,
  lastDay: string,
  digests?: DayDigests,
): GuidePlan {
  for (const t of PLAN_TABLES) db.run(`DELETE FROM temp.${t} WHERE epg_id = ?`, epgId);
  const skipped = new SkipReport(5);
  const days = stagedDayRows(db, xmltvId, firstDay, lastDay, skipped);
  const stored = new Map(
    db
      .all<{ day: string; checksum: string }>(
        'SELECT day, checksum FROM main.epg_days WHERE epg_id = ?',
        epgId,
      )
      .map((r) => [r.day, r.checksum]),
  );
  const plan: GuidePlan = { xmltvId, dropFrom, written: [], dropped: [], skipped };
  for (const [day, rows] of days) {
    const current = stored.get(day);
    const digest = digests ? dayDigest(epgId, rows) : '';
    if (digests?.unchanged(epgId, day, digest, current)) continue;
    digests?.onBuilt?.(epgId, day);
    const programs = dayPrograms(epgId, rows);
    const checksum = guideChecksum(programs);
    digests?.record(epgId, day, digest, checksum);
    if (current === checksum) continue;
    db.run(
      'INSERT INTO temp.guide_plan_days (epg_id, day, prior, checksum, programs_json) VALUES (?, ?, ?, ?, ?)',
      epgId,
      day,
      current ?? '',
      checksum,
      JSON.stringify(programs),
    );
    const before = current === undefined ? new Map<string, string>() : storedRows(db, epgId, day);
    const fresh = programs.filter((p) => {
      const row = before.get(p.programId);
      before.delete(p.programId);
      return row !== JSON.stringify(programRow(epgId, day, p));
    });
    insertProgramRows(db, 'temp.guide_plan_programs', epgId, day, fresh);
    for (const programId of before.keys())
      db.run('INSERT INTO temp.guide_plan_gone (epg_id, program_id) VALUES (?, ?)', epgId, programId);
    plan.written.push(day);
  }
  for (const day of stored.keys()) {
    if (day < dropFrom || days.has(day)) continue;
    db.run('INSERT INTO temp.guide_plan_drop (epg_id, day) VALUES (?, ?)', epgId, day);
    plan.dropped.push(day);
  }
  return plan;
}

/**
 * Whether a channel's plan still fits the stored guide (inside the import's transaction): every day it writes
 * still has the checksum it was planned against. Another writer between plan and apply makes it plan again.
 */
export function planHolds(db: Db, epgId: string): boolean {
  return !db.get(
    `SELECT 1 FROM temp.guide_plan_days p LEFT JOIN main.epg_days d ON d.epg_id = p.epg_id AND d.day = p.day
     WHERE p.epg_id = ? AND COALESCE(d.checksum, '') <> p.prior LIMIT 1`,
    epgId,
  );
}

/** Takes one channel's plan for this import (inside its transaction). Returns how many days it changes. */
export function useGuidePlan(db: Db, epgId: string, plan: GuidePlan): number {
  db.run('INSERT OR IGNORE INTO temp.guide_plan_used (epg_id) VALUES (?)', epgId);
  return plan.written.length + plan.dropped.length;
}

/**
 * Moves the plans taken into the stored guide, inside the import's transaction, with a few set-based
 * statements: plans not taken are left out; the dropped days go with their programme rows, the rows gone from
 * changed days are deleted, the changed days' documents and their changed rows are upserted (in the plan's
 * order: channel by channel, which keeps the programme id and day indexes written front to back).
 * `midway` is a test seam (atomicity tests fail there, between the deletes and the inserts).
 */
export function applyGuidePlans(db: Db, now: number, midway?: () => void): void {
  for (const t of PLAN_TABLES)
    db.run(`DELETE FROM temp.${t} WHERE epg_id NOT IN (SELECT epg_id FROM temp.guide_plan_used)`);
  db.run(
    `DELETE FROM main.epg_programs WHERE rowid IN (SELECT p.rowid FROM temp.guide_plan_drop d
     JOIN main.epg_programs p ON p.epg_id = d.epg_id AND p.day = d.day)`,
  );
  db.run('DELETE FROM main.epg_days WHERE (epg_id, day) IN (SELECT epg_id, day FROM temp.guide_plan_drop)');
  db.run('DELETE FROM main.epg_programs WHERE program_id IN (SELECT program_id FROM temp.guide_plan_gone)');
  midway?.();
  // An upsert, not a delete and insert: deleting a day would cascade to its programme rows.
  db.run(
    `INSERT INTO main.epg_days (epg_id, day, checksum, updated_at, programs_json)
     SELECT epg_id, day, checksum, ?, programs_json FROM temp.guide_plan_days WHERE true
     ON CONFLICT (epg_id, day) DO UPDATE SET checksum = excluded.checksum, updated_at = excluded.updated_at,
     programs_json = excluded.programs_json`,
    now,
  );
  db.run(
    `INSERT INTO main.epg_programs (${PROGRAM_COLUMNS})
     SELECT ${PROGRAM_COLUMNS} FROM temp.guide_plan_programs WHERE true
     ON CONFLICT (program_id) DO UPDATE SET ${UPDATED_COLUMNS}`,
  );
  // Not needed for correctness (a cached day is checked against the stored one on use): frees memory at once.
  for (const r of db.all<{ epg_id: string; day: string }>(
    'SELECT epg_id, day FROM temp.guide_plan_days UNION ALL SELECT epg_id, day FROM temp.guide_plan_drop',
  ))
    forgetGuideDay(db, r.epg_id, r.day, LANGS);
}

/** Every column of a programme row but its id, taken from the new row on an upsert. */
const UPDATED_COLUMNS = PROGRAM_COLUMNS.split(', ')
  .filter((c) => c !== 'program_id')
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');
