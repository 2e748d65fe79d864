import { identityCalls } from './account.ts';
import { appCalls } from './app.ts';
import { liveCalls } from './live.ts';
import { scanCalls } from './scan.ts';

export * from './account.ts';
export * from './app.ts';
export * from './call.ts';
export * from './envelope.ts';
export * from './live.ts';
export * from './scan.ts';

/** Every call of the API by area and name; the client's methods and the server's routes come from here. */
export const contract = {
  live: liveCalls,
  /** Account, session and app-configuration calls (spec §7 Account); planList lives on the Live API path. */
  account: { ...identityCalls, ...appCalls, ...scanCalls },
} as const;
export type Contract = typeof contract;
