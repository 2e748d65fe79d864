import type { Route } from '../route.ts';
import { accountRoutes } from './account.ts';
import { appRoutes } from './app.ts';
import { bannerRoutes } from './banner.ts';
import { catchupRangeRoute } from './catchupRange.ts';
import { liveRoutes } from './live.ts';
import { memberSiteRoutes } from '../memberSite.ts';
import { messageRoutes } from './message.ts';
import { metricsRoutes } from './metrics.ts';
import { playbackRoutes } from './playback.ts';
import { scanRoutes } from './scan.ts';
import { vodRoutes } from './vod.ts';
import { operatorRoutes } from './operator.ts';
import { operatorLibraryRoutes } from './operatorLibraries.ts';
import { operatorSourceRoutes } from './operatorSources.ts';
import { operatorSubscriberRoutes } from './operatorSubscribers.ts';
import { operatorDashboardRoutes } from './operatorDashboard.ts';
import { operatorLineupRoutes } from './operatorLineup.ts';
import { operatorNoticeRoutes } from './operatorNotices.ts';
import { operatorTitleRoutes } from './operatorTitles.ts';
import { operatorCreditRoutes } from './operatorCredits.ts';
import { operatorArtworkRoutes } from './operatorArtwork.ts';
import { operatorHomeRoutes } from './operatorHome.ts';
import { operatorLiveRoutes } from './operatorLive.ts';
import { operatorCommerceRoutes } from './operatorCommerce.ts';
import { operatorEpisodeRoutes } from './operatorEpisodes.ts';
import { operatorLongWorkRoutes } from './operatorLongWork.ts';
import { profileRoutes } from './profiles.ts';

/** Every API route the server registers; each area adds its list here. */
export const apiRoutes: Route[] = [
  ...liveRoutes,
  ...accountRoutes,
  ...appRoutes,
  ...scanRoutes,
  ...vodRoutes,
  ...bannerRoutes,
  ...metricsRoutes,
  ...messageRoutes,
  ...memberSiteRoutes,
  ...playbackRoutes(),
  catchupRangeRoute,
  ...operatorRoutes,
  ...operatorSubscriberRoutes,
  ...operatorSourceRoutes,
  ...operatorLibraryRoutes,
  ...operatorDashboardRoutes,
  ...operatorLineupRoutes,
  ...operatorNoticeRoutes,
  ...operatorTitleRoutes,
  ...operatorHomeRoutes,
  ...operatorLiveRoutes,
  ...operatorCommerceRoutes,
  ...operatorCreditRoutes,
  ...operatorArtworkRoutes,
  ...operatorEpisodeRoutes,
  ...operatorLongWorkRoutes,
  ...profileRoutes,
];
