import { PREFETCH_QUERY_PARAM } from '@ottkit/api-client/contract';
import type { RenditionMedia, SourceMedia } from '../media/library.ts';
import { cutCatchup } from '../origin/catchup.ts';
import type { PartialSegments } from '../origin/lowLatency.ts';
import type { Failure, LowLatencyStream, Stream } from '../origin/streams.ts';
import { timeshiftResource } from '../origin/urls.ts';
import { discontinuitiesBefore, timelinePlaylist } from './playlist.ts';
import { FOLLOW_MS } from './packagerLocks.ts';
import type { LiveSupervisor } from './supervisor.ts';
import type { Timeline, TimelineSegment } from './timeline.ts';

/** A player's prefetch of a neighbouring channel (decision 0258): pinned to the player's marking by a test. */
export const isPrefetchRequest = (url: URL) => url.searchParams.get(PREFETCH_QUERY_PARAM) === '1';

export interface IngestContext {
  now: () => number;
  windowSegments: number;
  dvrWindowSec: number;
  maxCatchupDays: number;
  /** Seconds behind the window a live token still opens (LIVE_SLACK_SEC). */
  liveSlackSec: number;
}

/** One rendition as the master playlist lists it, from its newest init segment and its recent bitrate. */
function renditionMedia(t: Timeline, name: string): RenditionMedia {
  const recent = t.segments.slice(-10);
  const last = recent.at(-1);
  const tracks = last ? t.tracksOf(last.initId) : [];
  const sec = recent.reduce((s, x) => s + x.durationSec, 0);
  const avg = sec ? Math.round((recent.reduce((s, x) => s + x.bytes, 0) * 8) / sec) : 1_000_000;
  const peak = Math.max(avg, ...recent.map((x) => Math.round((x.bytes * 8) / Math.max(0.1, x.durationSec))));
  const video = tracks.find((x) => x.kind === 'video');
  return {
    name,
    bandwidth: peak,
    averageBandwidth: avg,
    codecs: tracks.map((x) => x.codec).join(','),
    tracks,
    ...(video?.width && video.height ? { width: video.width, height: video.height } : {}),
  };
}

/** The channel's renditions (the input's own, or the ladder's rungs, decision 0270) as a source the origin serves. */
function sourceMedia(renditions: { name: string; timeline: Timeline }[], name: string): SourceMedia {
  const list = renditions
    .filter((r) => r.timeline.segments.length)
    .map((r) => renditionMedia(r.timeline, r.name));
  const main = list[0] ?? renditionMedia(renditions[0]?.timeline as Timeline, renditions[0]?.name ?? '');
  // A rung that came out the size of a better one (a very small input) is not offered twice.
  const shown = list.filter(
    (r, i) => !r.height || !list.slice(0, i).some((b) => b.width === r.width && b.height === r.height),
  );
  return {
    name,
    kind: main.tracks.some((x) => x.kind === 'video') ? 'video' : 'audio',
    label: name,
    loopSec: 0,
    segmentCount: 0,
    renditions: shown.length ? shown : [main],
  };
}

/** A timeline with parts of its newest segments (its packager's, here or in another process). */
const offersParts = (t: Timeline) => !!(t.parts.of(t.end.n) ?? t.parts.of(t.end.n - 1));

/** The parts a rendition's live playlist lists: its newest segments' and the one being made. */
function partialOf(t: Timeline): PartialSegments {
  const n = t.end.n;
  const startMs = t.parts.startMs(n);
  return {
    partsOf: (k) => t.parts.of(k),
    current: { n, parts: t.parts.of(n) ?? [], ...(startMs === undefined ? {} : { startMs }) },
    partTarget: t.parts.target,
  };
}

/**
 * Blocking reloads and parts of a channel's renditions, from their timelines. `follow` reads the packager's
 * progress again when another process packages the channel (at most every FOLLOW_MS); a wait there looks again
 * that often, since no part arrives in this process to wake it.
 */
function partsOf(follow: () => void, of: (rendition?: string) => Timeline): LowLatencyStream {
  return {
    async newest(r) {
      follow();
      const t = of(r.name);
      const complete = t.end.n - 1;
      return {
        complete,
        completeParts: t.parts.of(complete)?.length ?? 0,
        current: t.end.n,
        parts: t.parts.of(t.end.n)?.length ?? 0,
      };
    },
    changed: (ms, r) =>
      Promise.race([
        of(r.name).parts.changed(ms),
        new Promise<void>((w) => setTimeout(w, Math.min(ms, FOLLOW_MS))),
      ]),
    readPart: async (r, n, k) => {
      follow();
      const b = await of(r.name).parts.read(n, k);
      return b ? [b] : undefined;
    },
  };
}

/**
 * Streams of channels fed by live sources (decision 0221): the same URLs, tokens and resources as the looped
 * samples (`/media/live|dvr|catchup/<liveStreamId>/…`), cut from the channel's packaged timeline instead of the
 * wall-clock loop. Undefined for any other stream id, which the sample resolver then serves.
 */
export function ingestedStreams(sup: LiveSupervisor, ctx: IngestContext) {
  return async (
    kind: string,
    id: string,
    rest: string[],
    url: URL,
  ): Promise<{ stream: Stream; rest: string[] } | Failure | undefined> => {
    const channel = await sup.channelOfStream(id);
    const t = channel && sup.timeline(channel);
    if (!channel || !t || kind === 'vod') return undefined;
    // The main rendition decides what a request may have (windows, catch-up cuts); every rendition carries the
    // same segment numbers (decision 0270), and each one's own files are read by its name.
    const renditions = sup.renditions(channel);
    const of = (rendition?: string) => renditions.find((r) => r.name === rendition)?.timeline ?? t;
    const index = (n: number) => t.segments.findIndex((s) => s.n === n);
    // Protected like the sample streams: the same keys per stream id, the same key URIs.
    const protection = sup.channel(channel)?.protection;
    const key =
      protection === 'aes-128'
        ? ({ uri: '../aes.key', method: 'AES-128' } as const)
        : protection === 'clearkey'
          ? ({ uri: '../cenc.key', method: 'SAMPLE-AES-CTR' } as const)
          : undefined;
    const base = {
      keyId: `live/${id}`,
      ...(protection ? { protection } : {}),
      async ready(viewer: string): Promise<Failure | undefined> {
        if (kind === 'live' || kind === 'dvr') {
          // A neighbour's prefetch never opens an idle relay's upstream nor counts as a viewer (decision 0258).
          if (isPrefetchRequest(url)) {
            if (!sup.onAir(channel))
              return { status: 503, reason: 'channel idle: not opened for a prefetch' };
          }
          // Every viewer opens the channel (a relay starts on the first one) and waits for its first segment.
          else await sup.touch(channel, viewer);
        }
        return t.segments.length ? undefined : { status: 503, reason: 'channel not on air yet' };
      },
      readInit: (file: string, rendition?: string) => {
        const m = /^init-(\d{1,9})\.mp4$/.exec(file);
        const r = of(rendition);
        return m && r.segments.some((s) => s.initId === Number(m[1])) ? r.readInit(Number(m[1])) : undefined;
      },
      readSegment: async (n: number, rendition?: string) => [await of(rendition).readSegment(n)],
      tracksOfSegment: (n: number, rendition?: string) => {
        const r = of(rendition);
        return r.tracksOf(r.segments.find((s) => s.n === n)?.initId ?? 0);
      },
    };
    // The main rendition's cut, listed from the asked rendition's own timeline (the same numbers, its own inits).
    // The master is read after `ready` (a relay's first viewer waits for its first segment there), so the source
    // is a getter on the stream itself: a spread would read it at once, before any segment, without codecs.
    const withSource = (st: Omit<Stream, 'source'>): Stream =>
      Object.defineProperty(st, 'source', {
        get: () => sourceMedia(renditions, id),
        enumerable: true,
      }) as Stream;
    const list = (
      rendition: string,
      cut: TimelineSegment[],
      query: string,
      shape: { type?: 'EVENT' | 'VOD'; endList?: boolean; partial?: PartialSegments; skip?: boolean } = {},
    ) => {
      const r = of(rendition);
      const from = cut[0]?.n ?? 0;
      const to = cut.at(-1)?.n ?? -1;
      const segments = r === t ? cut : r.segments.filter((s) => s.n >= from && s.n <= to);
      const first = r.segments.findIndex((s) => s.n === segments[0]?.n);
      return timelinePlaylist({
        segments,
        discontinuitySequence: discontinuitiesBefore(r.segments, Math.max(0, first)),
        query,
        ...(key ? { key } : {}),
        ...shape,
      });
    };
    if (kind === 'live') {
      const slack = Math.ceil(ctx.liveSlackSec / 2);
      // Parts are offered in the clear (decision 0442), by every process that serves the channel.
      const lowLatency =
        !protection && offersParts(t) ? partsOf(() => sup.renditions(channel), of) : undefined;
      const stream = withSource({
        ...base,
        resource: `live/${id}`,
        kind: 'live',
        allowed: (n) => {
          const i = index(n);
          return i >= 0 && i >= t.segments.length - ctx.windowSegments - slack;
        },
        playlist: (r, query, o) =>
          list(r.name, t.segments.slice(-ctx.windowSegments), query, {
            ...(lowLatency ? { partial: partialOf(of(r.name)), skip: o?.skip ?? false } : {}),
          }),
      });
      return { rest, stream: lowLatency ? Object.assign(stream, { lowLatency }) : stream };
    }
    if (kind === 'dvr') {
      const start = Number(url.searchParams.get('start') ?? 0);
      if (!Number.isSafeInteger(start) || start < 0) return { status: 404, reason: 'bad start' };
      const inWindow = (s: TimelineSegment) =>
        s.startMs + s.durationSec * 1000 > Math.max(start, ctx.now() - ctx.dvrWindowSec * 1000);
      return {
        rest,
        stream: withSource({
          ...base,
          resource: timeshiftResource(id, start),
          kind: 'timeshift',
          childQuery: start ? `&start=${start}` : '',
          allowed: (n) => {
            const s = t.segments[index(n)];
            return !!s && inWindow(s);
          },
          playlist: (r, query) => {
            const from = t.segments.findIndex(inWindow);
            const first = Math.min(
              from < 0 ? t.segments.length : from,
              t.segments.length - ctx.windowSegments,
            );
            return list(r.name, t.segments.slice(Math.max(0, first)), query);
          },
        }),
      };
    }
    if (kind === 'catchup') {
      const [window, ...tail] = rest;
      const m = /^(\d{1,15})-(\d{1,15})$/.exec(window ?? '');
      if (!m) return { status: 404, reason: 'bad programme window' };
      const p = { start: Number(m[1]), stop: Number(m[2]) };
      // The rules of the sample channels (invalid, not started, too old), then the segments recorded in the window.
      const cut = (): { segments: TimelineSegment[]; ended: boolean } | Failure => {
        const c = cutCatchup(p, ctx.now(), 2, ctx.maxCatchupDays);
        if (!c.ok) return { status: c.reason === 'not-started' ? 409 : 404, reason: `catch-up ${c.reason}` };
        if (sup.mode(channel) !== 'record')
          return { status: 404, reason: 'catch-up not recorded (relay channel)' };
        const segments = t.segments.filter(
          (s) => s.startMs < p.stop && s.startMs + s.durationSec * 1000 > p.start,
        );
        if (!segments.length) return { status: 404, reason: 'catch-up not recorded' };
        const last = segments.at(-1) as TimelineSegment;
        return {
          segments,
          ended: last.startMs + last.durationSec * 1000 >= p.stop || ctx.now() > p.stop + 10_000,
        };
      };
      return {
        rest: tail,
        stream: withSource({
          ...base,
          resource: `catchup/${id}/${window}`,
          kind: 'catchup',
          allowed: (n) => {
            const c = cut();
            return 'segments' in c && c.segments.some((s) => s.n === n);
          },
          playlist: (r, query) => {
            const c = cut();
            if (!('segments' in c)) return c;
            return list(
              r.name,
              c.segments,
              query,
              c.ended ? { type: 'VOD', endList: true } : { type: 'EVENT' },
            );
          },
        }),
      };
    }
    return { status: 404, reason: 'not found' };
  };
}
