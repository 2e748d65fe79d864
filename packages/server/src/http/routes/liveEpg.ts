import { epgChecksumQuery, epgMultilingualQuery, epgQuery, epgQueryV2, ErrCode } from '@ottkit/api-client';
import type { EpgProgram } from '@ottkit/api-client/contract';
import {
  dayRange,
  ensureGuideNow,
  epgSources,
  GUIDE_FUTURE_DAYS,
  type GuideDayText,
  GUIDE_PAST_DAYS,
  readGuideTexts,
} from '../../domain/epg.ts';
import { dayOf } from '../../guide/days.ts';
import { getProgram, storedDays } from '../../store/epg.ts';
import { JsonFragment } from '../jsonFragment.ts';
import { HttpError, route } from '../route.ts';
import { guideLang } from './liveContext.ts';

/** Guides whose programmes go out as the JSON text the guide cache keeps (not parsed, not serialised again). */
function asAnswer(guides: GuideDayText[]) {
  return guides.map(({ programsJson, ...g }) => ({
    ...g,
    programs: new JsonFragment(programsJson) as unknown as EpgProgram[],
  }));
}

/** The guide of one channel by epgId, or by channelId (a logicalChannelId or a physical channelId). */
export const epgQueryRoute = route(epgQuery, async (ctx, req) => {
  const now = ctx.now();
  let epgId = req.epgId;
  if (epgId === undefined && req.channelId !== undefined) {
    epgId = ctx.db.get<{ epg_id: string }>(
      `SELECT c.epg_id FROM channels c WHERE c.logical_channel_id = ?
       UNION SELECT c.epg_id FROM channels c JOIN physical_channels p ON p.logical_channel_id = c.logical_channel_id
       WHERE p.channel_id = ?`,
      req.channelId,
      req.channelId,
    )?.epg_id;
    if (epgId === undefined) throw new HttpError(ErrCode.CHANNEL_NOT_FOUND, `No channel ${req.channelId}`);
  }
  const id = epgId as string;
  await ensureGuideNow(ctx.db, [id], now);
  const days = dayRange(req.date ?? dayOf(now), req.pastDays ?? 0, req.futureDays ?? 0);
  return { epgList: asAnswer(await readGuideTexts(ctx.db, [id], days, guideLang(ctx, req.lang))) };
});

export const epgQueryV2Route = route(epgQueryV2, async (ctx, req) => {
  const ids = [...new Set(req.epgIdList)];
  await ensureGuideNow(ctx.db, ids, ctx.now());
  return {
    epgList: asAnswer(
      await readGuideTexts(ctx.db, ids, [req.date], guideLang(ctx, req.lang), req.withMultilingual ?? false),
    ),
  };
});

export const epgChecksumRoute = route(epgChecksumQuery, async (ctx, req) => {
  const now = ctx.now();
  const ids = req.epgIdList ? [...new Set(req.epgIdList)] : [...(await epgSources.now(ctx.db)).keys()];
  await ensureGuideNow(ctx.db, ids, now);
  const days = dayRange(
    req.date ?? dayOf(now),
    req.pastDays ?? GUIDE_PAST_DAYS,
    req.futureDays ?? GUIDE_FUTURE_DAYS,
  );
  const checksumList = storedDays(ctx.db, days[0] as string, days[days.length - 1] as string, ids).map(
    (r) => ({ epgId: r.epg_id, date: r.day, checksum: r.checksum }),
  );
  return { checksumList };
});

export const epgMultilingualRoute = route(epgMultilingualQuery, (ctx, req) => {
  const programList = [];
  for (const id of new Set(req.programIdList)) {
    const p = getProgram(ctx.db, id);
    if (p) programList.push({ programId: p.programId, multilingualList: p.texts });
  }
  return { programList };
});

export const liveEpgRoutes = [epgQueryRoute, epgQueryV2Route, epgChecksumRoute, epgMultilingualRoute];
