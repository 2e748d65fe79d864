import type { GuideProgram } from '../guide/generate.ts';
import type { Db, SqlValue } from './db.ts';
import { lockRows, query, type Statements, transactionally } from './kysely/transactionally.ts';

export interface StoredProgram extends GuideProgram {
  epgId: string;
  day: string;
}

/** Rows per multi-row insert (11 parameters each, far below SQLite's limit). */
const PROGRAM_CHUNK = 50;

/** The columns of a programme row: of `epg_programs`, and of the import's staging table beside it (issue 16). */
export const PROGRAM_COLUMNS =
  'program_id, epg_id, day, start_ts, stop_ts, title, content, is_catchup, categories_json, rating_system, rating';

/** A programme's row of `epg_programs` (the English texts, else the first ones), keys in `PROGRAM_COLUMNS` order. */
export function programValues(epgId: string, day: string, p: GuideProgram) {
  const en = p.texts.find((t) => t.lang === 'en') ?? p.texts[0];
  return {
    program_id: p.programId,
    epg_id: epgId,
    day,
    start_ts: p.start,
    stop_ts: p.stop,
    title: en?.title ?? '',
    content: en?.content ?? '',
    is_catchup: p.isCatchup ? 1 : 0,
    categories_json: p.categories ? JSON.stringify(p.categories) : '[]',
    rating_system: p.rating?.system ?? '',
    rating: p.rating?.value ?? '',
  };
}

/** The values of a programme's row, in `PROGRAM_COLUMNS` order. */
export function programRow(epgId: string, day: string, p: GuideProgram): Array<string | number> {
  return Object.values(programValues(epgId, day, p));
}

/**
 * Inserts one day's programmes as rows of `table` (`epg_programs`, or a staging table of the same columns).
 * Multi-row inserts: one statement per chunk instead of one per row (the per-call cost dominates).
 */
export function insertProgramRows(
  db: Db,
  table: string,
  epgId: string,
  day: string,
  programs: readonly GuideProgram[],
): void {
  for (let i = 0; i < programs.length; i += PROGRAM_CHUNK) {
    const chunk = programs.slice(i, i + PROGRAM_CHUNK);
    const params: Array<string | number> = [];
    for (const p of chunk) params.push(...programRow(epgId, day, p));
    db.run(
      `INSERT INTO ${table} (${PROGRAM_COLUMNS})
       VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      ...params,
    );
  }
}

export function dayChecksum(db: Db, epgId: string, day: string): string | undefined {
  return db.get<{ checksum: string }>(
    'SELECT checksum FROM epg_days WHERE epg_id = ? AND day = ?',
    epgId,
    day,
  )?.checksum;
}

/** Well under SQLite's and PostgreSQL's limits on a statement's parameters. */
const GUIDES_PER_QUERY = 500;

/** Every stored (epgId, day) with its checksum within [firstDay, lastDay]; of the given guides only, when given. */
export function storedDays(db: Db, firstDay: string, lastDay: string, epgIds?: readonly string[]) {
  type Row = { epg_id: string; day: string; checksum: string };
  if (!epgIds)
    return db.all<Row>(
      'SELECT epg_id, day, checksum FROM epg_days WHERE day >= ? AND day <= ? ORDER BY epg_id, day',
      firstDay,
      lastDay,
    );
  return bySlices<Row>(
    db,
    epgIds,
    'SELECT epg_id, day, checksum FROM epg_days WHERE epg_id IN (?…) AND day >= ? AND day <= ? ORDER BY epg_id, day',
    firstDay,
    lastDay,
  );
}

/**
 * Guides are looked up by key (one channel's calls as a sync's 1,000 guides), GUIDES_PER_QUERY a statement (`?…`
 * stands for their placeholders), sorted. Reading the whole day or window and keeping the guides asked read every
 * guide's: at 10,000 channels 110,000 rows a checksum call (~175 ms), and 10,000 days' programmes a day call.
 */
function bySlices<Row>(db: Db, epgIds: readonly string[], sql: string, ...after: SqlValue[]): Row[] {
  const rows: Row[] = [];
  for (const slice of slices(epgIds)) {
    for (const row of db.all<Row>(sql.replace('?…', slice.map(() => '?').join(', ')), ...slice, ...after))
      rows.push(row);
  }
  return rows;
}

/**
 * Replaces one day's programmes: the day as one JSON document (what the guide calls read) and one row per
 * programme (the index for lookups by id and by time). The caller decides whether the checksum changed.
 */
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
      'INSERT INTO epg_days (epg_id, day, checksum, updated_at, programs_json) VALUES (?, ?, ?, ?, ?)',
      epgId,
      day,
      checksum,
      now,
      JSON.stringify(programs),
    );
    insertProgramRows(db, 'epg_programs', epgId, day, programs);
  });
}

/** A stored day read inside a transaction, its row locked on PostgreSQL (an edit of it waits for another's). */
export function* daySteps(db: Db, epgId: string, day: string): Statements<StoredDay | undefined> {
  const { rows } = yield* query(
    lockRows(
      db,
      db.kysely
        .selectFrom('epg_days')
        .select(['epg_id', 'checksum', 'updated_at', 'programs_json'])
        .where('epg_id', '=', epgId)
        .where('day', '=', day),
    ).compile(),
  );
  return storedDaysOf(rows).get(epgId);
}

/** `writeDay` inside a transaction of the asynchronous store (the guide editor's change, decision 0439). */
export function* writeDaySteps(
  db: Db,
  epgId: string,
  day: string,
  programs: readonly GuideProgram[],
  checksum: string,
  now: number,
): Statements<void> {
  const k = db.kysely;
  yield* query(k.deleteFrom('epg_days').where('epg_id', '=', epgId).where('day', '=', day).compile());
  yield* query(
    k
      .insertInto('epg_days')
      .values(dayRow(epgId, day, programs, checksum, now))
      .compile(),
  );
  yield* programRowsSteps(db, epgId, day, programs);
}

/** A day's row: the day as one JSON document, with its checksum. */
const dayRow = (
  epgId: string,
  day: string,
  programs: readonly GuideProgram[],
  checksum: string,
  now: number,
) => ({
  epg_id: epgId,
  day,
  checksum,
  updated_at: now,
  programs_json: JSON.stringify(programs),
});

/** A day's programme rows, a chunk a statement. */
function* programRowsSteps(
  db: Db,
  epgId: string,
  day: string,
  programs: readonly GuideProgram[],
): Statements<void> {
  for (let i = 0; i < programs.length; i += PROGRAM_CHUNK) {
    const rows = programs.slice(i, i + PROGRAM_CHUNK).map((p) => programValues(epgId, day, p));
    yield* query(db.kysely.insertInto('epg_programs').values(rows).compile());
  }
}

/**
 * Stores a day that is not stored yet (a generated day: decision 0418), on the asynchronous store, in one
 * transaction: the day's row `ON CONFLICT DO NOTHING`, then its programmes only when that row is new. Two processes
 * that generate the same missing day at once store it once (on PostgreSQL the second insert waits for the first
 * transaction, then finds the row). Answers whether it wrote.
 */
export async function addDay(
  db: Db,
  epgId: string,
  day: string,
  programs: readonly GuideProgram[],
  checksum: string,
  now: number,
): Promise<boolean> {
  const k = db.kysely;
  return transactionally(db, function* () {
    const added = yield* query(
      k
        .insertInto('epg_days')
        .values(dayRow(epgId, day, programs, checksum, now))
        .onConflict((c) => c.columns(['epg_id', 'day']).doNothing())
        .returning('epg_id')
        .compile(),
    );
    if (added.rows.length === 0) return false;
    yield* programRowsSteps(db, epgId, day, programs);
    return true;
  });
}

/** `storedDays` on the asynchronous store: every guide call without a date range of its own asks it. */
export async function storedDaysNow(
  db: Db,
  firstDay: string,
  lastDay: string,
  epgIds?: readonly string[],
): Promise<Array<{ epg_id: string; day: string; checksum: string }>> {
  const days = db.kysely
    .selectFrom('epg_days')
    .select(['epg_id', 'day', 'checksum'])
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay)
    .orderBy('epg_id')
    .orderBy('day');
  if (!epgIds) return days.execute();
  // Slices are sorted and disjoint, so their rows in slice order are in `epg_id, day` order too.
  return (
    await Promise.all(slices(epgIds).map((slice) => days.where('epg_id', 'in', slice).execute()))
  ).flat();
}

/** `storedDaysNow` as keys `epgId|day`. */
export async function storedDayKeys(
  db: Db,
  firstDay: string,
  lastDay: string,
  epgIds?: readonly string[],
): Promise<Set<string>> {
  return new Set((await storedDaysNow(db, firstDay, lastDay, epgIds)).map((r) => `${r.epg_id}|${r.day}`));
}

/** `purgeDaysBefore` on the asynchronous store. */
export async function purgeDaysBeforeNow(db: Db, beforeDay: string): Promise<void> {
  await db.kysely.deleteFrom('epg_days').where('day', '<', beforeDay).execute();
}

/**
 * How many days of [firstDay, lastDay] are stored: of these guides (looked up by key), or of every
 * generated guide of the line-up (one count on the index; guides no longer in the line-up, and imported guides,
 * which are never generated, are not counted). On the asynchronous store: every guide call of a viewer asks it
 * (decision 0410).
 */
export async function storedDayCount(
  db: Db,
  firstDay: string,
  lastDay: string,
  epgIds?: readonly string[],
): Promise<number> {
  const days = db.kysely
    .selectFrom('epg_days')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay);
  if (epgIds) {
    const counts = await Promise.all(
      slices(epgIds).map((slice) => days.where('epg_id', 'in', slice).executeTakeFirst()),
    );
    return counts.reduce((sum, r) => sum + Number(r?.n ?? 0), 0);
  }
  const all = await days
    .where('epg_id', 'in', (eb) =>
      eb
        .selectFrom('channels as c')
        .select('c.epg_id')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('source_channels as s')
                .select('s.logical_channel_id')
                .whereRef('s.logical_channel_id', '=', 'c.logical_channel_id'),
            ),
          ),
        ),
    )
    .executeTakeFirst();
  return Number(all?.n ?? 0);
}

/** The checksum and update time of one day of each of these guides (asynchronous store, as above). */
export async function dayStamps(
  db: Db,
  day: string,
  epgIds: readonly string[],
): Promise<Map<string, { checksum: string; updatedAt: number }>> {
  const read = await Promise.all(
    slices(epgIds).map((slice) =>
      db.kysely
        .selectFrom('epg_days')
        .select(['epg_id', 'checksum', 'updated_at'])
        .where('epg_id', 'in', slice)
        .where('day', '=', day)
        .execute(),
    ),
  );
  return new Map(read.flat().map((r) => [r.epg_id, { checksum: r.checksum, updatedAt: r.updated_at }]));
}

/** The distinct ids in slices of GUIDES_PER_QUERY, for an `IN` list each. */
function slices(epgIds: readonly string[]): string[][] {
  const ids = [...new Set(epgIds)].sort();
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += GUIDES_PER_QUERY) out.push(ids.slice(i, i + GUIDES_PER_QUERY));
  return out;
}

export interface StoredDay {
  checksum: string;
  updatedAt: number;
  programs: GuideProgram[];
}

type DayRow = { epg_id: string; checksum: string; updated_at: number; programs_json: string };

/** Stored days by guide; parsed as stored (no copy per programme with its epgId and day: 500 guides are ~27,000). */
const storedDaysOf = (rows: DayRow[]): Map<string, StoredDay> =>
  new Map(
    rows.map((r) => [
      r.epg_id,
      {
        checksum: r.checksum,
        updatedAt: r.updated_at,
        programs: JSON.parse(r.programs_json) as GuideProgram[],
      },
    ]),
  );

/** One day of these guides with the checksum and update time of the version read (the guide editor's save). */
export function readDays(db: Db, day: string, epgIds: readonly string[]): Map<string, StoredDay> {
  return storedDaysOf(
    bySlices<DayRow>(
      db,
      epgIds,
      'SELECT epg_id, checksum, updated_at, programs_json FROM epg_days WHERE epg_id IN (?…) AND day = ?',
      day,
    ),
  );
}

/** `readDays` on the asynchronous store: a viewer's guide call that finds a day missing from the guide cache. */
export async function readDaysNow(
  db: Db,
  day: string,
  epgIds: readonly string[],
): Promise<Map<string, StoredDay>> {
  const read = await Promise.all(
    slices(epgIds).map((slice) =>
      db.kysely
        .selectFrom('epg_days')
        .select(['epg_id', 'checksum', 'updated_at', 'programs_json'])
        .where('epg_id', 'in', slice)
        .where('day', '=', day)
        .execute(),
    ),
  );
  return storedDaysOf(read.flat());
}

/** Days older than `beforeDay` are dropped (catch-up never reaches further than 7 days). */
export function purgeDaysBefore(db: Db, beforeDay: string): number {
  return db.run('DELETE FROM epg_days WHERE day < ?', beforeDay).changes;
}

function parseDay(epgId: string, day: string, json: string): StoredProgram[] {
  return (JSON.parse(json) as GuideProgram[]).map((p) => ({ ...p, epgId, day }));
}

/**
 * The programmes of these ids that are stored, in the order asked, on the asynchronous store: the ids' guide days
 * in one query, then those days' documents in one more.
 */
export async function programsById(db: Db, programIds: readonly string[]): Promise<StoredProgram[]> {
  if (programIds.length === 0) return [];
  const k = db.kysely;
  const where = await k
    .selectFrom('epg_programs')
    .select(['program_id', 'epg_id', 'day'])
    .where('program_id', 'in', programIds)
    .execute();
  if (where.length === 0) return [];
  const days = await k
    .selectFrom('epg_days')
    .select(['epg_id', 'day', 'programs_json'])
    .where((eb) => eb.or(where.map((w) => eb.and([eb('epg_id', '=', w.epg_id), eb('day', '=', w.day)]))))
    .execute();
  const found = new Map<string, StoredProgram>();
  for (const d of days)
    for (const p of parseDay(d.epg_id, d.day, d.programs_json))
      if (!found.has(p.programId)) found.set(p.programId, p);
  return programIds.flatMap((id) => found.get(id) ?? []);
}

/** The programme on air at `at` in each of these guides, on the asynchronous store (the home row's channels). */
export async function programsAtNow(
  db: Db,
  at: number,
  epgIds: readonly string[],
): Promise<Map<string, { programId: string; title: string; start: number; stop: number }>> {
  if (epgIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('epg_programs')
    .select(['epg_id', 'program_id', 'title', 'start_ts', 'stop_ts'])
    .where('epg_id', 'in', [...new Set(epgIds)])
    .where('start_ts', '<=', at)
    .where('stop_ts', '>', at)
    .where('start_ts', '>', at - 86_400_000)
    .execute();
  return new Map(
    rows.map((r) => [
      r.epg_id,
      { programId: r.program_id, title: r.title, start: r.start_ts, stop: r.stop_ts },
    ]),
  );
}

/** Latest guide change, for the update check. */
export async function epgUpdatedAt(db: Db): Promise<number> {
  const r = await db.kysely
    .selectFrom('epg_days')
    .select((eb) => eb.fn.max('updated_at').as('t'))
    .executeTakeFirst();
  return Number(r?.t ?? 0);
}

/**
 * The programme on air at `at` in one guide, if the guide has one (time-shift starts at its start; its raw rating,
 * '' when none, decides the parental PIN). On the asynchronous store: the play-source call asks it.
 */
export async function programOnAir(
  db: Db,
  epgId: string,
  at: number,
): Promise<{ start: number; stop: number; rating: string } | undefined> {
  const r = await db.kysely
    .selectFrom('epg_programs')
    .select(['start_ts', 'stop_ts', 'rating'])
    .where('epg_id', '=', epgId)
    .where('start_ts', '<=', at)
    .where('stop_ts', '>', at)
    // A programme is never longer than a day: the bound keeps the index range short.
    .where('start_ts', '>', at - 86_400_000)
    .orderBy('start_ts', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? { start: Number(r.start_ts), stop: Number(r.stop_ts), rating: r.rating } : undefined;
}
