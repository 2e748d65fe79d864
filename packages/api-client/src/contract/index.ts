import { identityCalls } from './account.ts';
import { appCalls } from './app.ts';
import { bannerCalls } from './banner.ts';
import { drmCalls } from './drm.ts';
import { liveCalls } from './live.ts';
import { memberSiteCalls } from './memberSite.ts';
import { messageCalls } from './message.ts';
import { metricsCalls } from './metrics.ts';
import { openApiDocument } from './openApi.ts';
import { OPERATOR_API_PREFIX, operatorCoreCalls } from './operator.ts';
import { operatorLibraryCalls } from './operatorLibraries.ts';
import { operatorSourceCalls } from './operatorSources.ts';
import { operatorSubscriberCalls } from './operatorSubscribers.ts';
import { operatorDashboardCalls } from './operatorDashboard.ts';
import { operatorLineupCalls } from './operatorLineup.ts';
import { operatorNoticeCalls } from './operatorNotices.ts';
import { operatorTitleCalls } from './operatorTitles.ts';
import { operatorHomeCalls } from './operatorHome.ts';
import { operatorLiveCalls } from './operatorLive.ts';
import { operatorCommerceCalls } from './operatorCommerce.ts';
import { operatorCreditCalls } from './operatorCredits.ts';
import { operatorArtworkCalls } from './operatorArtwork.ts';
import { operatorEpisodeCalls } from './operatorEpisodes.ts';
import { operatorLongWorkCalls } from './operatorLongWork.ts';
import { playbackCalls } from './playback.ts';
import { profileCalls } from './profiles.ts';
import { scanCalls } from './scan.ts';
import { vodCalls } from './vod.ts';

export * from './account.ts';
export * from './app.ts';
export * from './appIcons.ts';
export * from './brand.ts';
export * from './banner.ts';
export * from './call.ts';
export * from './envelope.ts';
export * from './live.ts';
export * from './message.ts';
export * from './metrics.ts';
export * from './playback.ts';
export * from './scan.ts';
export * from './sessionCookies.ts';
export * from './vod.ts';
export * from './zeroTrust.ts';
export * from './drm.ts';
export * from './memberSite.ts';
export * from './openApi.ts';
export * from './profiles.ts';
export * from './langs.ts';
export * from './limits.ts';
export * from './rechargeCode.ts';

/**
 * Every call of the API by area and name; the client's methods (raw calls excepted), the server's routes and
 * the OpenAPI document come from here, and a test holds the server's routes to exactly this set.
 */
export const contract = {
  live: { ...liveCalls, ...bannerCalls, ...playbackCalls },
  /** Account, session and app-configuration calls (spec §7 Account); planList lives on the Live API path. */
  account: { ...identityCalls, ...appCalls, ...scanCalls, openApiDocument, ...profileCalls },
  /** The VOD API (spec §7, token in the query). */
  vod: vodCalls,
  /** Player telemetry (spec §7 metrics). */
  metrics: metricsCalls,
  /** Notifications and operator notices (spec §7 Messages). */
  message: messageCalls,
  /** The licence endpoint (raw: W3C ClearKey, called by EME and shaka-player, not by the typed client). */
  drm: drmCalls,
  /** The member-site calls: the sandbox's two (testing only) and the operator's member site's grant. */
  memberSite: memberSiteCalls,
} as const;
export type Contract = typeof contract;

/** The first segment of a call's path (`/liveapi`): the base a client's configuration names for its area. */
export const pathBase = (call: { path: string }): string => `/${call.path.split('/')[1]}`;

/**
 * Path prefixes that belong to the API (`/liveapi/`, `/vodapi/`, `/api/`, `/drmLicense/`, `/dataReport/`, and the
 * console's `/admin/api/`): anything under them answers with an envelope, never the site. Derived from the calls,
 * for the server's router and the site's development proxy alike.
 */
export const API_PREFIXES: readonly string[] = [
  ...new Set(Object.values(contract).flatMap((calls) => Object.values(calls).map((d) => `${pathBase(d)}/`))),
  // The console's calls share their first segment with its pages (`/admin`): only this prefix is the API's.
  OPERATOR_API_PREFIX,
];

export * from './operator.ts';
export * from './operatorSources.ts';
export * from './operatorLibraries.ts';
export * from './operatorSubscribers.ts';
export * from './operatorDashboard.ts';
export * from './operatorLineup.ts';
export * from './operatorNotices.ts';
export * from './operatorTitles.ts';
export * from './operatorHome.ts';
export * from './operatorLive.ts';
export * from './operatorCommerce.ts';
export * from './operatorCredits.ts';
export * from './operatorArtwork.ts';
export * from './operatorEpisodes.ts';
export * from './operatorLongWork.ts';

/**
 * The operator area (issue 18, decision 0210), apart from `contract` so the subscribers' pages never ship the
 * console's calls: the server registers them, the OpenAPI document lists them, the console's islands call them.
 */
export const operatorContract = {
  operator: {
    ...operatorCoreCalls,
    ...operatorSubscriberCalls,
    ...operatorSourceCalls,
    ...operatorLibraryCalls,
    ...operatorDashboardCalls,
    ...operatorLineupCalls,
    ...operatorNoticeCalls,
    ...operatorTitleCalls,
    ...operatorHomeCalls,
    ...operatorLiveCalls,
    ...operatorCommerceCalls,
    ...operatorCreditCalls,
    ...operatorArtworkCalls,
    ...operatorEpisodeCalls,
    ...operatorLongWorkCalls,
  },
} as const;
