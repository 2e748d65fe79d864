import type { MediaLibrary, RenditionMedia, SourceMedia } from '../media/library.ts';
import { cutCatchup } from './catchup.ts';
import { type Newest, PART_SEC, type PartialSegments, type PartInfo } from './lowLatency.ts';
import type { SegmentStore } from './segments.ts';
import { liveEdge, liveWindow, mediaPlaylist } from './playlists.ts';
import type { MediaKind } from './tokens.ts';
import { timeshiftResource } from './urls.ts';
import { type VodAsset, vodSegmentCount } from './vod.ts';

export type Protection = 'aes-128' | 'clearkey';

export interface LiveStream {
  /** The prepared source that plays on this stream. */
  source: string;
  protection?: Protection;
}

/** Seconds behind the live window a live token still opens (a playlist read just before its window slid). */
export const LIVE_SLACK_SEC = 30;

/** `ch1` plays source ch1 in the clear, `ch1-aes` with AES-128, `ch1-cenc` with ClearKey CENC. */
export function defaultLiveStream(lib: MediaLibrary, id: string): LiveStream | undefined {
  const m = /^(.+?)(?:-(aes|cenc))?$/.exec(id);
  const source = m?.[1];
  if (!source || !lib.sources[source]) return undefined;
  if (m?.[2] === 'aes') return { source, protection: 'aes-128' };
  if (m?.[2] === 'cenc') return { source, protection: 'clearkey' };
  return { source };
}

/** What one request resolved to: the token it needs and how its playlists and segments are cut. */
export interface Stream {
  resource: string;
  kind: MediaKind;
  /** Key store id (AES keys are per stream, shared by its live, DVR and catch-up URLs). */
  keyId: string;
  source: SourceMedia;
  protection?: Protection;
  /** Extra query every child URL carries (the DVR start, part of the resource its token opens). */
  childQuery?: string;
  /** A live playlist may wait on a part not yet made (asynchronous); `skip` asks for a delta update. */
  playlist(
    r: RenditionMedia,
    query: string,
    o?: { skip: boolean },
  ): string | Failure | Promise<string | Failure>;
  /** Live channels that offer partial segments (LL-HLS, issue 41); absent for the others. */
  lowLatency?: LowLatencyStream;
  allowed(n: number): boolean;
  /** Live sources (issue 17): opens the channel for this viewer and waits for it; a failure answers instead. */
  ready?(viewer: string): Promise<Failure | undefined>;
  /** Live sources: init segments by file name (`init-<id>.mp4`) of a rendition; undefined when there is no such file. */
  readInit?(file: string, rendition?: string): Promise<Buffer> | undefined;
  /** Live sources: segment n of a rendition as packaged (instead of the looped sample). */
  readSegment?(n: number, rendition?: string): Promise<Buffer[]>;
  /** Live sources: the tracks of segment n of a rendition (ClearKey needs them per init). */
  tracksOfSegment?(n: number, rendition?: string): RenditionMedia['tracks'];
}
/** What the origin asks of a stream that offers parts: where it stands, when it changes, and the parts. */
export interface LowLatencyStream {
  newest(r: RenditionMedia): Promise<Newest>;
  /** Resolves when the rendition may have a new part, at the latest after `ms`. */
  changed(ms: number, r: RenditionMedia): Promise<void>;
  readPart(r: RenditionMedia, n: number, k: number): Promise<Buffer[] | undefined>;
}

export type Failure = { status: 404 | 409 | 503; reason: string };

/**
 * Streams served from something other than the looped samples (live sources); undefined passes the id on. It may
 * read the store (a channel given sources since the supervisor's last read), so it answers later.
 */
export type IngestedResolver = (
  kind: string,
  id: string,
  rest: string[],
  url: URL,
) => Promise<{ stream: Stream; rest: string[] } | Failure | undefined>;

export interface StreamContext {
  lib: MediaLibrary;
  now: () => number;
  resolveLive: (id: string) => LiveStream | undefined;
  vodAssets: Record<string, VodAsset>;
  /** Titles' uploaded videos by asset id (`media/transcode.ts`), played whole instead of a looped sample. */
  uploadedVod?: (assetId: string) => SourceMedia | undefined;
  windowSegments: number;
  dvrSegments: number;
  maxCatchupDays: number;
  ingested?: IngestedResolver;
  /** The looped samples' files, cut into parts for their live playlists (issue 41). */
  store: SegmentStore;
}

/** Resolves `/media/<kind>/<id>/…` to the stream it names: its token, playlists and fetchable segments. */
export function streamResolver(ctx: StreamContext) {
  const { lib, now, resolveLive, vodAssets, windowSegments, dvrSegments } = ctx;
  const seg = lib.segmentSec;
  const pdt = (n: number) => n * seg * 1000;
  const inDvr = (n: number) => {
    const edge = liveEdge(now(), seg);
    return n <= edge && n > edge - dvrSegments;
  };
  // A live token opens the live window and the little a slow client still fetches from a playlist it read:
  // never the DVR window (that is the time-shift token's, decision 0100).
  const liveSegments = windowSegments + Math.ceil(LIVE_SLACK_SEC / seg);
  const inLive = (n: number) => {
    const edge = liveEdge(now(), seg);
    return n <= edge && n > edge - liveSegments;
  };
  const keyOf = (live: LiveStream) =>
    live.protection === 'aes-128'
      ? ({ uri: '../aes.key', method: 'AES-128' } as const)
      : live.protection === 'clearkey'
        ? ({ uri: '../cenc.key', method: 'SAMPLE-AES-CTR' } as const)
        : undefined;

  /**
   * A loop's parts on the wall clock: part k of segment n is there once n × segmentSec plus the parts up to and
   * including k have passed, as a live packager would have made it.
   */
  async function loopNewest(source: SourceMedia, r: RenditionMedia): Promise<Newest & { made: PartInfo[] }> {
    const t = now();
    const complete = liveEdge(t, seg);
    const current = complete + 1;
    const all = await ctx.store.partsOf(source, r, current);
    let end = current * seg * 1000;
    const made = all.filter((p) => {
      end += p.durationSec * 1000;
      return end <= t + 0.5;
    });
    const completeParts = (await ctx.store.partsOf(source, r, complete)).length;
    return { complete, completeParts, current, parts: made.length, made };
  }

  async function loopPartial(source: SourceMedia, r: RenditionMedia): Promise<PartialSegments> {
    const at = await loopNewest(source, r);
    const kept = new Map<number, PartInfo[]>();
    for (let n = at.complete - 2; n <= at.complete; n++)
      if (n >= 0) kept.set(n, await ctx.store.partsOf(source, r, n));
    return {
      partsOf: (n) => kept.get(n),
      current: { n: at.current, parts: at.made, startMs: pdt(at.current) },
    };
  }

  function loopParts(source: SourceMedia): LowLatencyStream {
    return {
      newest: (r) => loopNewest(source, r),
      // The wall clock decides: the next part of a video rendition ends on the next multiple of a part.
      changed: (ms) => {
        const step = PART_SEC * 1000;
        const wait = Math.min(ms, step - (now() % step) + 1);
        return new Promise((resolve) => setTimeout(resolve, Math.max(1, wait)));
      },
      async readPart(r, n, k) {
        const at = await loopNewest(source, r);
        const made = n < at.current || (n === at.current && k < at.parts);
        // The segment being made is past the live edge; the window behind it is the live token's.
        return made && (n === at.current || inLive(n)) ? ctx.store.part(source, r, n, k) : undefined;
      },
    };
  }

  async function resolve(
    kind: string,
    id: string,
    rest: string[],
    url: URL,
  ): Promise<{ stream: Stream; rest: string[] } | Failure> {
    if (kind === 'vod') {
      const asset = vodAssets[id];
      const uploaded = asset ? undefined : ctx.uploadedVod?.(id);
      const source = asset ? lib.sources[asset.source] : uploaded;
      if (!source) return { status: 404, reason: 'unknown asset' };
      const count = asset ? vodSegmentCount(asset, seg) : source.segmentCount;
      const lastSegmentSec = uploaded?.lastSegmentSec;
      const range = { first: 0, last: count - 1 };
      return {
        rest,
        stream: {
          resource: `vod/${id}`,
          kind: 'vod',
          keyId: `vod/${id}`,
          source,
          allowed: (n) => n >= 0 && n < count,
          playlist: (_r, query) =>
            mediaPlaylist({ range, segmentSec: seg, query, type: 'VOD', endList: true, lastSegmentSec }),
        },
      };
    }
    const fed = await ctx.ingested?.(kind, id, rest, url);
    if (fed) return fed;
    const live = resolveLive(id);
    const source = live && lib.sources[live.source];
    if (!live || !source) return { status: 404, reason: 'unknown stream' };
    const common = { keyId: `live/${id}`, source, protection: live.protection };
    if (kind === 'live') {
      // A protected channel keeps the standard playlist: its segments are encrypted whole (decision 0442).
      const lowLatency = live.protection ? undefined : loopParts(source);
      const playlist = async (r: RenditionMedia, query: string, o?: { skip: boolean }) =>
        mediaPlaylist({
          range: liveWindow(now(), seg, windowSegments),
          segmentSec: seg,
          query,
          programDateTime: pdt,
          key: keyOf(live),
          ...(lowLatency ? { partial: await loopPartial(source, r), skip: o?.skip ?? false } : {}),
        });
      const stream: Stream = { ...common, resource: `live/${id}`, kind: 'live', allowed: inLive, playlist };
      return { rest, stream: lowLatency ? { ...stream, lowLatency } : stream };
    }
    if (kind === 'dvr') {
      // The time-shift playlist: from `start` (the current programme's start) or the whole DVR window.
      const start = Number(url.searchParams.get('start') ?? 0);
      if (!Number.isSafeInteger(start) || start < 0) return { status: 404, reason: 'bad start' };
      const playlist = (_r: RenditionMedia, query: string) => {
        const edge = liveEdge(now(), seg);
        const first = Math.max(edge - dvrSegments + 1, Math.floor(start / (seg * 1000)));
        const range = { first: Math.min(first, edge - windowSegments + 1), last: edge };
        return mediaPlaylist({ range, segmentSec: seg, query, programDateTime: pdt, key: keyOf(live) });
      };
      const childQuery = start ? `&start=${start}` : '';
      const first = Math.floor(start / (seg * 1000));
      const allowed = (n: number) => n >= first && inDvr(n);
      return {
        rest,
        stream: {
          ...common,
          resource: timeshiftResource(id, start),
          kind: 'timeshift',
          allowed,
          playlist,
          childQuery,
        },
      };
    }
    if (kind === 'catchup') {
      const [window, ...tail] = rest;
      const m = /^(\d{1,15})-(\d{1,15})$/.exec(window ?? '');
      if (!m) return { status: 404, reason: 'bad programme window' };
      const p = { start: Number(m[1]), stop: Number(m[2]) };
      const cut = () => cutCatchup(p, now(), seg, ctx.maxCatchupDays);
      const playlist = (_r: RenditionMedia, query: string): string | Failure => {
        const c = cut();
        if (!c.ok) return { status: c.reason === 'not-started' ? 409 : 404, reason: `catch-up ${c.reason}` };
        const shape = c.ended ? ({ type: 'VOD', endList: true } as const) : ({ type: 'EVENT' } as const);
        return mediaPlaylist({
          range: c.range,
          segmentSec: seg,
          query,
          programDateTime: pdt,
          key: keyOf(live),
          ...shape,
        });
      };
      const allowed = (n: number) => {
        const c = cut();
        return c.ok && n >= c.range.first && n <= c.range.last;
      };
      return {
        rest: tail,
        stream: { ...common, resource: `catchup/${id}/${window}`, kind: 'catchup', allowed, playlist },
      };
    }
    return { status: 404, reason: 'not found' };
  }

  return resolve;
}
