import { drawnLogoUrl } from '../media/logoPaths.ts';
import type { NewChannel } from './channels.ts';

/**
 * A channel fed by a stream of its own id (an imported channel's upstream, or a live source an operator adds in
 * the console): an ordinary video channel without catch-up (recording it needs ottkit's origin, issue 17) and
 * without DRM. Its guide is `epg-<id>`.
 */
export function ownStreamChannel(
  id: string,
  c: {
    name: string;
    seq: number;
    productId: string;
    iconUrl: string | undefined;
    columnIds: string[];
    now: number;
  },
): NewChannel {
  return {
    logicalChannelId: id,
    logicalChannelName: c.name,
    channelSeq: c.seq,
    channelId: `${id}-pc`,
    channelType: 1,
    sourceType: 1,
    // A logo served by ottkit, else one drawn from name and number.
    iconUrl: c.iconUrl ?? drawnLogoUrl(id),
    canPlayBack: false,
    playbackDuration: 0,
    epgId: `epg-${id}`,
    liveStreamId: id,
    drmType: 'none',
    productId: c.productId,
    updatedAt: c.now,
    columnIds: c.columnIds,
    audioPosterList: [],
    contentRuleList: [],
    physicalChannelList: [
      {
        channelId: `${id}-pc`,
        liveStreamId: id,
        dvrStreamId: id,
        streamId: id,
        contentId: `content-${id}`,
        dvrContentId: `dvr-content-${id}`,
        drmType: 'none',
        resolution: '720p',
        multiDrmLiveStreamIdMap: { safari: id },
        multiDrmDvrStreamIdMap: { safari: id },
      },
    ],
  };
}
