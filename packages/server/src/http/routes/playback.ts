import { ErrCode } from '@ottkit/api-client';
import { channelPlaySource, DRM_LICENSE_PATH, PlaybackErrCode } from '@ottkit/api-client/contract';
import { channelVisible } from '../../domain/accessRules.ts';
import { channelAccess, offersCatchup } from '../../domain/authority.ts';
import { join } from 'node:path';
import { type MediaLibrary, readManifest } from '../../media/library.ts';
import { QUALITY } from '../../media/profiles.ts';
import { cutCatchup } from '../../origin/catchup.ts';
import { mediaTokenTtlSec } from '../../domain/appConfig.ts';
import { ensureGuideNow } from '../../domain/epg.ts';
import { DEFAULT_DVR_WINDOW_SEC } from '../../origin/origin.ts';
import { type MediaKind, signMediaToken } from '../../origin/tokens.ts';
import { createMediaUrls, timeshiftResource } from '../../origin/urls.ts';
import { listChannels, type StoredChannel } from '../../store/channels.ts';
import { programOnAir } from '../../store/epg.ts';
import { HttpError, type RequestContext, type Route, route } from '../route.ts';
import { viewerOf } from './liveContext.ts';
import { profileOfSession } from './profileContext.ts';
import { ageRatingOf } from '../../domain/ageRating.ts';
import { assertRatingAllowed } from '../../domain/profiles.ts';

export interface PlaybackRouteOptions {
  /** The prepared library, for the quality list; by default `<dataDir>/media`'s manifest, else LQ/SD/HD. */
  library?: MediaLibrary;
  /** Validity of handed-out URLs of every kind, seconds; by default `mediaTokenTtlSec` (10 min, decision 0100). */
  ttlSec?: number;
  /** Commercial DRM licence servers by key system; by default from the environment (`licenseServersFromEnv`). */
  licenseServers?: Record<string, string>;
}

/**
 * Widevine, PlayReady and FairPlay are configuration for operators who have them (issue 4):
 * OTTKIT_WIDEVINE_LICENSE_URL, OTTKIT_PLAYREADY_LICENSE_URL, OTTKIT_FAIRPLAY_LICENSE_URL.
 */
export function licenseServersFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  if (env.OTTKIT_WIDEVINE_LICENSE_URL) out['com.widevine.alpha'] = env.OTTKIT_WIDEVINE_LICENSE_URL;
  if (env.OTTKIT_PLAYREADY_LICENSE_URL) out['com.microsoft.playready'] = env.OTTKIT_PLAYREADY_LICENSE_URL;
  if (env.OTTKIT_FAIRPLAY_LICENSE_URL) out['com.apple.fps'] = env.OTTKIT_FAIRPLAY_LICENSE_URL;
  return out;
}

/** drmTypes the origin itself serves; any other names a commercial system the operator configures. */
const OWN_PROTECTION = new Set(['', 'none', 'aes-128', 'clearkey']);

const manifests = new Map<string, MediaLibrary | undefined>();

/** The prepared library of this data folder (read once), for the renditions' quality codes. */
function libraryOf(ctx: RequestContext, given: MediaLibrary | undefined): MediaLibrary | undefined {
  if (given) return given;
  const dir = join(ctx.config.dataDir, 'media');
  if (!manifests.has(dir)) manifests.set(dir, readManifest(dir));
  return manifests.get(dir);
}

function qualities(library: MediaLibrary | undefined, source: string): number[] {
  const s = library?.sources[source.replace(/-(aes|cenc)$/, '')];
  if (s) return s.renditions.flatMap((r) => (r.qualityCode === undefined ? [] : [r.qualityCode]));
  return [QUALITY.LQ, QUALITY.SD, QUALITY.HD];
}

async function findChannel(ctx: RequestContext, id: string): Promise<StoredChannel> {
  const c = (await listChannels.now(ctx.db)).find((x) => x.logicalChannelId === id);
  // A channel hidden from this viewer by its access rules is as absent as an unknown one.
  if (!c || !channelVisible(c.contentRuleList, await viewerOf(ctx, ctx.now()))) {
    throw new HttpError(ErrCode.CHANNEL_NOT_FOUND, `No channel '${id}'`);
  }
  return c;
}

type OnAir = (at: number) => ReturnType<typeof programOnAir>;

/**
 * The programme on air on the channel's guide at a moment (the guide generated first where a day is missing,
 * decision 0051), asked once a call: a live play needs it for the profile's rating and for the time-shift start.
 */
function onAirOf(ctx: RequestContext, channel: StoredChannel): OnAir {
  const asked = new Map<number, ReturnType<typeof programOnAir>>();
  return (at) => {
    const { epgId } = channel;
    if (!epgId) return Promise.resolve(undefined);
    let answer = asked.get(at);
    if (!answer) {
      answer = ensureGuideNow(ctx.db, [epgId], ctx.now()).then(() => programOnAir(ctx.db, epgId, at));
      asked.set(at, answer);
    }
    return answer;
  };
}

/**
 * Where a time-shift playlist starts: the asked start, else the start of the programme on air in the server's
 * guide; never before the DVR window (the token is bound to it, so a live viewer opens one programme, not 4 h).
 */
async function timeshiftStart(onAir: OnAir, asked: number | undefined, now: number) {
  let start = asked;
  if (start === undefined) start = (await onAir(now))?.start;
  if (start === undefined || start > now) return undefined;
  return Math.max(start, now - DEFAULT_DVR_WINDOW_SEC * 1000);
}

/**
 * `channelPlaySource`: decides with the authority rules of spec §4 what the caller may play and hands out
 * the signed URL. No live authority → the fallback clip (authorized false); no catch-up authority → a
 * no-authority error; a programme outside the catch-up window → a playback error.
 */
export function playbackRoutes(options: PlaybackRouteOptions = {}): Route[] {
  const servers = options.licenseServers ?? licenseServersFromEnv();
  /** The commercial licence servers and the Safari stream's URL, for channels that have them. */
  const multiDrm = (drmType: string, safari: string | undefined, safariUrl: (id: string) => string) => ({
    ...(safari ? { safariUrl: safariUrl(safari) } : {}),
    ...(!OWN_PROTECTION.has(drmType) && Object.keys(servers).length ? { licenseServers: servers } : {}),
  });
  return [
    route(channelPlaySource, async (ctx, req) => {
      const now = ctx.now();
      const channel = await findChannel(ctx, req.logicalChannelId);
      const onAir = onAirOf(ctx, channel);
      await assertProgrammeAllowed(
        ctx,
        channel,
        onAir,
        req.mode === 'live' ? now : (req.start ?? now),
        req.parentalPin,
      );
      const accountId = ctx.session?.accountId ?? '';
      const sessionId = ctx.session?.sessionId;
      // The play each URL is for, as the players report it: the origin counts the plays it serves (0389).
      const sourceId = channel.logicalChannelId;
      // One life for every kind: the players renew the URLs while they play (decision 0100).
      const ttlSec = options.ttlSec ?? (await mediaTokenTtlSec(ctx.db));
      const access = await channelAccess(ctx.db, channel, ctx.session, now);
      const physical = channel.physicalChannelList[0];
      const liveStreamId = physical?.liveStreamId ?? channel.liveStreamId;
      const dvrStreamId = physical?.dvrStreamId || liveStreamId;
      const drmType = physical?.drmType ?? channel.drmType;
      const urls = createMediaUrls(ctx.config.secret, ctx.now);
      const base = {
        mode: req.mode,
        channelType: channel.channelType,
        expiresAt: now + ttlSec * 1000,
      };
      if (req.mode === 'catchup') {
        if (!offersCatchup(channel))
          throw new HttpError(PlaybackErrCode.CATCHUP_NOT_OFFERED, 'This channel has no catch-up');
        if (!access.catchup)
          throw new HttpError(ErrCode.NO_AUTHORITY_FIRST, 'No authority: catch-up needs a subscription');
        const p = { start: req.start ?? -1, stop: req.stop ?? -1 };
        const cut = cutCatchup(p, now, 2, channel.playbackDuration);
        if (!cut.ok) {
          const code =
            cut.reason === 'not-started'
              ? PlaybackErrCode.CATCHUP_NOT_STARTED
              : PlaybackErrCode.CATCHUP_OUT_OF_WINDOW;
          throw new HttpError(code, `This programme cannot be played back (${cut.reason})`);
        }
        const catchupUrl = (liveStreamId: string) =>
          urls.catchup({
            liveStreamId,
            accountId,
            sessionId,
            sourceId,
            start: p.start,
            stop: p.stop,
            ttlSec,
          });
        const url = catchupUrl(dvrStreamId);
        const resource = `catchup/${dvrStreamId}/${p.start}-${p.stop}`;
        return {
          ...base,
          url,
          authorized: true,
          ...drm(ctx, drmType, resource, 'catchup', accountId, sessionId, ttlSec, sourceId),
          ...multiDrm(drmType, physical?.multiDrmDvrStreamIdMap.safari, catchupUrl),
          mediaQualityList: qualities(libraryOf(ctx, options.library), dvrStreamId),
        };
      }
      if (!access.live) {
        return {
          ...base,
          url: urls.fallback({ accountId, sessionId, sourceId, ttlSec }),
          authorized: false,
          drmType: 'none',
          mediaQualityList: qualities(libraryOf(ctx, options.library), 'fallback'),
        };
      }
      // Live answers carry the time-shift playlist of the programme on air too (its own token kind), so the
      // player can go back in it; a time-shift request gets that playlist as its url.
      const startMs = await timeshiftStart(onAir, req.start, now);
      const dvr = (liveStreamId: string) =>
        urls.dvr({ liveStreamId, accountId, sessionId, sourceId, startMs, ttlSec });
      const timeshiftUrl = startMs === undefined && req.mode === 'live' ? undefined : dvr(dvrStreamId);
      const url =
        req.mode === 'timeshift'
          ? dvr(dvrStreamId)
          : urls.live({ liveStreamId, accountId, sessionId, sourceId, ttlSec });
      const id = req.mode === 'timeshift' ? dvrStreamId : liveStreamId;
      return {
        ...base,
        url,
        ...(timeshiftUrl ? { timeshiftUrl, ...(startMs ? { timeshiftStart: startMs } : {}) } : {}),
        authorized: true,
        ...(req.mode === 'timeshift'
          ? drm(
              ctx,
              drmType,
              timeshiftResource(id, startMs),
              'timeshift',
              accountId,
              sessionId,
              ttlSec,
              sourceId,
            )
          : drm(ctx, drmType, `live/${id}`, 'live', accountId, sessionId, ttlSec, sourceId)),
        ...(req.mode === 'timeshift'
          ? multiDrm(drmType, physical?.multiDrmDvrStreamIdMap.safari, dvr)
          : multiDrm(drmType, physical?.multiDrmLiveStreamIdMap.safari, (s) =>
              urls.live({ liveStreamId: s, accountId, sessionId, sourceId, ttlSec }),
            )),
        mediaQualityList: qualities(libraryOf(ctx, options.library), id),
      };
    }),
  ];
}

/**
 * A profile with a maximum rating may not play a programme rated above it (issue 20 §2), unless the parental
 * PIN is sent for this play: the programme on air (live, time-shift from its start) or the one asked (catch-up).
 */
async function assertProgrammeAllowed(
  ctx: RequestContext,
  channel: StoredChannel,
  onAir: OnAir,
  at: number,
  pin: string | undefined,
): Promise<void> {
  const profile = await profileOfSession(ctx);
  if (!profile || !channel.epgId) return;
  const rating = ageRatingOf((await onAir(at))?.rating);
  await assertRatingAllowed(ctx.db, profile, rating, pin, ctx.now());
}

/** For a ClearKey channel, the licence URL carries the stream's own token (the same resource, session and play). */
function drm(
  ctx: RequestContext,
  drmType: string,
  resource: string,
  kind: MediaKind,
  accountId: string,
  sessionId: string | undefined,
  ttlSec: number,
  sourceId: string,
) {
  if (drmType !== 'clearkey') return { drmType: drmType || 'none' };
  const exp = Math.floor(ctx.now() / 1000) + ttlSec;
  const claims = { accountId, resource, kind, exp, ...(sessionId ? { sessionId } : {}), sourceId };
  const token = signMediaToken(ctx.config.secret, claims);
  return { drmType, licenseUrl: `${DRM_LICENSE_PATH}?token=${token}` };
}
