import { identityCalls } from './account.ts';
import { appCalls } from './app.ts';
import { bannerCalls } from './banner.ts';
import { drmCalls } from './drm.ts';
import { liveCalls } from './live.ts';
import { memberSiteCalls } from './memberSite.ts';
import { messageCalls } from './message.ts';
import { metricsCalls } from './metrics.ts';
import { openApiDocument } from './openApi.ts';
import { playbackCalls } from './playback.ts';
import { scanCalls } from './scan.ts';
import { vodCalls } from './vod.ts';

export * from './account.ts';
export * from './app.ts';
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

/**
 * Every call of the API by area and name; the client's methods (raw calls excepted), the server's routes and
 * the OpenAPI document come from here, and a test holds the server's routes to exactly this set.
 */
export const contract = {
  live: { ...liveCalls, ...bannerCalls, ...playbackCalls },
  /** Account, session and app-configuration calls (spec §7 Account); planList lives on the Live API path. */
  account: { ...identityCalls, ...appCalls, ...scanCalls, openApiDocument },
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
