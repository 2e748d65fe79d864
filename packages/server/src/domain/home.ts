import type { Session } from './sessions.ts';
import type { Db } from '../store/db.ts';
import { programsAtNow } from '../store/epg.ts';
import { playCounts } from '../store/liveUser.ts';
import { settingsNow } from '../store/settings.ts';
import type { Viewer } from './accessRules.ts';
import { ensureGuideNow } from './epg.ts';
import { viewerLineup } from './lineup.ts';

const WEEK_MS = 7 * 86_400_000;

/** Visible channels ranked by how many users watched them in the last 7 days, ties by channel number. */
export async function topChannelList(
  db: Db,
  session: Session | null,
  viewer: Viewer,
  now: number,
  size: number,
) {
  const [counts, lineup] = await Promise.all([
    playCounts(db, now - WEEK_MS),
    viewerLineup(db, session, viewer, now),
  ]);
  return lineup
    .map((v) => ({ c: v.channel, n: counts.get(v.channel.logicalChannelId) ?? 0 }))
    .sort((a, b) => b.n - a.n || a.c.channelSeq - b.c.channelSeq)
    .slice(0, size)
    .map(({ c, n }, i) => ({
      rank: i + 1,
      logicalChannelId: c.logicalChannelId,
      logicalChannelName: c.logicalChannelName,
      channelSeq: c.channelSeq,
      iconUrl: c.iconUrl,
      playCount: n,
    }));
}

/** The operator's home row: visible channels only, in the operator's order, with what is on now. */
export async function homeRecommendList(db: Db, session: Session | null, viewer: Viewer, now: number) {
  const [picks, visible] = await Promise.all([
    db.kysely.selectFrom('home_recommends').select(['seq', 'logical_channel_id']).orderBy('seq').execute(),
    viewerLineup(db, session, viewer, now),
  ]);
  const lineup = new Map(visible.map((v) => [v.channel.logicalChannelId, v]));
  const shown = picks.filter((p) => lineup.has(p.logical_channel_id));
  const epgIds = shown.map((p) => lineup.get(p.logical_channel_id)?.channel.epgId ?? '');
  await ensureGuideNow(db, epgIds, now);
  const onAir = await programsAtNow(db, now, epgIds);
  return shown.map((p) => {
    const v = lineup.get(p.logical_channel_id);
    const c = v?.channel;
    return {
      seq: p.seq,
      logicalChannelId: p.logical_channel_id,
      logicalChannelName: c?.logicalChannelName ?? '',
      channelSeq: c?.channelSeq ?? 0,
      iconUrl: c?.iconUrl ?? '',
      liveAuthority: v?.access.live ?? false,
      currentProgram: (c && onAir.get(c.epgId)) ?? null,
    };
  });
}

/** Tracker addresses of a type: operator setting `live.tracker.<type>`, a comma-separated list of URLs. */
export async function trackerAddresses(db: Db, trackerType: string) {
  const raw = (await settingsNow(db)).get(`live.tracker.${trackerType}`) ?? '';
  return raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .map((address) => ({ trackerType, address }));
}
