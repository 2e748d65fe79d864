import { LIVE_VIDEO_OPTIONS } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
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
export function channelSources(db: Db, logicalChannelId: string): ChannelSource[] {
  const own = db.all<{ position: number; url: string }>(
    'SELECT position, url FROM live_channel_sources WHERE logical_channel_id = ? ORDER BY position',
    logicalChannelId,
  );
  if (own.length) return own.map((r, i) => ({ position: i + 1, url: r.url, origin: 'operator' as const }));
  const imported = db.get<{ stream_url: string }>(
    'SELECT stream_url FROM source_channels WHERE logical_channel_id = ?',
    logicalChannelId,
  );
  return imported?.stream_url
    ? [{ position: 1, url: importedSourceUrl(imported.stream_url), origin: 'import' }]
    : [];
}

/** Adds a source at `position` (1-based; the end by default), moving later ones down. */
export function addChannelSource(db: Db, logicalChannelId: string, url: string, position?: number): number {
  const urls = db
    .all<{ url: string }>(
      'SELECT url FROM live_channel_sources WHERE logical_channel_id = ? ORDER BY position',
      logicalChannelId,
    )
    .map((r) => r.url);
  const at = Math.min(Math.max(1, position ?? urls.length + 1), urls.length + 1);
  urls.splice(at - 1, 0, url);
  db.transaction(() => {
    ownStream(db, logicalChannelId);
    writeSources(db, logicalChannelId, urls);
  });
  return at;
}

/**
 * Moves a changed channel's update time: it versions the line-up the server keeps in memory and the apps cache, so
 * playback answers (live, time-shift, catch-up) and the channel list show the change at once (a new stream id,
 * catch-up on or off), not the sample loop's id of before.
 */
function touchChannel(db: Db, logicalChannelId: string) {
  db.run(
    'UPDATE channels SET updated_at = MAX(updated_at + 1, ?) WHERE logical_channel_id = ?',
    Date.now(),
    logicalChannelId,
  );
}

/**
 * A channel fed by its own sources needs a stream id of its own: seeded channels share sample loops (`ch1` plays
 * on several channels), so a shared id is replaced by `live-<channel>` in the channel and its physical channels.
 */
function ownStream(db: Db, logicalChannelId: string) {
  const row = db.get<{ live_stream_id: string; n: number }>(
    `SELECT c.live_stream_id, (SELECT COUNT(*) FROM channels o WHERE o.live_stream_id = c.live_stream_id) AS n
     FROM channels c WHERE c.logical_channel_id = ?`,
    logicalChannelId,
  );
  if (!row || row.n <= 1) return;
  const id = `live-${logicalChannelId}`;
  db.run('UPDATE channels SET live_stream_id = ? WHERE logical_channel_id = ?', id, logicalChannelId);
  touchChannel(db, logicalChannelId);
  db.run(
    `UPDATE physical_channels SET live_stream_id = ?, dvr_stream_id = ?, stream_id = ?,
       safari_live_stream_id = ?, safari_dvr_stream_id = ? WHERE logical_channel_id = ?`,
    id,
    id,
    id,
    id,
    id,
    logicalChannelId,
  );
}

/** Removes the source at `position`; false when there is none. */
export function removeChannelSource(db: Db, logicalChannelId: string, position: number): boolean {
  const urls = db
    .all<{ url: string }>(
      'SELECT url FROM live_channel_sources WHERE logical_channel_id = ? ORDER BY position',
      logicalChannelId,
    )
    .map((r) => r.url);
  if (position < 1 || position > urls.length) return false;
  urls.splice(position - 1, 1);
  writeSources(db, logicalChannelId, urls);
  return true;
}

function writeSources(db: Db, logicalChannelId: string, urls: string[]) {
  db.transaction(() => {
    db.run('DELETE FROM live_channel_sources WHERE logical_channel_id = ?', logicalChannelId);
    urls.forEach((url, i) => {
      db.run(
        'INSERT INTO live_channel_sources (logical_channel_id, position, url) VALUES (?, ?, ?)',
        logicalChannelId,
        i + 1,
        url,
      );
    });
  });
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
): void {
  db.run(
    'UPDATE channels SET can_play_back = ?, playback_duration = ? WHERE logical_channel_id = ?',
    mode === 'record' ? 1 : 0,
    mode === 'record' ? retentionDays : 0,
    logicalChannelId,
  );
  touchChannel(db, logicalChannelId);
  db.run(
    `INSERT INTO live_channel_modes (logical_channel_id, mode, retention_days) VALUES (?, ?, ?)
     ON CONFLICT (logical_channel_id) DO UPDATE SET mode = excluded.mode, retention_days = excluded.retention_days`,
    logicalChannelId,
    mode,
    retentionDays,
  );
  if (video)
    db.run('UPDATE live_channel_modes SET video = ? WHERE logical_channel_id = ?', video, logicalChannelId);
}

/**
 * Replaces a channel's sources with `urls`, primary first (the operator call); an empty list gives an imported
 * channel back its M3U stream URL and a seeded one its sample loop.
 */
export function setChannelSources(db: Db, logicalChannelId: string, urls: string[]): void {
  db.transaction(() => {
    if (urls.length) ownStream(db, logicalChannelId);
    writeSources(db, logicalChannelId, urls);
    touchChannel(db, logicalChannelId);
  });
}

/** The operator asks for the source with this stored URL on air now (decision 0383); the newest request wins. */
export function requestOnAir(db: Db, logicalChannelId: string, url: string, at: number): void {
  db.run(
    `INSERT INTO live_on_air_requests (logical_channel_id, url, at) VALUES (?, ?, ?)
     ON CONFLICT (logical_channel_id)
     DO UPDATE SET url = excluded.url, at = excluded.at, seq = live_on_air_requests.seq + 1`,
    logicalChannelId,
    url,
    at,
  );
}

/** Source switches are kept (decision 0255): the last 24 h survive a restart. */
export function recordSwitch(db: Db, logicalChannelId: string, at: number): void {
  db.run('INSERT INTO live_switches (logical_channel_id, at) VALUES (?, ?)', logicalChannelId, at);
}

/** A channel's switches since `since`, oldest first. */
export function switchesSince(db: Db, logicalChannelId: string, since: number): number[] {
  return db
    .all<{ at: number }>(
      'SELECT at FROM live_switches WHERE logical_channel_id = ? AND at >= ? ORDER BY at',
      logicalChannelId,
      since,
    )
    .map((r) => Number(r.at));
}

/** Forgets switches older than `before` (nothing reports them). */
export function trimSwitches(db: Db, before: number): void {
  db.run('DELETE FROM live_switches WHERE at < ?', before);
}

/** The channel served under a stream id, if any (the origin's first request of a channel the supervisor lacks). */
export function channelOfStreamId(db: Db, liveStreamId: string): string | undefined {
  return db.get<{ logical_channel_id: string }>(
    'SELECT logical_channel_id FROM channels WHERE live_stream_id = ? LIMIT 1',
    liveStreamId,
  )?.logical_channel_id;
}

/** Every channel with at least one source: how the supervisor and the origin know them. */
export function listLiveChannels(db: Db, only?: string): LiveChannel[] {
  // `only`: one channel (the supervisor re-reads a changed or newly asked channel at once).
  const and = (column: string) => (only === undefined ? '' : ` AND ${column} = ?`);
  const args = only === undefined ? [] : [only];
  const rows = db.all<{
    logical_channel_id: string;
    live_stream_id: string;
    mode: string | null;
    retention_days: number | null;
    drm_type: string;
    video: string | null;
  }>(
    `SELECT c.logical_channel_id, c.live_stream_id, m.mode, m.retention_days, c.drm_type, m.video
     FROM channels c
     LEFT JOIN live_channel_modes m ON m.logical_channel_id = c.logical_channel_id
     WHERE (c.logical_channel_id IN (SELECT logical_channel_id FROM live_channel_sources)
        OR c.logical_channel_id IN (SELECT logical_channel_id FROM source_channels WHERE stream_url <> ''))
        ${and('c.logical_channel_id')}
     ORDER BY c.channel_seq, c.logical_channel_id`,
    ...args,
  );
  // A read of each table for every channel at once (an imported line-up has thousands; the supervisor reads this
  // every 5 s).
  const own = new Map<string, ChannelSource[]>();
  for (const r of db.all<{ logical_channel_id: string; url: string }>(
    `SELECT logical_channel_id, url FROM live_channel_sources WHERE 1 = 1${and('logical_channel_id')} ORDER BY logical_channel_id, position`,
    ...args,
  )) {
    const list = own.get(r.logical_channel_id) ?? [];
    list.push({ position: list.length + 1, url: r.url, origin: 'operator' });
    own.set(r.logical_channel_id, list);
  }
  const imported = new Map(
    db
      .all<{ logical_channel_id: string; stream_url: string }>(
        `SELECT logical_channel_id, stream_url FROM source_channels WHERE stream_url <> ''${and('logical_channel_id')}`,
        ...args,
      )
      .map((r) => [r.logical_channel_id, r.stream_url]),
  );
  const onAir = new Map(
    db
      .all<{ logical_channel_id: string; url: string; at: number; seq: number }>(
        `SELECT logical_channel_id, url, at, seq FROM live_on_air_requests WHERE 1 = 1${and('logical_channel_id')}`,
        ...args,
      )
      .map((r) => [r.logical_channel_id, { url: r.url, at: Number(r.at), seq: Number(r.seq) }]),
  );
  return rows.map((r) => {
    const url = imported.get(r.logical_channel_id);
    const asked = onAir.get(r.logical_channel_id);
    return {
      logicalChannelId: r.logical_channel_id,
      liveStreamId: r.live_stream_id,
      mode: r.mode === 'record' ? 'record' : 'relay',
      retentionDays: r.retention_days ?? DEFAULT_RETENTION_DAYS,
      ...(r.drm_type === 'aes-128' || r.drm_type === 'clearkey' ? { protection: r.drm_type } : {}),
      ...(liveVideo(r.video) !== 'copy' ? { video: liveVideo(r.video) } : {}),
      ...(asked ? { onAir: asked } : {}),
      sources:
        own.get(r.logical_channel_id) ??
        (url ? [{ position: 1, url: importedSourceUrl(url), origin: 'import' as const }] : []),
    };
  });
}

/** A channel's stored mode and transcode option, whether it has sources or not (defaults when never set). */
export function channelSettings(
  db: Db,
  logicalChannelId: string,
): { mode: LiveMode; retentionDays: number; video: LiveVideo } {
  const r = db.get<{ mode: string; retention_days: number; video: string }>(
    'SELECT mode, retention_days, video FROM live_channel_modes WHERE logical_channel_id = ?',
    logicalChannelId,
  );
  return {
    mode: r?.mode === 'record' ? 'record' : 'relay',
    retentionDays: r?.retention_days ?? DEFAULT_RETENTION_DAYS,
    video: liveVideo(r?.video),
  };
}

export function channelExists(db: Db, logicalChannelId: string): boolean {
  return !!db.get('SELECT 1 AS x FROM channels WHERE logical_channel_id = ?', logicalChannelId);
}
