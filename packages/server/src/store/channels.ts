import type { Selectable } from 'kysely';
import type { ChannelsTable, PhysicalChannelsTable } from './kysely/schema.generated.ts';
import type { Channel, ChannelColumn } from '@ottkit/api-client/contract';
import type { Db } from './db.ts';
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

/** `readChannels` on the asynchronous store: the same rows, in the same order. */
async function readChannelsNow(db: Db): Promise<StoredChannel[]> {
  const k = db.kysely;
  const [rows, physical, members, posters, rules] = await Promise.all([
    k.selectFrom('channels').selectAll().orderBy('channel_seq').orderBy('logical_channel_id').execute(),
    k.selectFrom('physical_channels').selectAll().orderBy('logical_channel_id').orderBy('seq').execute(),
    k
      .selectFrom('channel_column_members as m')
      .innerJoin('channel_columns as c', 'c.column_id', 'm.column_id')
      .select(['m.logical_channel_id', 'm.column_id'])
      .orderBy('c.column_seq')
      .execute(),
    k
      .selectFrom('channel_audio_posters')
      .select(['logical_channel_id', 'url'])
      .orderBy('logical_channel_id')
      .orderBy('seq')
      .execute(),
    k
      .selectFrom('channel_content_rules')
      .select(['logical_channel_id', 'rule_category', 'action', 'rule_type', 'rule_value'])
      .orderBy('logical_channel_id')
      .orderBy('seq')
      .execute(),
  ]);
  return channelsOf(rows, physical, members, posters, rules);
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

/** Inserts one channel with everything it owns (seed, operator tools). */
export function insertChannel(db: Db, c: NewChannel): void {
  db.transaction(() => {
    db.run(
      `INSERT INTO channels (logical_channel_id, logical_channel_name, channel_seq, channel_id, channel_type,
        source_type, icon_url, can_play_back, playback_duration, epg_id, live_stream_id, drm_type, product_id, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      c.logicalChannelId,
      c.logicalChannelName,
      c.channelSeq,
      c.channelId,
      c.channelType,
      c.sourceType,
      c.iconUrl,
      c.canPlayBack ? 1 : 0,
      c.playbackDuration,
      c.epgId,
      c.liveStreamId,
      c.drmType,
      c.productId,
      c.updatedAt,
    );
    for (const col of c.columnIds) {
      db.run(
        'INSERT INTO channel_column_members (logical_channel_id, column_id) VALUES (?, ?)',
        c.logicalChannelId,
        col,
      );
    }
    c.audioPosterList.forEach((p, i) => {
      db.run(
        'INSERT INTO channel_audio_posters (logical_channel_id, seq, url) VALUES (?, ?, ?)',
        c.logicalChannelId,
        i,
        p.url,
      );
    });
    c.contentRuleList.forEach((r, i) => {
      db.run(
        `INSERT INTO channel_content_rules (logical_channel_id, seq, rule_category, action, rule_type, rule_value)
         VALUES (?, ?, ?, ?, ?, ?)`,
        c.logicalChannelId,
        i,
        r.ruleCategory,
        r.action,
        r.ruleType,
        r.ruleValue,
      );
    });
    c.physicalChannelList.forEach((p, i) => {
      db.run(
        `INSERT INTO physical_channels (channel_id, logical_channel_id, seq, live_stream_id, dvr_stream_id, stream_id,
          content_id, dvr_content_id, drm_type, resolution, safari_live_stream_id, safari_dvr_stream_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        p.channelId,
        c.logicalChannelId,
        i,
        p.liveStreamId,
        p.dvrStreamId,
        p.streamId,
        p.contentId,
        p.dvrContentId,
        p.drmType,
        p.resolution,
        p.multiDrmLiveStreamIdMap.safari ?? null,
        p.multiDrmDvrStreamIdMap.safari ?? null,
      );
    });
  });
}

export function insertColumn(db: Db, c: ChannelColumn): void {
  db.run(
    'INSERT INTO channel_columns (column_id, column_name, column_seq) VALUES (?, ?, ?)',
    c.columnId,
    c.columnName,
    c.columnSeq,
  );
}
