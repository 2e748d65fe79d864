import { LIVE_VIDEO_OPTIONS } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import { importedSourceUrl } from './sourceUrl.ts';

export type LiveMode = 'relay' | 'record';
export const LIVE_MODES: readonly LiveMode[] = ['relay', 'record'];
/** Days a recorded channel keeps its segments unless the operator says otherwise (the spec's catch-up window). */
export const DEFAULT_RETENTION_DAYS = 7;
/**
 * `copy` remuxes the input's video (H.264 only plays); `h264` transcodes HEVC or MPEG-2 video (decision 0256);
 * `ladder` transcodes any video into the ladder's H.264 renditions (decision 0270). The contract's list.
 */
export type LiveVideo = (typeof LIVE_VIDEO_OPTIONS)[number];
export const LIVE_VIDEO: readonly LiveVideo[] = LIVE_VIDEO_OPTIONS;
const liveVideo = (v: string | null | undefined): LiveVideo => LIVE_VIDEO.find((x) => x === v) ?? 'copy';

export interface ChannelSource {
  /** 1 is the primary; failover walks up. */
  position: number;
  url: string;
  /** `import`: the line-up import's stream URL, first unless the operator gave sources of their own. */
  origin: 'operator' | 'import';
}

export interface LiveChannel {
  logicalChannelId: string;
  /** The stream id the origin serves it under (`/media/live/<liveStreamId>/…`). */
  liveStreamId: string;
  mode: LiveMode;
  retentionDays: number;
  /** The channel's protection (drm_type), kept when it is fed by live sources: AES-128 or ClearKey. */
  protection?: 'aes-128' | 'clearkey';
  sources: ChannelSource[];
  /** The operator's transcode option; `copy` when absent (decision 0256). */
  video?: LiveVideo;
  /**
   * The operator's last "switch to this source" (decision 0383): the source's stored URL, when it was asked, and
   * the channel's count of requests (each is taken once).
   */
  onAir?: { url: string; at: number; seq: number };
}

/**
 * A channel's sources in priority order. Sources the operator added win; without them, an imported channel's
 * M3U stream URL is its one source (issue 16 fills the first source).
 */
export async function channelSources(db: Db, logicalChannelId: string): Promise<ChannelSource[]> {
  const own = await ownUrls(db, logicalChannelId);
  if (own.length) return own.map((url, i) => ({ position: i + 1, url, origin: 'operator' as const }));
  const imported = await db.kysely
    .selectFrom('source_channels')
    .select('stream_url')
    .where('logical_channel_id', '=', logicalChannelId)
    .executeTakeFirst();
  return imported?.stream_url
    ? [{ position: 1, url: importedSourceUrl(imported.stream_url), origin: 'import' }]
    : [];
}

/** The URLs of the sources the operator gave a channel, primary first. */
async function ownUrls(db: Db, logicalChannelId: string): Promise<string[]> {
  const rows = await urlsQuery(db, logicalChannelId).execute();
  return rows.map((r) => r.url);
}

const urlsQuery = (db: Db, logicalChannelId: string) =>
  db.kysely
    .selectFrom('live_channel_sources')
    .select('url')
    .where('logical_channel_id', '=', logicalChannelId)
    .orderBy('position');

/** The same inside a transaction that then writes them. */
function* ownUrlsToWrite(db: Db, logicalChannelId: string): Statements<string[]> {
  const { rows } = yield* query(urlsQuery(db, logicalChannelId).compile());
  return rows.map((r) => r.url);
}

/** Adds a source at `position` (1-based; the end by default), moving later ones down. */
export function addChannelSource(
  db: Db,
  logicalChannelId: string,
  url: string,
  position?: number,
): Promise<number> {
  return transactionally(db, function* () {
    const urls = yield* ownUrlsToWrite(db, logicalChannelId);
    const at = Math.min(Math.max(1, position ?? urls.length + 1), urls.length + 1);
    urls.splice(at - 1, 0, url);
    yield* ownStream(db, logicalChannelId);
    yield* writeSources(db, logicalChannelId, urls);
    return at;
  });
}

/**
 * Moves a changed channel's update time: it versions the line-up the server keeps in memory and the apps cache, so
 * playback answers (live, time-shift, catch-up) and the channel list show the change at once (a new stream id,
 * catch-up on or off), not the sample loop's id of before. Always forward, by at least 1 ms.
 */
function* touchChannel(db: Db, logicalChannelId: string): Statements<void> {
  const now = Date.now();
  yield* query(
    db.kysely
      .updateTable('channels')
      .set((eb) => ({
        updated_at: eb
          .case()
          .when('updated_at', '>=', now)
          .then(eb('updated_at', '+', 1))
          .else(now)
          .end(),
      }))
      .where('logical_channel_id', '=', logicalChannelId)
      .compile(),
  );
}

/**
 * A channel fed by its own sources needs a stream id of its own: seeded channels share sample loops (`ch1` plays
 * on several channels), so a shared id is replaced by `live-<channel>` in the channel and its physical channels.
 */
function* ownStream(db: Db, logicalChannelId: string): Statements<void> {
  const k = db.kysely;
  const [row] = (yield* query(
    k
      .selectFrom('channels as c')
      .select((eb) => [
        'c.live_stream_id',
        eb
          .selectFrom('channels as o')
          .select((o) => o.fn.countAll<number>().as('n'))
          .whereRef('o.live_stream_id', '=', 'c.live_stream_id')
          .as('n'),
      ])
      .where('c.logical_channel_id', '=', logicalChannelId)
      .compile(),
  )).rows;
  if (!row || Number(row.n) <= 1) return;
  const id = `live-${logicalChannelId}`;
  yield* query(
    k
      .updateTable('channels')
      .set({ live_stream_id: id })
      .where('logical_channel_id', '=', logicalChannelId)
      .compile(),
  );
  yield* touchChannel(db, logicalChannelId);
  yield* query(
    k
      .updateTable('physical_channels')
      .set({
        live_stream_id: id,
        dvr_stream_id: id,
        stream_id: id,
        safari_live_stream_id: id,
        safari_dvr_stream_id: id,
      })
      .where('logical_channel_id', '=', logicalChannelId)
      .compile(),
  );
}

/** Removes the source at `position`; false when there is none. */
export function removeChannelSource(db: Db, logicalChannelId: string, position: number): Promise<boolean> {
  return transactionally(db, function* () {
    const urls = yield* ownUrlsToWrite(db, logicalChannelId);
    if (position < 1 || position > urls.length) return false;
    urls.splice(position - 1, 1);
    yield* writeSources(db, logicalChannelId, urls);
    return true;
  });
}

/** The channel's sources are `urls` now, primary first (inside the caller's transaction). */
function* writeSources(db: Db, logicalChannelId: string, urls: string[]): Statements<void> {
  const k = db.kysely;
  yield* query(
    k.deleteFrom('live_channel_sources').where('logical_channel_id', '=', logicalChannelId).compile(),
  );
  if (urls.length === 0) return;
  yield* query(
    k
      .insertInto('live_channel_sources')
      .values(urls.map((url, i) => ({ logical_channel_id: logicalChannelId, position: i + 1, url })))
      .compile(),
  );
}

/**
 * Relay or record. A recorded channel offers catch-up for its retention (canPlayBack, playbackDuration in days);
 * a relayed one records nothing, so it offers none.
 */
export function setChannelMode(
  db: Db,
  logicalChannelId: string,
  mode: LiveMode,
  retentionDays: number,
  video?: LiveVideo,
): Promise<void> {
  return transactionally(db, () => modeSteps(db, logicalChannelId, mode, retentionDays, video));
}

function* modeSteps(
  db: Db,
  logicalChannelId: string,
  mode: LiveMode,
  retentionDays: number,
  video?: LiveVideo,
): Statements<void> {
  const k = db.kysely;
  yield* query(
    k
      .updateTable('channels')
      .set({
        can_play_back: mode === 'record' ? 1 : 0,
        playback_duration: mode === 'record' ? retentionDays : 0,
      })
      .where('logical_channel_id', '=', logicalChannelId)
      .compile(),
  );
  yield* touchChannel(db, logicalChannelId);
  yield* query(
    k
      .insertInto('live_channel_modes')
      .values({
        logical_channel_id: logicalChannelId,
        mode,
        retention_days: retentionDays,
        ...(video ? { video } : {}),
      })
      .onConflict((c) =>
        c.column('logical_channel_id').doUpdateSet((eb) => ({
          mode: eb.ref('excluded.mode'),
          retention_days: eb.ref('excluded.retention_days'),
          ...(video ? { video: eb.ref('excluded.video') } : {}),
        })),
      )
      .compile(),
  );
}

/**
 * Replaces a channel's sources with `urls` (the operator call), primary first; an empty list gives an imported
 * channel back its M3U stream URL and a seeded one its sample loop.
 */
export function setChannelSources(db: Db, logicalChannelId: string, urls: string[]): Promise<void> {
  return transactionally(db, () => sourcesSteps(db, logicalChannelId, urls));
}

function* sourcesSteps(db: Db, logicalChannelId: string, urls: string[]): Statements<void> {
  if (urls.length) yield* ownStream(db, logicalChannelId);
  yield* writeSources(db, logicalChannelId, urls);
  yield* touchChannel(db, logicalChannelId);
}

/**
 * The console's save of a channel, in one transaction: its sources (left as they are when `urls` is undefined: an
 * imported channel's URL sent back unchanged stays the import's) and its mode.
 */
export function saveLiveChannel(
  db: Db,
  logicalChannelId: string,
  change: { urls?: string[]; mode: LiveMode; retentionDays: number; video?: LiveVideo },
): Promise<void> {
  return transactionally(db, function* () {
    if (change.urls) yield* sourcesSteps(db, logicalChannelId, change.urls);
    yield* modeSteps(db, logicalChannelId, change.mode, change.retentionDays, change.video);
  });
}

/** The operator asks for the source with this stored URL on air now (decision 0383); the newest request wins. */
export async function requestOnAir(db: Db, logicalChannelId: string, url: string, at: number): Promise<void> {
  await db.kysely
    .insertInto('live_on_air_requests')
    .values({ logical_channel_id: logicalChannelId, url, at })
    .onConflict((c) =>
      c.column('logical_channel_id').doUpdateSet((eb) => ({
        url: eb.ref('excluded.url'),
        at: eb.ref('excluded.at'),
        seq: eb('live_on_air_requests.seq', '+', 1),
      })),
    )
    .execute();
}

/** Source switches are kept (decision 0255): the last 24 h survive a restart. */
export async function recordSwitch(db: Db, logicalChannelId: string, at: number): Promise<void> {
  await db.kysely.insertInto('live_switches').values({ logical_channel_id: logicalChannelId, at }).execute();
}

/** A channel's switches since `since`, oldest first. */
export async function switchesSince(db: Db, logicalChannelId: string, since: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('live_switches')
    .select('at')
    .where('logical_channel_id', '=', logicalChannelId)
    .where('at', '>=', since)
    .orderBy('at')
    .execute();
  return rows.map((r) => r.at);
}

/** Forgets switches older than `before` (nothing reports them). */
export async function trimSwitches(db: Db, before: number): Promise<void> {
  await db.kysely.deleteFrom('live_switches').where('at', '<', before).execute();
}

/** The channel served under a stream id, if any (the origin's first request of a channel the supervisor lacks). */
export async function channelOfStreamId(db: Db, liveStreamId: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('channels')
    .select('logical_channel_id')
    .where('live_stream_id', '=', liveStreamId)
    .limit(1)
    .executeTakeFirst();
  return row?.logical_channel_id;
}

/** Every channel with at least one source: how the supervisor and the origin know them. */
export async function listLiveChannels(db: Db, only?: string): Promise<LiveChannel[]> {
  const k = db.kysely;
  // `only`: one channel (the supervisor re-reads a changed or newly asked channel at once). A read of each table
  // for every channel at once: an imported line-up has thousands, and the supervisor reads this every 5 s.
  const [rows, own, imported, onAir] = await Promise.all([
    k
      .selectFrom('channels as c')
      .leftJoin('live_channel_modes as m', 'm.logical_channel_id', 'c.logical_channel_id')
      .select([
        'c.logical_channel_id',
        'c.live_stream_id',
        'm.mode',
        'm.retention_days',
        'c.drm_type',
        'm.video',
      ])
      .where((eb) =>
        eb.or([
          eb(
            'c.logical_channel_id',
            'in',
            eb.selectFrom('live_channel_sources').select('logical_channel_id'),
          ),
          eb(
            'c.logical_channel_id',
            'in',
            eb.selectFrom('source_channels').select('logical_channel_id').where('stream_url', '<>', ''),
          ),
        ]),
      )
      .$if(only !== undefined, (q) => q.where('c.logical_channel_id', '=', only as string))
      .orderBy('c.channel_seq')
      .orderBy('c.logical_channel_id')
      .execute(),
    k
      .selectFrom('live_channel_sources')
      .select(['logical_channel_id', 'url'])
      .$if(only !== undefined, (q) => q.where('logical_channel_id', '=', only as string))
      .orderBy('logical_channel_id')
      .orderBy('position')
      .execute(),
    k
      .selectFrom('source_channels')
      .select(['logical_channel_id', 'stream_url'])
      .where('stream_url', '<>', '')
      .$if(only !== undefined, (q) => q.where('logical_channel_id', '=', only as string))
      .execute(),
    k
      .selectFrom('live_on_air_requests')
      .select(['logical_channel_id', 'url', 'at', 'seq'])
      .$if(only !== undefined, (q) => q.where('logical_channel_id', '=', only as string))
      .execute(),
  ]);
  const sources = new Map<string, ChannelSource[]>();
  for (const r of own) {
    const list = sources.get(r.logical_channel_id) ?? [];
    list.push({ position: list.length + 1, url: r.url, origin: 'operator' });
    sources.set(r.logical_channel_id, list);
  }
  const streams = new Map(imported.map((r) => [r.logical_channel_id, r.stream_url]));
  const asked = new Map(onAir.map((r) => [r.logical_channel_id, { url: r.url, at: r.at, seq: r.seq }]));
  return rows.map((r) => {
    const url = streams.get(r.logical_channel_id);
    const onAirAsk = asked.get(r.logical_channel_id);
    return {
      logicalChannelId: r.logical_channel_id,
      liveStreamId: r.live_stream_id,
      mode: r.mode === 'record' ? 'record' : 'relay',
      retentionDays: r.retention_days ?? DEFAULT_RETENTION_DAYS,
      ...(r.drm_type === 'aes-128' || r.drm_type === 'clearkey' ? { protection: r.drm_type } : {}),
      ...(liveVideo(r.video) !== 'copy' ? { video: liveVideo(r.video) } : {}),
      ...(onAirAsk ? { onAir: onAirAsk } : {}),
      sources:
        sources.get(r.logical_channel_id) ??
        (url ? [{ position: 1, url: importedSourceUrl(url), origin: 'import' as const }] : []),
    };
  });
}

/** A channel's stored mode and transcode option, whether it has sources or not (defaults when never set). */
export async function channelSettings(
  db: Db,
  logicalChannelId: string,
): Promise<{ mode: LiveMode; retentionDays: number; video: LiveVideo }> {
  const r = await db.kysely
    .selectFrom('live_channel_modes')
    .select(['mode', 'retention_days', 'video'])
    .where('logical_channel_id', '=', logicalChannelId)
    .executeTakeFirst();
  return {
    mode: r?.mode === 'record' ? 'record' : 'relay',
    retentionDays: r?.retention_days ?? DEFAULT_RETENTION_DAYS,
    video: liveVideo(r?.video),
  };
}

export async function channelExists(db: Db, logicalChannelId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('channels')
    .select('logical_channel_id')
    .where('logical_channel_id', '=', logicalChannelId)
    .executeTakeFirst();
  return row !== undefined;
}
