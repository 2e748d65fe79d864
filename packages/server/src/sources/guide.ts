import { type GuideLang, isLang, LANGS } from '@ottkit/api-client/contract';
import { DAY_MS, dayOf, dayStart } from '../guide/days.ts';
import type { GuideProgram } from '../guide/generate.ts';
import type { Db } from '../store/db.ts';
import type { DayDigests } from './dayDigests.ts';
import type { SkipReport } from './entries.ts';
import { type LangText, parseXmltv, type XmltvProgramme } from './xmltv.ts';

/**
 * Programmes held in memory before they go to the staging table in one short transaction: few enough that they
 * die young (a batch that outlives two young-generation collections is copied to the old one, decision 0250).
 */
const BATCH = 500;
/** Rows per multi-row insert (STAGE_PARAMS parameters each). */
const ROWS = 100;

/** The languages of the guide from XMLTV `lang` values ("en", "en-GB", "pt_BR"); others are '' (no language). */
function guideLang(lang: string): GuideLang | '' {
  const base = lang.slice(0, 2);
  return isLang(base) ? base : '';
}

function textFor(list: LangText[], lang: GuideLang | ''): string | undefined {
  return list.find((t) => guideLang(t.lang) === lang)?.text;
}

/**
 * A programme's texts in the guide languages, en first (decision 0170): each language the feed gives a title in;
 * when it gives no English title, its first title (any or no language) stands as the fallback under en, which
 * is what /liveTv shows for a language the programme lacks.
 */
export function programmeTexts(p: XmltvProgramme): GuideProgram['texts'] {
  const texts: GuideProgram['texts'] = [];
  for (const lang of LANGS) {
    const title = textFor(p.titles, lang);
    if (title) texts.push({ lang, title, content: textFor(p.descs, lang) ?? '' });
  }
  if (!texts.some((t) => t.lang === 'en')) {
    const first = p.titles[0] as LangText;
    const desc = p.descs.find((d) => d.lang === first.lang) ?? p.descs[0];
    texts.unshift({ lang: 'en', title: first.text, content: desc?.text ?? '' });
  }
  return texts;
}

export interface StagedGuide {
  channels: Map<string, string[]>;
  programmes: number;
  skipped: SkipReport;
  /** What the source's days were last built from: unchanged days are not built again (decision 0295). */
  digests?: DayDigests;
}

/**
 * Runs `fn` in a deferred transaction. Used for work that writes the connection's temp tables only: it never
 * takes the database's write lock, so the server's writes (favourites, history, sign-ins) go on meanwhile.
 */
export function privately<T>(db: Db, fn: () => T): T {
  return db.transaction(fn, 'deferred');
}

/** The categories kept of a programme: the English (or language-less) ones, else all; each text once. */
function categoriesOf(p: XmltvProgramme): string[] | undefined {
  if (p.categories.length === 0) return undefined;
  const en = p.categories.filter((c) => c.lang === '' || guideLang(c.lang) === 'en');
  return [...new Set((en.length > 0 ? en : p.categories).map((c) => c.text))];
}

/** What a staged programme carries besides its texts ('' when nothing): categories and rating. */
function tagsOf(p: XmltvProgramme): string {
  const categories = categoriesOf(p);
  if (!categories && !p.rating) return '';
  const tags: Pick<GuideProgram, 'categories' | 'rating'> = {};
  if (categories) tags.categories = categories;
  if (p.rating) tags.rating = { system: p.ratingSystem, value: p.rating };
  return JSON.stringify(tags);
}

/** Parameters per staged row. */
const STAGE_PARAMS = 5;

/**
 * Streams a guide into a connection-private staging table (on disk, not in memory: a 1 M-programme guide is
 * several hundred MB of text), in batches written without the database's write lock. Nothing the viewers
 * read is touched; the guide plan reads from here.
 */
export async function stageGuide(db: Db, chunks: AsyncIterable<Uint8Array>): Promise<StagedGuide> {
  db.exec('PRAGMA temp_store = FILE');
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS guide_stage (
    xmltv_id TEXT NOT NULL, start_ts BIGINT NOT NULL, stop_ts BIGINT NOT NULL, texts_json TEXT NOT NULL,
    tags_json TEXT NOT NULL)`);
  db.exec('DROP INDEX IF EXISTS temp.guide_stage_channel');
  db.exec('DELETE FROM guide_stage');
  const channels = new Map<string, string[]>();
  let batch: Array<string | number> = [];
  let programmes = 0;
  const rows = `(${Array(STAGE_PARAMS).fill('?').join(', ')})`;
  const flush = () => {
    if (batch.length === 0) return;
    const params = batch;
    batch = [];
    privately(db, () => {
      for (let i = 0; i < params.length; i += ROWS * STAGE_PARAMS) {
        const chunk = params.slice(i, i + ROWS * STAGE_PARAMS);
        db.run(
          `INSERT INTO guide_stage (xmltv_id, start_ts, stop_ts, texts_json, tags_json) VALUES ${Array(
            chunk.length / STAGE_PARAMS,
          )
            .fill(rows)
            .join(', ')}`,
          ...chunk,
        );
      }
    });
  };
  const skipped = await parseXmltv(chunks, {
    channel(c) {
      const names = channels.get(c.id);
      if (names) names.push(...c.names.filter((n) => !names.includes(n)));
      else channels.set(c.id, c.names);
    },
    programme(p) {
      programmes++;
      // A guide may leave out <channel> elements: its programmes' channel ids are still guide channels.
      if (!channels.has(p.channel)) channels.set(p.channel, []);
      batch.push(
        p.channel,
        p.start,
        Number.isNaN(p.stop) ? -1 : p.stop,
        JSON.stringify(programmeTexts(p)),
        tagsOf(p),
      );
      if (batch.length >= BATCH * STAGE_PARAMS) flush();
    },
  });
  flush();
  privately(db, () => db.exec('CREATE INDEX temp.guide_stage_channel ON guide_stage(xmltv_id, start_ts)'));
  return { channels, programmes, skipped };
}

type StageRow = { start_ts: number; stop_ts: number; texts_json: string; tags_json: string };

/** A staged programme as its day will hold it: its stop settled (cut at the next start), its texts still raw. */
export type DayRow = StageRow;

/**
 * The staged programmes of one guide channel as days (UTC day of the start), from `firstDay` to `lastDay` (two
 * reads per channel: its programmes of those days, and the first one after them), still as staged text: a
 * missing stop is the next start; an overlap is cut at the next start; a second programme at the same start is
 * skipped (a programme id is the guide and its start, as for seeded ones). Nothing is parsed: a day whose rows
 * are what they were at the last import is not built at all (decision 0295).
 */
export function stagedDayRows(
  db: Db,
  xmltvId: string,
  firstDay: string,
  lastDay: string,
  skipped: SkipReport,
): Map<string, DayRow[]> {
  const from = dayStart(firstDay);
  const until = dayStart(lastDay) + DAY_MS;
  const rows = db.all<StageRow>(
    `SELECT start_ts, stop_ts, texts_json, tags_json FROM guide_stage
     WHERE xmltv_id = ? AND start_ts >= ? AND start_ts < ? ORDER BY start_ts`,
    xmltvId,
    from,
    until,
  );
  const days = new Map<string, DayRow[]>();
  if (rows.length === 0) return days;
  const after = db.get<{ start_ts: number }>(
    'SELECT start_ts FROM guide_stage WHERE xmltv_id = ? AND start_ts >= ? ORDER BY start_ts LIMIT 1',
    xmltvId,
    until,
  )?.start_ts;
  let dayEnd = 0;
  let list: DayRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as StageRow;
    const nextStart = i + 1 < rows.length ? (rows[i + 1] as StageRow).start_ts : after;
    if (nextStart === r.start_ts) {
      skipped.add(0, 'programme at the same time as another of its channel', xmltvId);
      continue;
    }
    let stop = r.stop_ts;
    if (nextStart !== undefined && (stop < 0 || stop > nextStart)) stop = nextStart;
    if (stop < 0) {
      skipped.add(0, 'last programme of its channel without stop', xmltvId);
      continue;
    }
    if (r.start_ts >= dayEnd) {
      const day = dayOf(r.start_ts);
      dayEnd = dayStart(day) + DAY_MS;
      list = [];
      days.set(day, list);
    }
    r.stop_ts = stop;
    list.push(r);
  }
  return days;
}

/** One day's programmes of guide `epgId`, built from its staged rows. */
export function dayPrograms(epgId: string, rows: readonly DayRow[]): GuideProgram[] {
  return rows.map((r) => {
    const p: GuideProgram = {
      programId: `${epgId}-${r.start_ts / 1000}`,
      start: r.start_ts,
      stop: r.stop_ts,
      isCatchup: false,
      texts: JSON.parse(r.texts_json) as GuideProgram['texts'],
    };
    if (r.tags_json) Object.assign(p, JSON.parse(r.tags_json));
    return p;
  });
}
