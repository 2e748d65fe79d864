import type { CompiledQuery, Selectable } from 'kysely';
import type { ChannelsTable, PhysicalChannelsTable } from './kysely/schema.generated.ts';
import type { Channel, ChannelColumn } from '@ottkit/api-client/contract';
import type { Db, SqlValue } from './db.ts';
import { query, type Statements } from './kysely/transactionally.ts';
import { nameLang, namesIn, namesNow } from './names.ts';
import { type KeptValues, keptNowPerVersion, versionsNow } from './versions.ts';

/** A channel as stored: the per-viewer fields (favourite, authorities) are filled in by the domain. */
export type StoredChannel = Omit<
  Channel,
  'isFavorite' | 'liveAuthority' | 'playBackAuthority' | 'physicalChannelList'
> & {
  productId: string;
  updatedAt: number;
  physicalChannelList: Array<
    Omit<Channel['physicalChannelList'][number], 'liveAuthority' | 'playBackAuthority'>
  >;
};

type ChannelRow = Selectable<ChannelsTable>;

type PhysicalRow = Selectable<PhysicalChannelsTable>;

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

/** The multi-DRM stream map: only a safari entry is stored (spec §3). */
function safariMap(id: string | null): Record<string, string> {
  return id ? { safari: id } : {};
}

/** The columns with their names in `lang` (else English, else the base name; decision 0140). */
export function listColumns(db: Db, lang = 'en'): ChannelColumn[] {
  return columnsOf(
    db.all<ColumnRow>(
      'SELECT column_id, column_name, column_seq FROM channel_columns ORDER BY column_seq, column_id',
    ),
    namesIn(db, 'channel_column_names', lang),
  );
}

type ColumnRow = { column_id: string; column_name: string; column_seq: number };

const columnsOf = (rows: ColumnRow[], names: ReadonlyMap<string, string>): ChannelColumn[] =>
  rows.map((r) => ({
    columnId: r.column_id,
    columnName: names.get(r.column_id) ?? r.column_name,
    columnSeq: r.column_seq,
  }));

/**
 * What identifies a version of the line-up: a number every write to the tables it is read from moves (triggers of
 * migration 147), so an edit made by any process or command is seen at the next call.
 */
const LINEUP_VERSION = 'SELECT n AS v FROM lineup_version';

/** The line-up's version now: what is read from the line-up may be kept while it stays. */
const lineupVersion = (db: Db): number => db.get<{ v: number }>(LINEUP_VERSION)?.v ?? -1;

/** What is read from the line-up, kept per version: the synchronous call, and `now` for the asynchronous store. */
export interface KeptPerLineup<T> {
  (db: Db): T;
  /** The same, with the version asked on the asynchronous store (decision 0410). */
  now(db: Db): Promise<T>;
}

/**
 * `read`, kept per database while the line-up's version stays, for either store. With `readNow` (the same read on
 * the asynchronous store, decision 0434) a new version asked by `now` is read there, without stopping the process;
 * the calls that ask while it is read share the read, and the synchronous call keeps its own read.
 */
export function keptPerLineupVersion<T>(
  read: (db: Db) => T,
  readNow?: (db: Db) => Promise<T>,
): KeptPerLineup<T> {
  const kept: KeptValues<T> = new WeakMap();
  const at = (db: Db, version: number) => {
    const known = kept.get(db);
    if (known?.version === version) return known.value;
    const value = read(db);
    kept.set(db, { version, value });
    return value;
  };
  const keptRead = (db: Db) => at(db, lineupVersion(db));
  keptRead.now = readNow
    ? keptNowPerVersion('lineup', readNow, kept)
    : async (db: Db) => at(db, (await versionsNow(db)).lineup);
  return keptRead;
}

/**
 * Every channel in line-up order, with its physical channels, columns, audio posters and content rules. Read
 * once per version of the line-up and kept (a 10,000-channel line-up takes hundreds of ms to read, and every
 * channel list call needs it): the answer is shared, callers must not modify it.
 */
export const listChannels: KeptPerLineup<StoredChannel[]> = keptPerLineupVersion(
  readChannels,
  readChannelsNow,
);

/** A channel by its logical id, or by the id of one of its physical channels, in the kept line-up. */
export async function channelByAnyId(db: Db, id: string): Promise<StoredChannel | undefined> {
  const channels = await listChannels.now(db);
  return (
    channels.find((c) => c.logicalChannelId === id) ??
    channels.find((c) => c.physicalChannelList.some((p) => p.channelId === id))
  );
}

function readChannels(db: Db): StoredChannel[] {
  return channelsOf(
    db.all<ChannelRow>('SELECT * FROM channels ORDER BY channel_seq, logical_channel_id'),
    db.all<PhysicalRow>('SELECT * FROM physical_channels ORDER BY logical_channel_id, seq'),
    db.all<MemberRow>(
      `SELECT m.logical_channel_id, m.column_id FROM channel_column_members m
       JOIN channel_columns c ON c.column_id = m.column_id ORDER BY c.column_seq`,
    ),
    db.all<PosterRow>(
      'SELECT logical_channel_id, url FROM channel_audio_posters ORDER BY logical_channel_id, seq',
    ),
    db.all<RuleRow>('SELECT * FROM channel_content_rules ORDER BY logical_channel_id, seq'),
  );
}

/** The line-up's rows (one channel's with `id`), as `readChannels` reads them, built once for either store. */
function channelReads(db: Db, id?: string) {
  const k = db.kysely;
  const one = id !== undefined;
  const is = id ?? '';
  return {
    rows: k
      .selectFrom('channels')
      .selectAll()
      .$if(one, (q) => q.where('logical_channel_id', '=', is))
      .orderBy('channel_seq')
      .orderBy('logical_channel_id'),
    physical: k
      .selectFrom('physical_channels')
      .selectAll()
      .$if(one, (q) => q.where('logical_channel_id', '=', is))
      .orderBy('logical_channel_id')
      .orderBy('seq'),
    members: k
      .selectFrom('channel_column_members as m')
      .innerJoin('channel_columns as c', 'c.column_id', 'm.column_id')
      .select(['m.logical_channel_id', 'm.column_id'])
      .$if(one, (q) => q.where('m.logical_channel_id', '=', is))
      .orderBy('c.column_seq'),
    posters: k
      .selectFrom('channel_audio_posters')
      .select(['logical_channel_id', 'url'])
      .$if(one, (q) => q.where('logical_channel_id', '=', is))
      .orderBy('logical_channel_id')
      .orderBy('seq'),
    rules: k
      .selectFrom('channel_content_rules')
      .select(['logical_channel_id', 'rule_category', 'action', 'rule_type', 'rule_value'])
      .$if(one, (q) => q.where('logical_channel_id', '=', is))
      .orderBy('logical_channel_id')
      .orderBy('seq'),
  };
}

/** `readChannels` on the asynchronous store: the same rows, in the same order. */
async function readChannelsNow(db: Db): Promise<StoredChannel[]> {
  const q = channelReads(db);
  const [rows, physical, members, posters, rules] = await Promise.all([
    q.rows.execute(),
    q.physical.execute(),
    q.members.execute(),
    q.posters.execute(),
    q.rules.execute(),
  ]);
  return channelsOf(rows, physical, members, posters, rules);
}

/** One channel as the line-up has it, read inside a transaction (the console's edits, decision 0439). */
export function* channelSteps(db: Db, id: string): Statements<StoredChannel | undefined> {
  const q = channelReads(db, id);
  const rows = (yield* query(q.rows.compile())).rows;
  if (rows.length === 0) return undefined;
  const physical = (yield* query(q.physical.compile())).rows;
  const members = (yield* query(q.members.compile())).rows;
  const posters = (yield* query(q.posters.compile())).rows;
  const rules = (yield* query(q.rules.compile())).rows;
  return channelsOf(rows, physical, members, posters, rules)[0];
}

type MemberRow = { logical_channel_id: string; column_id: string };
type PosterRow = { logical_channel_id: string; url: string };
type RuleRow = {
  logical_channel_id: string;
  rule_category: string;
  action: string;
  rule_type: string;
  rule_value: string;
};

/** The line-up from its rows: each channel with its physical channels, columns, audio posters and rules. */
function channelsOf(
  rows: ChannelRow[],
  physicalRows: PhysicalRow[],
  memberRows: MemberRow[],
  posterRows: PosterRow[],
  ruleRows: RuleRow[],
): StoredChannel[] {
  const physical = groupBy(physicalRows, (r) => r.logical_channel_id);
  const members = groupBy(memberRows, (r) => r.logical_channel_id);
  const posters = groupBy(posterRows, (r) => r.logical_channel_id);
  const rules = groupBy(ruleRows, (r) => r.logical_channel_id);
  return rows.map((r) => ({
    logicalChannelId: r.logical_channel_id,
    logicalChannelName: r.logical_channel_name,
    channelSeq: r.channel_seq,
    channelId: r.channel_id,
    channelType: r.channel_type,
    sourceType: r.source_type,
    iconUrl: r.icon_url,
    canPlayBack: r.can_play_back === 1,
    playbackDuration: r.playback_duration,
    epgId: r.epg_id,
    liveStreamId: r.live_stream_id,
    drmType: r.drm_type,
    productId: r.product_id,
    updatedAt: r.updated_at,
    columnIds: (members.get(r.logical_channel_id) ?? []).map((m) => m.column_id),
    audioPosterList: (posters.get(r.logical_channel_id) ?? []).map((p) => ({ url: p.url })),
    contentRuleList: (rules.get(r.logical_channel_id) ?? []).map((x) => ({
      ruleCategory: x.rule_category as 'basic' | 'except',
      action: x.action as 'allow' | 'deny',
      ruleType: x.rule_type as 'ip' | 'mac' | 'region' | 'account',
      ruleValue: x.rule_value,
    })),
    physicalChannelList: (physical.get(r.logical_channel_id) ?? []).map((p) => ({
      channelId: p.channel_id,
      liveStreamId: p.live_stream_id,
      dvrStreamId: p.dvr_stream_id,
      streamId: p.stream_id,
      contentId: p.content_id,
      dvrContentId: p.dvr_content_id,
      drmType: p.drm_type,
      resolution: p.resolution,
      multiDrmLiveStreamIdMap: safariMap(p.safari_live_stream_id),
      multiDrmDvrStreamIdMap: safariMap(p.safari_dvr_stream_id),
    })),
  }));
}

/** The latest change to the line-up, for channelListLatestUpdateTimeTs and the update check. */
export function channelsUpdatedAt(db: Db): number {
  return db.get<{ t: number | null }>('SELECT MAX(updated_at) AS t FROM channels')?.t ?? 0;
}

/** The line-up's last change (as `channelsUpdatedAt`), kept per version of the line-up. */
export const keptChannelsUpdatedAt = keptPerLineupVersion(channelsUpdatedAt, async (db) => {
  const r = await db.kysely
    .selectFrom('channels')
    .select((eb) => eb.fn.max('updated_at').as('t'))
    .executeTakeFirst();
  return Number(r?.t ?? 0);
});

/** The categories in each language asked, kept per version of the line-up (a few languages: see below). */
const keptColumns = keptPerLineupVersion(() => new Map<string, ChannelColumn[]>());

/**
 * `listColumns` for every channel list call, kept per version of the line-up and language. The language comes from
 * the caller's header, so only a few are kept: any beyond them is read each time, never kept.
 */
export async function columnsNow(db: Db, lang: string): Promise<ChannelColumn[]> {
  lang = nameLang(lang);
  const byLang = await keptColumns.now(db);
  const known = byLang.get(lang);
  if (known) return known;
  const [rows, names] = await Promise.all([
    db.kysely
      .selectFrom('channel_columns')
      .select(['column_id', 'column_name', 'column_seq'])
      .orderBy('column_seq')
      .orderBy('column_id')
      .execute(),
    namesNow(db, 'channel_column_names', lang),
  ]);
  const columns = columnsOf(rows, names);
  if (byLang.size < 8) byLang.set(lang, columns);
  return columns;
}

export interface NewChannel extends StoredChannel {}

/** The statements that insert one channel with everything it owns, for either store. */
function channelInserts(db: Db, c: NewChannel): CompiledQuery[] {
  const k = db.kysely;
  const id = c.logicalChannelId;
  const out: CompiledQuery[] = [
    k
      .insertInto('channels')
      .values({
        logical_channel_id: id,
        logical_channel_name: c.logicalChannelName,
        channel_seq: c.channelSeq,
        channel_id: c.channelId,
        channel_type: c.channelType,
        source_type: c.sourceType,
        icon_url: c.iconUrl,
        can_play_back: c.canPlayBack ? 1 : 0,
        playback_duration: c.playbackDuration,
        epg_id: c.epgId,
        live_stream_id: c.liveStreamId,
        drm_type: c.drmType,
        product_id: c.productId,
        updated_at: c.updatedAt,
      })
      .compile(),
  ];
  const many = <T>(rows: T[], insert: (rows: T[]) => CompiledQuery) => {
    if (rows.length > 0) out.push(insert(rows));
  };
  many(
    c.columnIds.map((column_id) => ({ logical_channel_id: id, column_id })),
    (rows) => k.insertInto('channel_column_members').values(rows).compile(),
  );
  many(
    c.audioPosterList.map((p, seq) => ({ logical_channel_id: id, seq, url: p.url })),
    (rows) => k.insertInto('channel_audio_posters').values(rows).compile(),
  );
  many(
    c.contentRuleList.map((r, seq) => ({
      logical_channel_id: id,
      seq,
      rule_category: r.ruleCategory,
      action: r.action,
      rule_type: r.ruleType,
      rule_value: r.ruleValue,
    })),
    (rows) => k.insertInto('channel_content_rules').values(rows).compile(),
  );
  many(
    c.physicalChannelList.map((p, seq) => ({
      channel_id: p.channelId,
      logical_channel_id: id,
      seq,
      live_stream_id: p.liveStreamId,
      dvr_stream_id: p.dvrStreamId,
      stream_id: p.streamId,
      content_id: p.contentId,
      dvr_content_id: p.dvrContentId,
      drm_type: p.drmType,
      resolution: p.resolution,
      safari_live_stream_id: p.multiDrmLiveStreamIdMap.safari ?? null,
      safari_dvr_stream_id: p.multiDrmDvrStreamIdMap.safari ?? null,
    })),
    (rows) => k.insertInto('physical_channels').values(rows).compile(),
  );
  return out;
}

/** Inserts one channel with everything it owns (the seed and a line-up's import, on the synchronous store). */
export function insertChannel(db: Db, c: NewChannel): void {
  db.transaction(() => {
    for (const q of channelInserts(db, c)) db.run(q.sql, ...(q.parameters as SqlValue[]));
  });
}

/** `insertChannel` inside a transaction of the asynchronous store (the console's new channel). */
export function* insertChannelSteps(db: Db, c: NewChannel): Statements<void> {
  for (const q of channelInserts(db, c)) yield* query(q);
}

export function insertColumn(db: Db, c: ChannelColumn): void {
  db.run(
    'INSERT INTO channel_columns (column_id, column_name, column_seq) VALUES (?, ?, ?)',
    c.columnId,
    c.columnName,
    c.columnSeq,
  );
}
