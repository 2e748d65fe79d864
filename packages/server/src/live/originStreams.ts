import { PREFETCH_QUERY_PARAM } from '@ottkit/api-client/contract';
import type { RenditionMedia, SourceMedia } from '../media/library.ts';
import { cutCatchup } from '../origin/catchup.ts';
import type { Failure, Stream } from '../origin/streams.ts';
import { timeshiftResource } from '../origin/urls.ts';
import { discontinuitiesBefore, timelinePlaylist } from './playlist.ts';
import type { LiveSupervisor } from './supervisor.ts';
import type { Timeline, TimelineSegment } from './timeline.ts';

/** The one rendition of a packaged input (a transcode ladder would add more). */
export const SOURCE_RENDITION = 'src';

export interface IngestContext {
  now: () => number;
  windowSegments: number;
  dvrWindowSec: number;
  maxCatchupDays: number;
  /** Seconds behind the window a live token still opens (LIVE_SLACK_SEC). */
  liveSlackSec: number;
}

/** The rendition the master playlist lists, from the newest init segment and the recent bitrate. */
function sourceMedia(t: Timeline, name: string): SourceMedia {
  const recent = t.segments.slice(-10);
  const last = recent.at(-1);
  const tracks = last ? t.tracksOf(last.initId) : [];
  const sec = recent.reduce((s, x) => s + x.durationSec, 0);
  const avg = sec ? Math.round((recent.reduce((s, x) => s + x.bytes, 0) * 8) / sec) : 1_000_000;
  const peak = Math.max(avg, ...recent.map((x) => Math.round((x.bytes * 8) / Math.max(0.1, x.durationSec))));
  const video = tracks.find((x) => x.kind === 'video');
  const rendition: RenditionMedia = {
    name: SOURCE_RENDITION,
    bandwidth: peak,
    averageBandwidth: avg,
    codecs: tracks.map((x) => x.codec).join(','),
    tracks,
    ...(video?.width && video.height ? { width: video.width, height: video.height } : {}),
  };
  return {
    name,
    kind: video ? 'video' : 'audio',
    label: name,
    loopSec: 0,
    segmentCount: 0,
    renditions: [rendition],
  };
}

/**
 * Streams of channels fed by live sources (decision 0221): the same URLs, tokens and resources as the looped
 * samples (`/media/live|dvr|catchup/<liveStreamId>/…`), cut from the channel's packaged timeline instead of the
 * wall-clock loop. Undefined for any other stream id, which the sample resolver then serves.
 */
export function ingestedStreams(sup: LiveSupervisor, ctx: IngestContext) {
  return (
    kind: string,
    id: string,
    rest: string[],
    url: URL,
  ): { stream: Stream; rest: string[] } | Failure | undefined => {
    const channel = sup.channelOfStream(id);
    const t = channel && sup.timeline(channel);
    if (!channel || !t || kind === 'vod') return undefined;
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
      get source() {
        return sourceMedia(t, id);
      },
      async ready(viewer: string): Promise<Failure | undefined> {
        if (kind === 'live' || kind === 'dvr') {
          // A neighbour's prefetch never opens an idle relay's upstream nor counts as a viewer (decision 0258).
          if (url.searchParams.get(PREFETCH_QUERY_PARAM) === '1') {
            if (!sup.onAir(channel))
              return { status: 503, reason: 'channel idle: not opened for a prefetch' };
          }
          // Every viewer opens the channel (a relay starts on the first one) and waits for its first segment.
          else await sup.touch(channel, viewer);
        }
        return t.segments.length ? undefined : { status: 503, reason: 'channel not on air yet' };
      },
      readInit: (file: string) => {
        const m = /^init-(\d{1,9})\.mp4$/.exec(file);
        return m && t.segments.some((s) => s.initId === Number(m[1])) ? t.readInit(Number(m[1])) : undefined;
      },
      readSegment: async (n: number) => [await t.readSegment(n)],
      tracksOfSegment: (n: number) => t.tracksOf(t.segments[index(n)]?.initId ?? 0),
    };
    const list = (
      segments: TimelineSegment[],
      query: string,
      shape: { type?: 'EVENT' | 'VOD'; endList?: boolean } = {},
    ) =>
      timelinePlaylist({
        segments,
        discontinuitySequence: discontinuitiesBefore(t.segments, Math.max(0, index(segments[0]?.n ?? -1))),
        query,
        ...(key ? { key } : {}),
        ...shape,
      });
    if (kind === 'live') {
      const slack = Math.ceil(ctx.liveSlackSec / 2);
      return {
        rest,
        stream: {
          ...base,
          resource: `live/${id}`,
          kind: 'live',
          allowed: (n) => {
            const i = index(n);
            return i >= 0 && i >= t.segments.length - ctx.windowSegments - slack;
          },
          playlist: (_r, query) => list(t.segments.slice(-ctx.windowSegments), query),
        },
      };
    }
    if (kind === 'dvr') {
      const start = Number(url.searchParams.get('start') ?? 0);
      if (!Number.isSafeInteger(start) || start < 0) return { status: 404, reason: 'bad start' };
      const inWindow = (s: TimelineSegment) =>
        s.startMs + s.durationSec * 1000 > Math.max(start, ctx.now() - ctx.dvrWindowSec * 1000);
      return {
        rest,
        stream: {
          ...base,
          resource: timeshiftResource(id, start),
          kind: 'timeshift',
          childQuery: start ? `&start=${start}` : '',
          allowed: (n) => {
            const s = t.segments[index(n)];
            return !!s && inWindow(s);
          },
          playlist: (_r, query) => {
            const from = t.segments.findIndex(inWindow);
            const first = Math.min(
              from < 0 ? t.segments.length : from,
              t.segments.length - ctx.windowSegments,
            );
            return list(t.segments.slice(Math.max(0, first)), query);
          },
        },
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
        stream: {
          ...base,
          resource: `catchup/${id}/${window}`,
          kind: 'catchup',
          allowed: (n) => {
            const c = cut();
            return 'segments' in c && c.segments.some((s) => s.n === n);
          },
          playlist: (_r, query) => {
            const c = cut();
            if (!('segments' in c)) return c;
            return list(c.segments, query, c.ended ? { type: 'VOD', endList: true } : { type: 'EVENT' });
          },
        },
      };
    }
    return { status: 404, reason: 'not found' };
  };
}
