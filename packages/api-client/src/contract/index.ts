import { identityCalls } from './account.ts';
import { appCalls } from './app.ts';
import { bannerCalls } from './banner.ts';
import { liveCalls } from './live.ts';
import { messageCalls } from './message.ts';
import { metricsCalls } from './metrics.ts';
import { operatorCoreCalls } from './operator.ts';
import { operatorSourceCalls } from './operatorSources.ts';
import { operatorSubscriberCalls } from './operatorSubscribers.ts';
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

/** Every call of the API by area and name; the client's methods and the server's routes come from here. */
export const contract = {
  live: { ...liveCalls, ...bannerCalls, ...playbackCalls },
  /** Account, session and app-configuration calls (spec §7 Account); planList lives on the Live API path. */
  account: { ...identityCalls, ...appCalls, ...scanCalls },
  /** The VOD API (spec §7, token in the query). */
  vod: vodCalls,
  /** Player telemetry (spec §7 metrics). */
  metrics: metricsCalls,
  /** Notifications and operator notices (spec §7 Messages). */
  message: messageCalls,
} as const;
export type Contract = typeof contract;

export * from './operator.ts';
export * from './operatorSources.ts';
export * from './operatorSubscribers.ts';

/**
 * The operator area (issue 18, decision 0210), apart from `contract` so the subscribers' pages never ship the
 * console's calls: the server registers them, the OpenAPI document lists them, the console's islands call them.
 */
export const operatorContract = {
  operator: { ...operatorCoreCalls, ...operatorSubscriberCalls, ...operatorSourceCalls },
} as const;
