import type { Session } from './sessions.ts';
import { listChannels, type StoredChannel } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import { keptBroadcastTimes } from '../store/live.ts';
import { settingsNow } from '../store/settings.ts';
import { type Viewer, channelVisible } from './accessRules.ts';
import { type Au, accessFromAu, type ChannelAccess, channelAu, grantsOf } from './authority.ts';

/** One channel as one viewer sees it: its authority entries and what they allow. */
export interface ViewerChannel {
  channel: StoredChannel;
  au: [Au, Au];
  access: ChannelAccess;
  /** Broadcast channel only. */
  broadcastOpensAt?: number;
}

/** Layout config hide_unsubscribe_channel (spec §3), stored by the app configuration. */
export async function hideUnsubscribed(db: Db): Promise<boolean> {
  return (await settingsNow(db)).get('layout.hide_unsubscribe_channel') === 'true';
}

/**
 * The line-up a viewer may see, in channel order: channels their access rules hide are left out, and so are
 * channels without live authority when the operator hides unsubscribed channels (spec §4 channel access).
 */
export async function viewerLineup(
  db: Db,
  session: Session | null,
  viewer: Viewer,
  now: number,
): Promise<ViewerChannel[]> {
  // What is kept per version (decision 0410) and the viewer's subscriptions, asked at once.
  const [grants, broadcasts, hide, channels] = await Promise.all([
    grantsOf(db, session),
    keptBroadcastTimes.now(db),
    hideUnsubscribed(db),
    listChannels.now(db),
  ]);
  const out: ViewerChannel[] = [];
  for (const channel of channels) {
    if (!channelVisible(channel.contentRuleList, viewer)) continue;
    const broadcastOpensAt = broadcasts.get(channel.logicalChannelId);
    const au = channelAu({ ...channel, broadcastOpensAt }, grants, now);
    const access = accessFromAu(au, now);
    // A broadcast channel that has not opened yet is not "unsubscribed": it stays listed.
    if (hide && !access.live && broadcastOpensAt === undefined) continue;
    out.push(
      broadcastOpensAt === undefined ? { channel, au, access } : { channel, au, access, broadcastOpensAt },
    );
  }
  return out;
}
