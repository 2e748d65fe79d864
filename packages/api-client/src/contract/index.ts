import { liveCalls } from './live.ts';

export * from './call.ts';
export * from './envelope.ts';
export * from './live.ts';

/** Every call of the API by area and name; the client's methods and the server's routes come from here. */
export const contract = {
  live: liveCalls,
} as const;
export type Contract = typeof contract;
