import { ErrCode } from '@ottkit/api-client';
import {
  type LiveChannelView,
  type LivePlayback,
  type LiveSourceHealth,
  liveChannels,
  liveHealthHistory,
  liveSourcesSet,
  liveSourceSwitch,
  liveSourceTest,
  OperatorErrCode,
} from '@ottkit/api-client/contract';
import { upstreamAllowSetting } from '../../domain/appConfig.ts';
import { liveFfmpegPath } from '../../live/ffmpegRun.ts';
import { HEALTH_BUCKET_MS, healthHistory } from '../../live/healthHistory.ts';
import { probeInput, takeProbeSlot } from '../../live/probeInput.ts';
import { recordAuditNow } from '../../operator/audit.ts';
import { supervisorFor } from '../../live/registry.ts';
import { liveMediaDir, parseSourceUrl, SourceUrlError } from '../../live/sourceUrl.ts';
import {
  type ChannelSource,
  channelExists,
  channelSettings,
  channelSources,
  listLiveChannels,
  requestOnAir,
  saveLiveChannel,
} from '../../live/store.ts';
import { clusterLiveStatus, serverOfOwner } from '../../live/clusterStatus.ts';
import { liveErrorCode } from '../../live/errorCode.ts';
import type { LiveChannelStatus } from '../../live/liveStatus.ts';
import { sharedStateOf } from '../../shared/sharedState.ts';
import { channelPlayback } from '../../store/channelPlayback.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor } from './operator.ts';
import { maskSecrets } from '../../upstream/maskSecrets.ts';

/**
 * Health of these channels for the cluster (decision 0317): the view of the process that packages each one (this
 * process's supervisor live, the others' status files), with which process that is and since when.
 */
async function liveStatus(
  ctx: RequestContext,
  ids: string[],
): Promise<(id: string) => LiveChannelStatus | undefined> {
  const sup = supervisorFor(ctx.config.dataDir);
  const now = ctx.now();
  const own = sup && {
    at: now,
    owner: sup.owner,
    channels: ids.flatMap((id) => sup.channelStatus(id) ?? []),
  };
  const list = await clusterLiveStatus({
    dataDir: ctx.config.dataDir,
    now,
    shared: sharedStateOf(ctx.db),
    ...(own ? { own } : {}),
    ids,
  });
  const byId = new Map(list.map((c) => [c.logicalChannelId, c]));
  return (id) => byId.get(id);
}

/** The URL as operators see it (passwords masked), and whether the rules refuse it (the reason is the save's). */
function shown(ctx: RequestContext, url: string): { display: string; invalid: boolean } {
  try {
    return { display: parseSourceUrl(url, liveMediaDir(ctx.config.dataDir)).display, invalid: false };
  } catch {
    return { display: maskSecrets(url), invalid: true };
  }
}

/** A URL sent back as shown (the console shows no password): the channel's stored URL it stands for, else itself. */
function storedUrl(ctx: RequestContext, stored: ChannelSource[], sent: string): string {
  return stored.find((s) => shown(ctx, s.url).display === sent)?.url ?? sent;
}

/** The source URL parsed for ffmpeg, or the rules' refusal in words as a client error (`which` names it). */
function parsedOrRefused(ctx: RequestContext, url: string, which = '') {
  try {
    return parseSourceUrl(url, liveMediaDir(ctx.config.dataDir));
  } catch (e) {
    if (!(e instanceof SourceUrlError)) throw e;
    throw new HttpError(ErrCode.INVALID_REQUEST, `${which}${e.message}`);
  }
}

function view(
  ctx: RequestContext,
  channelId: string,
  name: string,
  sources: ChannelSource[],
  settings: Pick<LiveChannelView, 'mode' | 'retentionDays' | 'video'>,
  status: LiveChannelStatus | undefined,
  playback: LivePlayback | undefined,
): LiveChannelView {
  const health = sources.map((s): LiveSourceHealth => {
    const { display, invalid } = shown(ctx, s.url);
    // The supervisor's health while it runs the same list; else what the store says.
    const h = status?.sources.find((x) => x.position === s.position && x.url === display);
    return {
      position: s.position,
      url: display,
      origin: s.origin,
      state: h?.state ?? (invalid ? 'failed' : 'idle'),
      bitrate: h?.bitrate ?? 0,
      ...(h?.videoCodec ? { videoCodec: h.videoCodec } : {}),
      ...(h?.audioCodec ? { audioCodec: h.audioCodec } : {}),
      ...(h?.resolution ? { resolution: h.resolution } : {}),
      // A stored URL the rules refuse says so; else the run's failure, as a code (decision 0370).
      ...(invalid
        ? { lastError: 'address' as const }
        : h?.lastError
          ? { lastError: liveErrorCode(h.lastError) }
          : {}),
      ...(h?.lastErrorAt ? { lastErrorAt: h.lastErrorAt } : {}),
      ...(h?.downSince && h.state !== 'live' ? { downSince: h.downSince } : {}),
    };
  });
  return {
    channelId,
    name,
    ...settings,
    running: status?.running ?? false,
    ...(status?.activeSource ? { activeSource: status.activeSource } : {}),
    ...(status?.askedSource ? { askedSource: status.askedSource } : {}),
    viewers: status?.viewers ?? 0,
    playback: playback ?? { latency: null, startup: null, channelChange: null },
    switches24h: status?.switches24h ?? 0,
    diskBytes: status?.diskBytes ?? 0,
    ...(status?.diskFull ? { diskFull: true } : {}),
    sources: health,
    ...(status?.packager
      ? { packager: { server: serverOfOwner(status.packager.owner), since: status.packager.since } }
      : {}),
  };
}

/** A channel's view for the console; not found when the line-up has no such channel. */
async function oneChannel(ctx: RequestContext, channelId: string): Promise<LiveChannelView> {
  const [row, sources, settings, status, playback] = await Promise.all([
    ctx.db.kysely
      .selectFrom('channels')
      .select('logical_channel_name')
      .where('logical_channel_id', '=', channelId)
      .executeTakeFirst(),
    channelSources(ctx.db, channelId),
    channelSettings(ctx.db, channelId),
    liveStatus(ctx, [channelId]),
    channelPlayback(ctx.db, [channelId], ctx.now()),
  ]);
  if (!row) throw new HttpError(OperatorErrCode.NOT_FOUND, `No channel '${channelId}'`);
  return view(
    ctx,
    channelId,
    row.logical_channel_name,
    sources,
    settings,
    status(channelId),
    playback.get(channelId),
  );
}

/** A change as the audit log keeps it: the sources masked like the console shows them. */
const auditOf = (v: LiveChannelView) => ({
  sources: v.sources.map((s) => s.url),
  mode: v.mode,
  retentionDays: v.retentionDays,
  video: v.video,
});

/** Issue 17's live sources over operator calls (decision 0255), on the CLI's store code. */
export const operatorLiveRoutes = [
  route(liveChannels, async (ctx, req) => {
    if (req.channelId) return { channels: [await oneChannel(ctx, req.channelId)], total: 1 };
    const all = await listLiveChannels(ctx.db);
    const offset = req.offset ?? 0;
    const page = all.slice(offset, offset + (req.limit ?? 100));
    // The page's names and players' figures only: a line-up has thousands of channels.
    const ids = page.map((c) => c.logicalChannelId);
    const [status, named, playback] = await Promise.all([
      liveStatus(ctx, ids),
      ids.length === 0
        ? []
        : ctx.db.kysely
            .selectFrom('channels')
            .select(['logical_channel_id', 'logical_channel_name'])
            .where('logical_channel_id', 'in', ids)
            .execute(),
      channelPlayback(ctx.db, ids, ctx.now()),
    ]);
    const names = new Map(named.map((r) => [r.logical_channel_id, r.logical_channel_name]));
    return {
      total: all.length,
      // Each channel's mode as the list read it (a channel without a stored mode relays, and copies its video).
      channels: page.map((c) =>
        view(
          ctx,
          c.logicalChannelId,
          names.get(c.logicalChannelId) ?? c.logicalChannelId,
          c.sources,
          { mode: c.mode, retentionDays: c.retentionDays, video: c.video ?? 'copy' },
          status(c.logicalChannelId),
          playback.get(c.logicalChannelId),
        ),
      ),
    };
  }),
  route(liveSourcesSet, async (ctx, req) => {
    const id = req.channelId;
    const before = await oneChannel(ctx, id);
    const stored = await channelSources(ctx.db, id);
    const urls = req.sources.map((u) => storedUrl(ctx, stored, u));
    if (new Set(urls).size !== urls.length)
      throw new HttpError(ErrCode.INVALID_REQUEST, 'The same source is listed twice');
    for (const [i, url] of urls.entries()) parsedOrRefused(ctx, url, `Source ${i + 1}: `);
    // An imported channel's stream URL sent back unchanged stays the import's (a refresh keeps updating it).
    const unchanged =
      urls.length === stored.length &&
      urls.every((u, i) => stored[i]?.url === u && stored[i]?.origin === 'import');
    await saveLiveChannel(ctx.db, id, {
      ...(unchanged ? {} : { urls }),
      mode: req.mode,
      retentionDays: req.retentionDays ?? before.retentionDays,
      video: req.video ?? before.video,
    });
    // The running supervisor applies it now, not at its next read.
    await supervisorFor(ctx.config.dataDir)?.syncChannel(id);
    const after = await oneChannel(ctx, id);
    await recordAuditNow(
      ctx.db,
      actorFor(ctx),
      'live.sources.set',
      id,
      { before: auditOf(before), after: auditOf(after) },
      ctx.now(),
    );
    return { channel: after };
  }),
  route(liveSourceSwitch, async (ctx, req) => {
    const id = req.channelId;
    const before = await oneChannel(ctx, id);
    const source = (await channelSources(ctx.db, id))[req.position - 1];
    if (!source)
      throw new HttpError(
        ErrCode.INVALID_REQUEST,
        `${before.name} has ${before.sources.length} source${before.sources.length === 1 ? '' : 's'}: there is no source ${req.position}`,
      );
    await requestOnAir(ctx.db, id, source.url, ctx.now());
    // The supervisor of this process takes it now; the one that packages the channel, at its next read.
    await supervisorFor(ctx.config.dataDir)?.syncChannel(id);
    const shownUrl = before.sources[req.position - 1]?.url;
    await recordAuditNow(
      ctx.db,
      actorFor(ctx),
      'live.source.switch',
      id,
      { before: { activeSource: before.activeSource }, after: { position: req.position, source: shownUrl } },
      ctx.now(),
    );
    return { channel: await oneChannel(ctx, id) };
  }),
  route(liveHealthHistory, async (ctx, req) => {
    if (!(await channelExists(ctx.db, req.channelId)))
      throw new HttpError(OperatorErrCode.NOT_FOUND, `No channel '${req.channelId}'`);
    // This process's packager writes what it sampled first (another one's figures are at most 30 s old), and the
    // day is the packagers' day, as the switch count's.
    const now = (await supervisorFor(ctx.config.dataDir)?.flushHealth()) ?? ctx.now();
    return { bucketMs: HEALTH_BUCKET_MS, buckets: await healthHistory(ctx.db, req.channelId, now) };
  }),
  route(liveSourceTest, async (ctx, req) => {
    // A masked URL sent back from the channel's editor stands for the stored one, as on save.
    const stored = req.channelId ? await channelSources(ctx.db, req.channelId) : [];
    const input = parsedOrRefused(ctx, storedUrl(ctx, stored, req.url));
    const slot = takeProbeSlot();
    if (!slot)
      throw new HttpError(
        OperatorErrCode.PROBE_BUSY,
        'Other inputs are being tested: try again in a few seconds',
        429,
      );
    try {
      return await probeInput(input, {
        ffmpeg: liveFfmpegPath(),
        allow: await upstreamAllowSetting(ctx.db),
        // The server log, as the live supervisor writes it: the upstream's words, secrets masked.
        log: (line) => console.log(maskSecrets(line)),
      });
    } finally {
      slot.release();
    }
  }),
];
