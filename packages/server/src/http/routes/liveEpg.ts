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
import { channelByAnyId } from '../../store/channels.ts';
import { programsById, storedDaysNow } from '../../store/epg.ts';
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
    epgId = (await channelByAnyId(ctx.db, req.channelId))?.epgId;
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
  const stored = await storedDaysNow(ctx.db, days[0] as string, days[days.length - 1] as string, ids);
  const checksumList = stored.map((r) => ({ epgId: r.epg_id, date: r.day, checksum: r.checksum }));
  return { checksumList };
});

export const epgMultilingualRoute = route(epgMultilingualQuery, async (ctx, req) => {
  const found = await programsById(ctx.db, [...new Set(req.programIdList)]);
  return { programList: found.map((p) => ({ programId: p.programId, multilingualList: p.texts })) };
});

export const liveEpgRoutes = [epgQueryRoute, epgQueryV2Route, epgChecksumRoute, epgMultilingualRoute];
