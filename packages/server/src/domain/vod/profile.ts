import { ErrCode } from '@ottkit/api-client';
import { type PlayPosition, ProfileErrCode, VodErrCode } from '@ottkit/api-client/contract';
import { DomainError } from '../errors.ts';
import type { Db } from '../../store/db.ts';
import { writeHistoryRow } from '../../store/historyWrites.ts';
import type { ProfileRow } from '../../store/profiles.ts';
import { keptByKey } from '../../store/versions.ts';
import { getMeta, type MetaRow } from './catalogue.ts';

/** Favourites and watch history per profile (spec §3 play-progress report, §4, §6; decision 0285). */

interface HistoryRow {
  meta_id: string;
  entry_id: string;
  season_no: number | null;
  episode_no: number | null;
  played: number;
  played_time: number;
  play_progress: number;
  total_duration: number;
  updated_at: number;
}

const toPosition = (r: HistoryRow): PlayPosition => ({
  metaId: r.meta_id,
  episode: r.episode_no,
  season: r.season_no,
  playedTime: r.played_time,
  totalDuration: r.total_duration,
  playProgress: r.play_progress,
  played: r.played === 1,
  updatedAt: r.updated_at,
});

const metaNotFound = (metaId: string) =>
  new DomainError(VodErrCode.META_NOT_FOUND, `No title with metaId '${metaId}'`);

async function mustExist(db: Db, metaId: string): Promise<MetaRow> {
  const m = await getMeta(db, metaId, 'en');
  if (!m) throw metaNotFound(metaId);
  return m;
}

function mustBePlayable(m: { meta_id: string; meta_type: string }): void {
  if (m.meta_type !== 'MOVIE' && m.meta_type !== 'EPISODE') {
    throw new DomainError(
      ErrCode.INVALID_REQUEST,
      `metaId '${m.meta_id}' is a ${m.meta_type}; history and progress are kept for a MOVIE or an EPISODE`,
      400,
    );
  }
}

export async function favorAdd(
  db: Db,
  profileId: string,
  metaId: string,
  now: number,
): Promise<{ metaId: string; favoredAt: number }> {
  await mustExist(db, metaId);
  // The profile's account from its row, in the same statement; a favourite added twice keeps its first time.
  await db.kysely
    .insertInto('vod_favorites')
    .columns(['profile_id', 'account_id', 'meta_id', 'favored_at'])
    .expression((eb) =>
      eb
        .selectFrom('profiles')
        .select(['profile_id', 'account_id', eb.val(metaId).as('meta_id'), eb.val(now).as('favored_at')])
        .where('profile_id', '=', profileId),
    )
    .onConflict((c) => c.columns(['profile_id', 'meta_id']).doNothing())
    .execute();
  const row = await db.kysely
    .selectFrom('vod_favorites')
    .select('favored_at')
    .where('profile_id', '=', profileId)
    .where('meta_id', '=', metaId)
    .executeTakeFirst();
  return { metaId, favoredAt: row?.favored_at ?? now };
}

/** Favourite ids, last added first, and when each was added. */
export async function favorites(db: Db, profileId: string): Promise<{ metaId: string; favoredAt: number }[]> {
  const rows = await db.kysely
    .selectFrom('vod_favorites')
    .select(['meta_id', 'favored_at'])
    .where('profile_id', '=', profileId)
    .orderBy('favored_at', 'desc')
    .orderBy('meta_id')
    .execute();
  return rows.map((r) => ({ metaId: r.meta_id, favoredAt: r.favored_at }));
}

export async function hasFavored(
  db: Db,
  profileId: string,
  metaIds: readonly string[],
): Promise<{ metaId: string; favored: boolean }[]> {
  const rows =
    metaIds.length === 0
      ? []
      : await db.kysely
          .selectFrom('vod_favorites')
          .select('meta_id')
          .where('profile_id', '=', profileId)
          .where('meta_id', 'in', [...metaIds])
          .execute();
  const found = new Set(rows.map((r) => r.meta_id));
  return metaIds.map((metaId) => ({ metaId, favored: found.has(metaId) }));
}

export async function favorDelete(db: Db, profileId: string, metaIds: readonly string[]): Promise<number> {
  if (metaIds.length === 0) return 0;
  const done = await db.kysely
    .deleteFrom('vod_favorites')
    .where('profile_id', '=', profileId)
    .where('meta_id', 'in', [...metaIds])
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

export interface ProgressReport {
  metaId: string;
  videoType: 'MOVIE' | 'EPISODE';
  episodeNo: number | null;
  seasonNo: number | null;
  played: boolean;
  playedTime: number;
  playProgress: number;
  totalDuration: number;
}

/** What a history entry takes of the title a progress report names. */
interface ReportedTitle {
  meta_id: string;
  meta_type: string;
  series_id: string | null;
  season_no: number | null;
  episode_no: number | null;
}

/**
 * The titles progress was reported for, kept while the catalogue's version stays (decision 0411): every player
 * reports on a cadence, and the title it names changes only when the operator edits it. A title not found is not
 * kept (a made-up id asks the store each time and fills no memory).
 */
const keptTitles = keptByKey<string, ReportedTitle>('catalogue', 100_000);

/** The title a progress report names, as `mustExist` finds it (a title with its English texts). */
async function reportedTitle(db: Db, metaId: string): Promise<ReportedTitle> {
  const kept = await keptTitles(db);
  const known = kept.get(metaId);
  if (known) return known;
  const m = await db.kysely
    .selectFrom('vod_metas as m')
    .innerJoin('vod_meta_texts as e', (j) => j.onRef('e.meta_id', '=', 'm.meta_id').on('e.lang', '=', 'en'))
    .select(['m.meta_id', 'm.meta_type', 'm.series_id', 'm.season_no', 'm.episode_no'])
    .where('m.meta_id', '=', metaId)
    .executeTakeFirst();
  if (!m) throw metaNotFound(metaId);
  kept.set(metaId, Object.freeze(m));
  return m;
}

/** The profile a report is written for: its id, and its account's for the account's cascade. */
export type HistoryOwner = Pick<ProfileRow, 'profile_id' | 'account_id'>;

/**
 * Stores where the viewer is in a MOVIE or EPISODE; the history entry is the movie or the episode's series. The
 * viewer's most frequent write (every player reports on a cadence): asynchronous, the title kept per catalogue
 * version and the row written together with the reports that arrive beside it (decision 0411), so it waits for
 * the database without holding up the process or its other queries.
 */
export async function reportProgress(
  db: Db,
  owner: HistoryOwner,
  r: ProgressReport,
  now: number,
): Promise<PlayPosition> {
  const m = await reportedTitle(db, r.metaId);
  mustBePlayable(m);
  const row = await writeHistoryRow(db, {
    profile_id: owner.profile_id,
    account_id: owner.account_id,
    meta_id: m.meta_id,
    entry_id: m.series_id ?? m.meta_id,
    video_type: m.meta_type,
    // The catalogue knows the episode's numbers better than the player does.
    season_no: m.season_no ?? r.seasonNo,
    episode_no: m.episode_no ?? r.episodeNo,
    played: r.played ? 1 : 0,
    played_time: r.totalDuration > 0 ? Math.min(r.playedTime, r.totalDuration) : r.playedTime,
    play_progress: r.playProgress,
    total_duration: r.totalDuration,
    updated_at: now,
  });
  // The session's profile was removed since the request began (the write found no profile row).
  if (!row) throw new DomainError(ProfileErrCode.PROFILE_NOT_FOUND, 'This profile no longer exists', 404);
  return toPosition(row);
}

/** Marks a MOVIE or EPISODE as opened now; an earlier position stays unless a new one is given. */
export async function historyAdd(
  db: Db,
  owner: HistoryOwner,
  metaId: string,
  now: number,
  playedTime?: number,
  totalDuration?: number,
): Promise<PlayPosition> {
  const m = await mustExist(db, metaId);
  mustBePlayable(m);
  const before = await positionOf(db, owner.profile_id, metaId);
  const total = totalDuration ?? before?.totalDuration ?? m.duration;
  const time = playedTime ?? before?.playedTime ?? 0;
  return reportProgress(
    db,
    owner,
    {
      metaId,
      videoType: m.meta_type as 'MOVIE' | 'EPISODE',
      episodeNo: m.episode_no,
      seasonNo: m.season_no,
      played: before?.played ?? false,
      playedTime: time,
      playProgress: total > 0 ? Math.min(100, Math.round((time / total) * 1000) / 10) : 0,
      totalDuration: total,
    },
    now,
  );
}

async function positionOf(db: Db, profileId: string, metaId: string): Promise<PlayPosition | null> {
  const r = await db.kysely
    .selectFrom('vod_history')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('meta_id', '=', metaId)
    .executeTakeFirst();
  return r ? toPosition(r) : null;
}

/** Where to resume: a MOVIE or EPISODE its own position, a SERIES or SEASON its last played episode. */
export async function resumePosition(
  db: Db,
  profileId: string | null,
  m: MetaRow,
): Promise<PlayPosition | null> {
  if (!profileId) return null;
  if (m.meta_type === 'MOVIE' || m.meta_type === 'EPISODE') return positionOf(db, profileId, m.meta_id);
  const seriesId = m.meta_type === 'SERIES' ? m.meta_id : (m.series_id as string);
  const r = await db.kysely
    .selectFrom('vod_history')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('entry_id', '=', seriesId)
    .$if(m.meta_type === 'SEASON', (q) => q.where('season_no', '=', m.season_no))
    .orderBy('updated_at', 'desc')
    .orderBy('meta_id')
    .limit(1)
    .executeTakeFirst();
  return r ? toPosition(r) : null;
}

/** History entries, last played first: one per movie, one per series (its last played episode). */
export async function historyEntries(
  db: Db,
  profileId: string,
): Promise<{ entryId: string; position: PlayPosition }[]> {
  const rows = await db.kysely
    .selectFrom('vod_history')
    .selectAll()
    .where('profile_id', '=', profileId)
    .orderBy('updated_at', 'desc')
    .orderBy('meta_id')
    .execute();
  const seen = new Set<string>();
  const out: { entryId: string; position: PlayPosition }[] = [];
  for (const r of rows) {
    if (seen.has(r.entry_id)) continue;
    seen.add(r.entry_id);
    out.push({ entryId: r.entry_id, position: toPosition(r) });
  }
  return out;
}

/** Deletes history by movie, episode or series id (a series' id removes all its episodes). */
export async function historyDelete(db: Db, profileId: string, metaIds: readonly string[]): Promise<number> {
  if (metaIds.length === 0) return 0;
  const ids = [...metaIds];
  const done = await db.kysely
    .deleteFrom('vod_history')
    .where('profile_id', '=', profileId)
    .where((eb) => eb.or([eb('meta_id', 'in', ids), eb('entry_id', 'in', ids)]))
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}
