import { drawnLogoUrl } from '../media/logoPaths.ts';
import type { Channel, ChannelColumn } from '@ottkit/api-client/contract';
import { FREE_PRODUCT_ID } from '../domain/authority.ts';
import type { NewChannel } from '../store/channels.ts';

/** A fixed instant, so the seeded data is the same on every machine. 2026-01-01T00:00:00Z. */
export const SEED_TIME = Date.UTC(2026, 0, 1);

/** Subscription products that grant the seeded channels (spec §3 subscriptionList.productId). */
export const PRODUCT_FREE = FREE_PRODUCT_ID;
export const PRODUCT_LIVE_BASIC = 'live-basic';
/** The premium product: sports channels. */
export const PRODUCT_LIVE_SPORTS = 'live-sports';

/** The broadcast (national) channel and when it opens (decision 0050): 2026-06-01T18:00:00Z. */
export const BROADCAST_CHANNEL_ID = 'lc-009';
export const BROADCAST_OPENS_AT = Date.UTC(2026, 5, 1, 18);

export const seedColumns: ChannelColumn[] = [
  { columnId: 'col-news', columnName: 'News', columnSeq: 1 },
  { columnId: 'col-sports', columnName: 'Sports', columnSeq: 2 },
  { columnId: 'col-kids', columnName: 'Kids', columnSeq: 3 },
  { columnId: 'col-entertainment', columnName: 'Entertainment', columnSeq: 4 },
  { columnId: 'col-radio', columnName: 'Radio', columnSeq: 5 },
  { columnId: 'col-docs', columnName: 'Documentary', columnSeq: 6 },
];

type Rights = 'free' | 'basic' | 'premium';

interface SeedChannelSpec {
  name: string;
  columns: string[];
  rights: Rights;
  /** Catch-up window in days; 0 = no catch-up. */
  days: 0 | 1 | 3 | 7;
  audio?: boolean;
  rules?: Channel['contentRuleList'];
  /** Protected delivery by the origin itself (issue 4): AES-128 HLS or ClearKey CENC of the same source. */
  protection?: Protection;
}

type Protection = 'aes-128' | 'clearkey';
/** The origin serves `<source>-aes` and `<source>-cenc` streams of every source (server README, Media). */
const STREAM_SUFFIX: Record<Protection, string> = { 'aes-128': '-aes', clearkey: '-cenc' };

const ch = (
  name: string,
  columns: string[],
  rights: Rights,
  days: 0 | 1 | 3 | 7,
  extra: Partial<SeedChannelSpec> = {},
): SeedChannelSpec => ({ name, columns, rights, days, ...extra });
const radio = (name: string, rights: Rights = 'free') => ch(name, ['col-radio'], rights, 0, { audio: true });

/** Near home only: a region allow-list, opened to private and loopback addresses by an except rule. */
const latinRules: Channel['contentRuleList'] = [
  { ruleCategory: 'basic', action: 'allow', ruleType: 'region', ruleValue: 'BR,AR,MX,CL,CO,PE,UY' },
  { ruleCategory: 'except', action: 'allow', ruleType: 'ip', ruleValue: '127.*.*.*,10.*.*.*,192.168.*.*' },
];

const specs: SeedChannelSpec[] = [
  ch('OTT News 24', ['col-news'], 'free', 7),
  ch('World Sports', ['col-sports'], 'premium', 7),
  ch('Kids Planet', ['col-kids', 'col-entertainment'], 'basic', 7),
  ch('Cinema One', ['col-entertainment'], 'basic', 7),
  ch('Nature & Science', ['col-docs', 'col-news'], 'basic', 3),
  ch('Business Today', ['col-news'], 'basic', 1),
  ch('Sports Extra', ['col-sports'], 'premium', 3),
  radio('Radio Jazz'),
  ch('National TV', ['col-news', 'col-entertainment'], 'free', 1),
  ch('Global News', ['col-news'], 'basic', 7),
  ch('Football Plus', ['col-sports'], 'premium', 7),
  ch('Cartoon Land', ['col-kids'], 'free', 3),
  ch('Cinema Two', ['col-entertainment'], 'basic', 3),
  ch('History Vision', ['col-docs'], 'basic', 7),
  radio('Radio Pop'),
  ch('Metro Local', ['col-news'], 'free', 0),
  ch('Tennis Channel', ['col-sports'], 'premium', 1),
  ch('Junior Club', ['col-kids'], 'basic', 1),
  ch('Series Max', ['col-entertainment'], 'basic', 7),
  // A free AES-128 channel (source ch3), with catch-up.
  ch('Planet Earth HD', ['col-docs'], 'free', 3, { protection: 'aes-128' }),
  radio('Radio Classic', 'basic'),
  ch('Parliament Live', ['col-news'], 'free', 1),
  ch('Motor TV', ['col-sports'], 'premium', 0),
  ch('Tiny Toons TV', ['col-kids'], 'basic', 3),
  ch('Comedy Hub', ['col-entertainment'], 'basic', 1),
  ch('Tech World', ['col-docs'], 'basic', 0),
  radio('Radio News'),
  ch('News en Español', ['col-news'], 'basic', 3),
  ch('Latin Sports', ['col-sports'], 'basic', 7, { rules: latinRules }),
  ch('Learn & Play', ['col-kids', 'col-docs'], 'free', 7),
  ch('Drama House', ['col-entertainment'], 'basic', 3),
  ch('Wildlife 4K', ['col-docs'], 'premium', 7),
  radio('Radio Latino'),
  ch('Notícias Brasil', ['col-news'], 'basic', 0),
  ch('Golf & Co', ['col-sports'], 'premium', 3),
  ch('Kids Songs', ['col-kids'], 'free', 1),
  // A free ClearKey channel (source ch2), with catch-up: browsers play it through EME and the licence endpoint.
  ch('Food & Travel', ['col-entertainment'], 'free', 7, { protection: 'clearkey' }),
  ch('Science Kids', ['col-kids', 'col-docs'], 'basic', 3),
  radio('Lounge FM', 'basic'),
  ch('Weather 24', ['col-news'], 'free', 0),
  ch('Esports Arena', ['col-sports'], 'basic', 1),
  ch('Reality Now', ['col-entertainment'], 'basic', 0),
  ch('Classic Movies', ['col-entertainment'], 'premium', 7),
  ch('Music Videos', ['col-entertainment'], 'free', 1),
  ch('Hotel Channel', ['col-entertainment'], 'free', 0, {
    rules: [{ ruleCategory: 'basic', action: 'deny', ruleType: 'region', ruleValue: 'KP' }],
  }),
];

const PRODUCTS: Record<Rights, string> = {
  free: PRODUCT_FREE,
  basic: PRODUCT_LIVE_BASIC,
  premium: PRODUCT_LIVE_SPORTS,
};

const VIDEO_SOURCES = ['ch1', 'ch2', 'ch3'];

/** Builds a seed channel: lc-NNN, physical pc-NNN, a drawn logo (decision 0354), guide `epg-<id>`. */
export function makeChannel(seq: number, s: SeedChannelSpec, videoIndex: number, prefix = 'lc'): NewChannel {
  const n = String(seq).padStart(3, '0');
  const id = `${prefix}-${n}`;
  const logo = drawnLogoUrl(id);
  const source = s.audio ? 'audio1' : (VIDEO_SOURCES[videoIndex % VIDEO_SOURCES.length] as string);
  const liveStreamId = s.protection ? `${source}${STREAM_SUFFIX[s.protection]}` : source;
  const drmType = s.protection ?? 'none';
  // Safari plays through native HLS, which has no ClearKey: its entry is the AES-128 stream of the same source.
  const safari = s.protection === 'clearkey' ? `${source}${STREAM_SUFFIX['aes-128']}` : liveStreamId;
  const pc = `${prefix === 'lc' ? 'pc' : `${prefix}pc`}-${n}`;
  return {
    logicalChannelId: id,
    logicalChannelName: s.name,
    channelSeq: seq,
    channelId: pc,
    // 5 = audio (spec §3); 1 = ordinary video channel.
    channelType: s.audio ? 5 : 1,
    sourceType: s.audio ? 5 : 1,
    iconUrl: logo,
    canPlayBack: s.days > 0,
    playbackDuration: s.days,
    epgId: `epg-${id}`,
    audioPosterList: s.audio ? [{ url: logo }] : [],
    liveStreamId,
    drmType,
    productId: PRODUCTS[s.rights],
    updatedAt: SEED_TIME,
    columnIds: s.columns,
    contentRuleList: s.rules ?? [],
    physicalChannelList: [
      {
        channelId: pc,
        liveStreamId,
        dvrStreamId: liveStreamId,
        streamId: liveStreamId,
        contentId: `content-${id}`,
        dvrContentId: `dvr-content-${id}`,
        drmType,
        resolution: s.audio ? 'audio' : '720p',
        // Spec §3: each map has a safari entry (Safari plays the same CMAF stream through native HLS).
        multiDrmLiveStreamIdMap: { safari },
        multiDrmDvrStreamIdMap: { safari },
      },
    ],
  };
}

function build(list: SeedChannelSpec[], prefix = 'lc'): NewChannel[] {
  let video = 0;
  return list.map((s, i) => makeChannel(i + 1, s, s.audio ? 0 : video++, prefix));
}

/**
 * The seeded line-up: lc-001… in channel-number order, video channels cycling the sources ch1-ch3;
 * lc-020 is AES-128 (`ch3-aes`), lc-037 ClearKey (`ch2-cenc`).
 */
export const seedChannels: NewChannel[] = build(specs);

/** The operator's hand-picked home row (home manual recommend). */
export const seedHomeRecommends = ['lc-001', 'lc-009', 'lc-002', 'lc-004', 'lc-012', 'lc-020', 'lc-008'];

/**
 * A synthetic line-up for benchmarks: `count` channels `bc-001`… spread over the seeded columns and rights,
 * deterministic like the rest of the seed.
 */
export function syntheticLineup(count: number): NewChannel[] {
  const cols = ['col-news', 'col-sports', 'col-kids', 'col-entertainment', 'col-docs', 'col-radio'];
  const rights: Rights[] = ['free', 'basic', 'basic', 'premium'];
  const days: Array<0 | 1 | 3 | 7> = [7, 3, 1, 7, 0];
  const list: SeedChannelSpec[] = [];
  for (let i = 0; i < count; i++) {
    const col = cols[i % cols.length] as string;
    const audio = col === 'col-radio';
    list.push(
      ch(
        `Bench ${i + 1}`,
        [col],
        rights[i % rights.length] as Rights,
        audio ? 0 : (days[i % days.length] ?? 7),
        {
          audio,
        },
      ),
    );
  }
  return build(list, 'bc');
}
