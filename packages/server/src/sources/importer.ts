import { upstreamAllowSetting } from '../domain/appConfig.ts';
import type { Db } from '../store/db.ts';
import { type LineupSource, recordRefresh, type SourceCounts } from '../store/sources.ts';
import { planGuides } from './guideApply.ts';
import { type ApplyHooks, applyImport, channelsAfterImport, chooseEntries } from './lineupApply.ts';
import type { LineupEntry } from './entries.ts';
import { SkipReport } from './entries.ts';
import { loadDayDigests, saveDayDigests } from './dayDigests.ts';
import { privately, stageGuide } from './guide.ts';
import { dropGuidePlan, resetGuidePlan } from './guidePlan.ts';
import { DEFAULT_LIMITS, type FetchLimits, openSource } from './input.ts';
import { fetchLogos, LOGO_LIMITS } from './logos.ts';
import { parseM3u } from './m3u.ts';
import { readXtream, xtreamGuideUrl } from './xtream.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';

export interface ReadLineup {
  /** undefined for a guide-only source. */
  entries: LineupEntry[] | undefined;
  skipped: SkipReport;
  /** The guide to read with it ('' = none): the one given, else the one the playlist or panel names. */
  guideLocation: string;
}

/** Read limits carrying the operator's allow-list of internal upstreams (decision 0359). */
export async function upstreamLimits(db: Db, limits: FetchLimits = DEFAULT_LIMITS): Promise<FetchLimits> {
  return limits.allow === undefined ? { ...limits, allow: await upstreamAllowSetting(db) } : limits;
}

/** Reads a source's line-up from upstream (nothing is stored). */
export async function readLineup(
  source: LineupSource,
  limits: FetchLimits = DEFAULT_LIMITS,
): Promise<ReadLineup> {
  switch (source.kind) {
    case 'm3u': {
      const r = await parseM3u(openSource(source.location, limits));
      return {
        entries: r.entries,
        skipped: r.skipped,
        guideLocation: source.guideLocation || (r.header.guideUrls[0] ?? ''),
      };
    }
    case 'xtream': {
      const account = { server: source.location, user: source.xtreamUser, password: source.xtreamPassword };
      const r = await readXtream(account, limits);
      return {
        entries: r.entries,
        skipped: r.skipped,
        guideLocation: source.guideLocation || xtreamGuideUrl(account),
      };
    }
    case 'xmltv':
      return { entries: undefined, skipped: new SkipReport(), guideLocation: source.location };
  }
}

/** A text about a source without its Xtream password (the panel's URLs carry it). */
export function redact(source: LineupSource, text: string): string {
  if (!source.xtreamPassword) return text;
  return text
    .replaceAll(encodeURIComponent(source.xtreamPassword), '***')
    .replaceAll(source.xtreamPassword, '***');
}

export interface Preview {
  groups: Array<{ name: string; channels: number }>;
  channels: number;
  skipped: SkipReport;
  guideLocation: string;
}

/** The groups a source offers with their channel counts, before anything is imported. */
export async function previewSource(
  source: LineupSource,
  limits: FetchLimits = DEFAULT_LIMITS,
): Promise<Preview> {
  const r = await readLineup(source, limits);
  const groups = new Map<string, number>();
  for (const e of r.entries ?? []) groups.set(e.group, (groups.get(e.group) ?? 0) + 1);
  return {
    groups: [...groups].map(([name, channels]) => ({ name, channels })),
    channels: r.entries?.length ?? 0,
    skipped: r.skipped,
    guideLocation: redact(source, r.guideLocation),
  };
}

/** SQLite page cache of the importing connection while it applies an import, in KB. */
const IMPORT_CACHE_KB = 32 * 1024;

export interface RefreshOptions {
  now?: () => number;
  /** The data folder: logos are fetched into it (none are fetched without it). */
  dataDir?: string;
  limits?: FetchLimits;
  hooks?: ApplyHooks;
}

/**
 * Refreshes a source, all or nothing (decisions 0171, 0173): reads the line-up and the guide from upstream
 * (streamed; the guide staged on disk), plans the guide's changed days, both without the database's write lock,
 * then applies everything in one short transaction. On any failure nothing the viewers see changes; the error
 * is recorded on the source in words and thrown.
 */
export async function refreshSource(
  db: Db,
  source: LineupSource,
  options: RefreshOptions = {},
): Promise<SourceCounts> {
  const now = options.now ?? Date.now;
  const started = now();
  const limits = await upstreamLimits(db, options.limits);
  try {
    const lineup = await readLineup(source, limits);
    const wanted = lineup.entries && chooseEntries(lineup.entries, source.groups, new SkipReport());
    const logos =
      options.dataDir && wanted
        ? await fetchLogos(
            options.dataDir,
            wanted.map((e) => e.logo),
            lineup.skipped,
            { ...LOGO_LIMITS, allow: limits.allow },
          )
        : undefined;
    const guide = lineup.guideLocation
      ? await stageGuide(db, openSource(lineup.guideLocation, limits))
      : undefined;
    if (guide) guide.digests = loadDayDigests(options.dataDir, source.sourceId, options.hooks?.dayBuilt);
    const at = now();
    // The guide's indexes are written all over: with SQLite's default 2 MB page cache, their pages are spilled
    // and rewritten again and again inside one transaction. A larger cache for the import alone avoids that.
    db.exec(`PRAGMA cache_size = -${IMPORT_CACHE_KB}`);
    resetGuidePlan(db);
    const plans =
      guide &&
      planGuides(db, source.sourceId, channelsAfterImport(db, source, lineup.entries), guide, at, (fn) =>
        privately(db, fn),
      );
    options.hooks?.afterPlan?.();
    // The WAL is copied back into the database after the lock is released, by this process (not by the
    // server's next write, which would stall its event loop for the whole import's pages).
    db.exec('PRAGMA wal_autocheckpoint = 0');
    const locked = performance.now();
    const counts = db.transaction(() =>
      applyImport(
        db,
        source,
        { entries: lineup.entries, skipped: lineup.skipped, guide, logos, plans },
        at,
        options.hooks,
      ),
    );
    counts.lockMs = Math.round(performance.now() - locked);
    if (guide?.digests) saveDayDigests(options.dataDir, source.sourceId, guide.digests);
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    recordRefresh(db, source.sourceId, { ok: true, counts }, at, now() - started);
    return counts;
  } catch (e) {
    const error = maskSecrets(redact(source, e instanceof Error ? e.message : String(e)));
    recordRefresh(db, source.sourceId, { ok: false, error }, now(), now() - started);
    if (e instanceof Error) e.message = error;
    throw e;
  } finally {
    db.exec('DROP TABLE IF EXISTS temp.guide_stage');
    dropGuidePlan(db);
    db.exec('PRAGMA cache_size = -2000');
    db.exec('PRAGMA wal_autocheckpoint = 1000');
  }
}
