import type { GuideLang } from '@ottkit/api-client/contract';
import { putGuideDay } from '../domain/epg.ts';
import { forgetGuideDay } from '../domain/guideCache.ts';
import { addDays, DAY_MS, dayStart } from '../guide/days.ts';
import type { GuideProgram } from '../guide/generate.ts';
import type { Db } from '../store/db.ts';
import type { SkipReport } from './entries.ts';
import { type LangText, parseXmltv, type XmltvProgramme } from './xmltv.ts';

const GUIDE_LANGS: readonly GuideLang[] = ['en', 'es', 'pt'];
/** Programmes held in memory before they go to the staging table in one short transaction. */
const BATCH = 2000;
/** Rows per multi-row insert (4 parameters each). */
const ROWS = 100;

/** The languages of the guide from XMLTV `lang` values ("en", "en-GB", "pt_BR"); others are '' (no language). */
function guideLang(lang: string): GuideLang | '' {
  const base = lang.slice(0, 2);
  return (GUIDE_LANGS as readonly string[]).includes(base) ? (base as GuideLang) : '';
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
  for (const lang of GUIDE_LANGS) {
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
}

/**
 * Streams a guide into a connection-private staging table (on disk, not in memory: a 1 M-programme guide is
 * several hundred MB of text). Nothing the viewers read is touched; the import transaction reads from here.
 */
export async function stageGuide(db: Db, chunks: AsyncIterable<Uint8Array>): Promise<StagedGuide> {
  db.exec('PRAGMA temp_store = FILE');
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS guide_stage (
    xmltv_id TEXT NOT NULL, start_ts BIGINT NOT NULL, stop_ts BIGINT NOT NULL, texts_json TEXT NOT NULL)`);
  db.exec('DROP INDEX IF EXISTS temp.guide_stage_channel');
  db.exec('DELETE FROM guide_stage');
  const channels = new Map<string, string[]>();
  let batch: Array<string | number> = [];
  let programmes = 0;
  const flush = () => {
    if (batch.length === 0) return;
    const params = batch;
    batch = [];
    db.transaction(() => {
      for (let i = 0; i < params.length; i += ROWS * 4) {
        const chunk = params.slice(i, i + ROWS * 4);
        db.run(
          `INSERT INTO guide_stage (xmltv_id, start_ts, stop_ts, texts_json) VALUES ${Array(chunk.length / 4)
            .fill('(?, ?, ?, ?)')
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
      batch.push(p.channel, p.start, Number.isNaN(p.stop) ? -1 : p.stop, JSON.stringify(programmeTexts(p)));
      if (batch.length >= BATCH * 4) flush();
    },
  });
  flush();
  db.exec('CREATE INDEX temp.guide_stage_channel ON guide_stage(xmltv_id, start_ts)');
  return { channels, programmes, skipped };
}

type StageRow = { start_ts: number; stop_ts: number; texts_json: string };

/**
 * The staged programmes of one guide channel as days of a guide (UTC day of the start), from `firstDay` to
 * `lastDay`, one day at a time (read per day, so a channel's programmes never live long enough to fill the old
 * heap): a missing stop is the next start; an overlap is cut at the next start; a second programme at the same
 * start is skipped (a programme id is the guide and its start, as for seeded ones).
 */
export function* stagedDays(
  db: Db,
  xmltvId: string,
  epgId: string,
  firstDay: string,
  lastDay: string,
  skipped: SkipReport,
): Generator<[string, GuideProgram[]]> {
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    const from = dayStart(day);
    const rows = db.all<StageRow>(
      'SELECT start_ts, stop_ts, texts_json FROM guide_stage WHERE xmltv_id = ? AND start_ts >= ? AND start_ts < ? ORDER BY start_ts',
      xmltvId,
      from,
      from + DAY_MS,
    );
    if (rows.length === 0) continue;
    const after = db.get<{ start_ts: number }>(
      'SELECT start_ts FROM guide_stage WHERE xmltv_id = ? AND start_ts >= ? ORDER BY start_ts LIMIT 1',
      xmltvId,
      from + DAY_MS,
    );
    const programs: GuideProgram[] = [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as StageRow;
      const nextStart = i + 1 < rows.length ? (rows[i + 1] as StageRow).start_ts : after?.start_ts;
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
      programs.push({
        programId: `${epgId}-${r.start_ts / 1000}`,
        start: r.start_ts,
        stop,
        isCatchup: false,
        texts: JSON.parse(r.texts_json) as GuideProgram['texts'],
      });
    }
    if (programs.length > 0) yield [day, programs];
  }
}

/**
 * Writes one imported guide (decision 0171): each given day is stored when it changed (same programmes, same
 * checksum: the viewers' local stores fetch nothing); stored days absent from the feed are dropped from
 * `dropFrom` on (today when the mapping is unchanged, so the past stays; every day when it changed).
 * Returns how many days changed.
 */
export function writeImportedGuide(
  db: Db,
  epgId: string,
  days: Iterable<[string, GuideProgram[]]>,
  dropFrom: string,
  now: number,
): number {
  let changed = 0;
  const given = new Set<string>();
  for (const [day, programs] of days) {
    given.add(day);
    if (putGuideDay(db, epgId, day, programs, now)) changed++;
  }
  const stale = db
    .all<{ day: string }>('SELECT day FROM epg_days WHERE epg_id = ? AND day >= ?', epgId, dropFrom)
    .filter((r) => !given.has(r.day));
  for (const { day } of stale) {
    db.run('DELETE FROM epg_days WHERE epg_id = ? AND day = ?', epgId, day);
    forgetGuideDay(db, epgId, day, GUIDE_LANGS);
    changed++;
  }
  return changed;
}
