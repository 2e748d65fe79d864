import type { ChannelColumn } from '@ottkit/api-client/contract';
import type { NewChannel } from '../store/channels.ts';

/** A fixed instant, so the seeded data is the same on every machine. 2026-01-01T00:00:00Z. */
export const SEED_TIME = Date.UTC(2026, 0, 1);

/** Subscription products that grant the seeded channels (spec §3 subscriptionList.productId). */
export const PRODUCT_LIVE_BASIC = 'live-basic';
export const PRODUCT_LIVE_SPORTS = 'live-sports';

export const seedColumns: ChannelColumn[] = [
  { columnId: 'col-news', columnName: 'News', columnSeq: 1 },
  { columnId: 'col-sports', columnName: 'Sports', columnSeq: 2 },
  { columnId: 'col-kids', columnName: 'Kids', columnSeq: 3 },
  { columnId: 'col-entertainment', columnName: 'Entertainment', columnSeq: 4 },
  { columnId: 'col-radio', columnName: 'Radio', columnSeq: 5 },
];

interface SeedChannelSpec {
  name: string;
  columns: string[];
  /** The media helper's live source (`/media/live/<liveStreamId>/...`). */
  liveStreamId: string;
  audio?: boolean;
  productId?: string;
}

const specs: SeedChannelSpec[] = [
  { name: 'OTT News 24', columns: ['col-news'], liveStreamId: 'ch1' },
  { name: 'World Sports', columns: ['col-sports'], liveStreamId: 'ch2', productId: PRODUCT_LIVE_SPORTS },
  { name: 'Kids Planet', columns: ['col-kids', 'col-entertainment'], liveStreamId: 'ch3' },
  { name: 'Cinema One', columns: ['col-entertainment'], liveStreamId: 'ch1' },
  { name: 'Nature & Science', columns: ['col-entertainment', 'col-news'], liveStreamId: 'ch2' },
  { name: 'Business Today', columns: ['col-news'], liveStreamId: 'ch3' },
  { name: 'Sports Extra', columns: ['col-sports'], liveStreamId: 'ch1', productId: PRODUCT_LIVE_SPORTS },
  { name: 'Radio Jazz', columns: ['col-radio'], liveStreamId: 'audio1', audio: true },
];

/** The seeded line-up: lc-001… in channel-number order, video channels cycling the sources ch1-ch3. */
export const seedChannels: NewChannel[] = specs.map((s, i) => {
  const n = String(i + 1).padStart(3, '0');
  const id = `lc-${n}`;
  const logo = `/media/logo/${id}.svg`;
  return {
    logicalChannelId: id,
    logicalChannelName: s.name,
    channelSeq: i + 1,
    channelId: `pc-${n}`,
    // 5 = audio (spec §3); 1 = ordinary video channel.
    channelType: s.audio ? 5 : 1,
    sourceType: s.audio ? 5 : 1,
    iconUrl: logo,
    canPlayBack: !s.audio,
    playbackDuration: s.audio ? 0 : 7,
    epgId: `epg-${id}`,
    audioPosterList: s.audio ? [{ url: logo }] : [],
    liveStreamId: s.liveStreamId,
    drmType: 'none',
    productId: s.productId ?? PRODUCT_LIVE_BASIC,
    updatedAt: SEED_TIME,
    columnIds: s.columns,
    contentRuleList: [],
    physicalChannelList: [
      {
        channelId: `pc-${n}`,
        liveStreamId: s.liveStreamId,
        dvrStreamId: s.liveStreamId,
        streamId: s.liveStreamId,
        contentId: `content-${id}`,
        dvrContentId: `dvr-content-${id}`,
        drmType: 'none',
        resolution: s.audio ? 'audio' : '720p',
        multiDrmLiveStreamIdMap: {},
        multiDrmDvrStreamIdMap: {},
      },
    ],
  };
});
