import type { CompiledQuery, Selectable } from 'kysely';
import type { SourceChannelsTable } from './kysely/schema.generated.ts';
import type { Db } from './db.ts';
import { query, type Statements, transactionally } from './kysely/transactionally.ts';

export type SourceKind = 'm3u' | 'xtream' | 'xmltv';

/** What the last refresh of a source counted (issue 16: "counts ... skipped with reasons"). */
export interface SourceCounts {
  channels?: number;
  added?: number;
  updated?: number;
  removed?: number;
  guideChannels?: number;
  programmes?: number;
  daysChanged?: number;
  mapped?: number;
  unmapped?: number;
  skipped?: Record<string, number>;
  /** How long the import held the database's write lock, in ms (decision 0173). */
  lockMs?: number;
}

export interface LineupSource {
  sourceId: number;
  name: string;
  kind: SourceKind;
  /** Playlist or guide file/URL; the panel's address for Xtream Codes. */
  location: string;
  xtreamUser: string;
  xtreamPassword: string;
  /** The guide attached to a playlist source ('' = none). */
  guideLocation: string;
  refreshMinutes: number;
  /** Groups chosen at import; undefined = every group. */
  groups: string[] | undefined;
  productId: string;
  createdAt: number;
  status: 'new' | 'ok' | 'failed';
  lastRefreshAt: number | undefined;
  lastDurationMs: number | undefined;
  lastError: string;
  counts: SourceCounts;
}

interface SourceRow {
  source_id: number;
  name: string;
  kind: SourceKind;
  location: string;
  xtream_user: string;
  xtream_password: string;
  guide_location: string;
  refresh_minutes: number;
  groups_json: string | null;
  product_id: string;
  created_at: number;
  status: LineupSource['status'];
  last_refresh_at: number | null;
  last_duration_ms: number | null;
  last_error: string;
  counts_json: string;
}

function fromRow(r: SourceRow): LineupSource {
  return {
    sourceId: r.source_id,
    name: r.name,
    kind: r.kind,
    location: r.location,
    xtreamUser: r.xtream_user,
    xtreamPassword: r.xtream_password,
    guideLocation: r.guide_location,
    refreshMinutes: r.refresh_minutes,
    groups: r.groups_json === null ? undefined : (JSON.parse(r.groups_json) as string[]),
    productId: r.product_id,
    createdAt: r.created_at,
    status: r.status,
    lastRefreshAt: r.last_refresh_at ?? undefined,
    lastDurationMs: r.last_duration_ms ?? undefined,
    lastError: r.last_error,
    counts: JSON.parse(r.counts_json) as SourceCounts,
  };
}

export function listSources(db: Db): LineupSource[] {
  return db.all<SourceRow>('SELECT * FROM lineup_sources ORDER BY source_id').map(fromRow);
}

/** `listSources` on the asynchronous store: the console's sources screen. */
export async function sourcesNow(db: Db): Promise<LineupSource[]> {
  return (await db.kysely.selectFrom('lineup_sources').selectAll().orderBy('source_id').execute()).map(
    fromRow,
  );
}

/** `getSourceByName` on the asynchronous store. */
export async function sourceByNameNow(db: Db, name: string): Promise<LineupSource | undefined> {
  const r = await db.kysely
    .selectFrom('lineup_sources')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirst();
  return r && fromRow(r);
}

export function getSourceByName(db: Db, name: string): LineupSource | undefined {
  const r = db.get<SourceRow>('SELECT * FROM lineup_sources WHERE name = ?', name);
  return r && fromRow(r);
}

/** A source by its name or its id, read inside a transaction of the asynchronous store. */
function* sourceSteps(
  db: Db,
  by: { name: string } | { sourceId: number },
): Statements<LineupSource | undefined> {
  const q = db.kysely.selectFrom('lineup_sources').selectAll();
  const { rows } = yield* query(
    ('name' in by ? q.where('name', '=', by.name) : q.where('source_id', '=', by.sourceId)).compile(),
  );
  return rows[0] && fromRow(rows[0] as SourceRow);
}

export const sourceByNameSteps = (db: Db, name: string) => sourceSteps(db, { name });
export const sourceByIdSteps = (db: Db, sourceId: number) => sourceSteps(db, { sourceId });

export type NewSource = Pick<
  LineupSource,
  | 'name'
  | 'kind'
  | 'location'
  | 'xtreamUser'
  | 'xtreamPassword'
  | 'guideLocation'
  | 'refreshMinutes'
  | 'productId'
>;

/**
 * The next source id: never one a removed source had, whose channels (`s<id>-<n>`) and categories (`col-s<id>-…`)
 * stay in the line-up after it, and whose ids a new source's import would otherwise take again.
 */
function* nextSourceIdSteps(db: Db): Statements<number> {
  const k = db.kysely;
  const top = (yield* query(
    k
      .selectFrom('lineup_sources')
      .select((eb) => eb.fn.max('source_id').as('n'))
      .compile(),
  )).rows[0]?.n;
  let max = Number(top ?? 0);
  const channels = (yield* query(
    k
      .selectFrom('channels')
      .select('logical_channel_id as id')
      .where('logical_channel_id', 'like', 's%-%')
      .compile(),
  )).rows;
  const columns = (yield* query(
    k
      .selectFrom('channel_columns')
      .select('column_id as id')
      .where('column_id', 'like', 'col-s%-%')
      .compile(),
  )).rows;
  for (const { id } of [...channels, ...columns])
    max = Math.max(max, Number(/^(?:col-)?s(\d+)-/.exec(id)?.[1] ?? 0));
  return max + 1;
}

/** A new source, inside a transaction of the asynchronous store (decision 0441); answers it as stored. */
export function* insertSourceSteps(db: Db, s: NewSource, now: number): Statements<LineupSource> {
  const id = yield* nextSourceIdSteps(db);
  yield* query(
    db.kysely
      .insertInto('lineup_sources')
      .values({
        source_id: id,
        name: s.name,
        kind: s.kind,
        location: s.location,
        xtream_user: s.xtreamUser,
        xtream_password: s.xtreamPassword,
        guide_location: s.guideLocation,
        refresh_minutes: s.refreshMinutes,
        product_id: s.productId,
        created_at: now,
      })
      .compile(),
  );
  return (yield* sourceByNameSteps(db, s.name)) as LineupSource;
}

/** `insertSourceSteps` as a transaction of its own (tests' sources). */
export const insertSource = (db: Db, s: NewSource, now: number) =>
  transactionally(db, () => insertSourceSteps(db, s, now));

/** What an operator may change of a source after adding it (its name and kind stay: the CLI and jobs name it). */
export type SourceChanges = Partial<
  Pick<LineupSource, 'location' | 'guideLocation' | 'refreshMinutes' | 'xtreamUser' | 'xtreamPassword'>
>;

export function* updateSourceSteps(db: Db, sourceId: number, changes: SourceChanges): Statements<void> {
  const set = {
    location: changes.location,
    guide_location: changes.guideLocation,
    refresh_minutes: changes.refreshMinutes,
    xtream_user: changes.xtreamUser,
    xtream_password: changes.xtreamPassword,
  };
  const given = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as Partial<
    typeof set
  >;
  if (Object.keys(given).length === 0) return;
  yield* query(
    db.kysely.updateTable('lineup_sources').set(given).where('source_id', '=', sourceId).compile(),
  );
}

/**
 * Removes a source. Its channels stay in the line-up as the operator's own (their links to it, its groups' links
 * and the guide channels it offered go with it); channels that took their guide from it keep what they have and
 * are mapped again by the next refresh of a guide. Answers how many channels it had.
 */
export function* deleteSourceSteps(db: Db, sourceId: number): Statements<number> {
  const k = db.kysely;
  const n = (yield* query(
    k
      .selectFrom('source_channels')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('source_id', '=', sourceId)
      .compile(),
  )).rows[0]?.n;
  yield* query(
    k
      .updateTable('source_channels')
      .set({ guide_source_id: null, xmltv_id: null, mapped_by: null })
      .where('guide_source_id', '=', sourceId)
      .compile(),
  );
  yield* query(k.deleteFrom('lineup_sources').where('source_id', '=', sourceId).compile());
  return Number(n ?? 0);
}

/** The groups an import of the source takes (all when undefined), on the asynchronous store. */
export async function setSourceGroupsNow(
  db: Db,
  sourceId: number,
  groups: string[] | undefined,
): Promise<void> {
  await db.kysely
    .updateTable('lineup_sources')
    .set({ groups_json: groups === undefined ? null : JSON.stringify(groups) })
    .where('source_id', '=', sourceId)
    .execute();
}

/** Records how a refresh went: success with its counts, or the error in words (the previous counts stay). */
export function recordRefresh(
  db: Db,
  sourceId: number,
  outcome: { ok: true; counts: SourceCounts } | { ok: false; error: string },
  at: number,
  durationMs: number,
): void {
  if (outcome.ok)
    db.run(
      `UPDATE lineup_sources SET status = 'ok', last_refresh_at = ?, last_duration_ms = ?, last_error = '',
        counts_json = ? WHERE source_id = ?`,
      at,
      durationMs,
      JSON.stringify(outcome.counts),
      sourceId,
    );
  else
    db.run(
      `UPDATE lineup_sources SET status = 'failed', last_refresh_at = ?, last_duration_ms = ?, last_error = ?
       WHERE source_id = ?`,
      at,
      durationMs,
      outcome.error,
      sourceId,
    );
}

/** An imported channel's link to its source: identity, stream and guide mapping. */
export interface SourceChannel {
  logicalChannelId: string;
  sourceId: number;
  upstreamKey: string;
  tvgId: string;
  name: string;
  groupName: string;
  streamUrl: string;
  userAgent: string;
  referrer: string;
  logoUrl: string;
  guideSourceId: number | undefined;
  xmltvId: string | undefined;
  mappedBy: string | undefined;
}

type SourceChannelRow = Selectable<SourceChannelsTable>;

function channelFromRow(r: SourceChannelRow): SourceChannel {
  return {
    logicalChannelId: r.logical_channel_id,
    sourceId: r.source_id,
    upstreamKey: r.upstream_key,
    tvgId: r.tvg_id,
    name: r.name,
    groupName: r.group_name,
    streamUrl: r.stream_url,
    userAgent: r.user_agent,
    referrer: r.referrer,
    logoUrl: r.logo_url,
    guideSourceId: r.guide_source_id ?? undefined,
    xmltvId: r.xmltv_id ?? undefined,
    mappedBy: r.mapped_by ?? undefined,
  };
}

/** Imported channels, of one source or of all, in line-up order. */
export function listSourceChannels(db: Db, sourceId?: number): SourceChannel[] {
  const sql = `SELECT s.* FROM source_channels s JOIN channels c ON c.logical_channel_id = s.logical_channel_id
    ${sourceId === undefined ? '' : 'WHERE s.source_id = ?'} ORDER BY c.channel_seq, c.logical_channel_id`;
  const rows =
    sourceId === undefined ? db.all<SourceChannelRow>(sql) : db.all<SourceChannelRow>(sql, sourceId);
  return rows.map(channelFromRow);
}

/**
 * `listSourceChannels` of every source on the asynchronous store (the console's unmapped-guide report), or of the
 * one channel given (a hand mapping's).
 */
export async function sourceChannelsNow(db: Db, logicalChannelId?: string): Promise<SourceChannel[]> {
  let q = db.kysely
    .selectFrom('source_channels as s')
    .innerJoin('channels as c', 'c.logical_channel_id', 's.logical_channel_id')
    .selectAll('s');
  if (logicalChannelId !== undefined) q = q.where('s.logical_channel_id', '=', logicalChannelId);
  const rows = await q.orderBy('c.channel_seq').orderBy('c.logical_channel_id').execute();
  return (rows as SourceChannelRow[]).map(channelFromRow);
}

export function upsertSourceChannel(db: Db, c: SourceChannel): void {
  db.run(
    `INSERT INTO source_channels (logical_channel_id, source_id, upstream_key, tvg_id, name, group_name, stream_url,
      user_agent, referrer, logo_url, guide_source_id, xmltv_id, mapped_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (logical_channel_id) DO UPDATE SET upstream_key = excluded.upstream_key, tvg_id = excluded.tvg_id,
      name = excluded.name, group_name = excluded.group_name, stream_url = excluded.stream_url,
      user_agent = excluded.user_agent, referrer = excluded.referrer, logo_url = excluded.logo_url`,
    c.logicalChannelId,
    c.sourceId,
    c.upstreamKey,
    c.tvgId,
    c.name,
    c.groupName,
    c.streamUrl,
    c.userAgent,
    c.referrer,
    c.logoUrl,
    c.guideSourceId ?? null,
    c.xmltvId ?? null,
    c.mappedBy ?? null,
  );
}

export function setMapping(
  db: Db,
  logicalChannelId: string,
  m: { sourceId: number; xmltvId: string; by: string } | undefined,
): void {
  db.run(
    'UPDATE source_channels SET guide_source_id = ?, xmltv_id = ?, mapped_by = ? WHERE logical_channel_id = ?',
    m?.sourceId ?? null,
    m?.xmltvId ?? null,
    m?.by ?? null,
    logicalChannelId,
  );
}

/** Hand mappings: an xmltvId, or null for "no guide" (an unmap the automatic rules must not undo). */
export function handMappings(db: Db): Map<string, string | null> {
  return new Map(
    db
      .all<{ logical_channel_id: string; xmltv_id: string | null }>(
        'SELECT logical_channel_id, xmltv_id FROM guide_hand_mappings',
      )
      .map((r) => [r.logical_channel_id, r.xmltv_id]),
  );
}

/** A hand mapping (an xmltvId, or null for "no guide") as a statement of the asynchronous store. */
export function handMappingStatement(
  db: Db,
  logicalChannelId: string,
  xmltvId: string | null,
  now: number,
): CompiledQuery {
  return db.kysely
    .insertInto('guide_hand_mappings')
    .values({ logical_channel_id: logicalChannelId, xmltv_id: xmltvId, created_at: now })
    .onConflict((oc) =>
      oc.column('logical_channel_id').doUpdateSet((eb) => ({
        xmltv_id: eb.ref('excluded.xmltv_id'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .compile();
}

/** Replaces the guide channels a source offers. */
export function replaceGuideChannels(
  db: Db,
  sourceId: number,
  channels: Iterable<{ id: string; names: string[] }>,
): void {
  db.run('DELETE FROM guide_channels WHERE source_id = ?', sourceId);
  for (const c of channels)
    db.run(
      'INSERT INTO guide_channels (source_id, xmltv_id, names_json) VALUES (?, ?, ?)',
      sourceId,
      c.id,
      JSON.stringify(c.names),
    );
}

type GuideChannelRow = { source_id: number; xmltv_id: string; names_json: string };
const guideChannelOf = (r: GuideChannelRow) => ({
  sourceId: r.source_id,
  xmltvId: r.xmltv_id,
  names: JSON.parse(r.names_json) as string[],
});

export function allGuideChannels(db: Db): Array<{ sourceId: number; xmltvId: string; names: string[] }> {
  return db
    .all<GuideChannelRow>(
      'SELECT source_id, xmltv_id, names_json FROM guide_channels ORDER BY source_id, xmltv_id',
    )
    .map(guideChannelOf);
}

/** `allGuideChannels` on the asynchronous store. */
export async function guideChannelsNow(db: Db) {
  const rows = await db.kysely
    .selectFrom('guide_channels')
    .select(['source_id', 'xmltv_id', 'names_json'])
    .orderBy('source_id')
    .orderBy('xmltv_id')
    .execute();
  return rows.map(guideChannelOf);
}
