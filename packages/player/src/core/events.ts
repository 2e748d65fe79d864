import type { PlayerEvents } from './types.ts';

/**
 * Every core event, once: the element re-dispatches each as `ottkit-<name>`, the React faces pass each to their
 * `on` handlers. The check below fails to compile when an event is added to `PlayerEvents` and not here.
 */
export const PLAYER_EVENTS = [
  'statechange',
  'modechange',
  'firstframe',
  'error',
  'reload',
  'renewed',
  'timeshifterror',
  'confirmbacktolive',
  'ended',
  'progress',
  'qualitychange',
  'telemetry',
  'tracks',
  'trackchange',
] as const satisfies ReadonlyArray<keyof PlayerEvents>;

type Missing = Exclude<keyof PlayerEvents, (typeof PLAYER_EVENTS)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;
