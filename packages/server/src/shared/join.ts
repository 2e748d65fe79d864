import type { ServerConfig } from '../config.ts';
import { forgetGuideDayMessage } from '../domain/guideCache.ts';
import type { Db } from '../store/db.ts';
import { RedisState } from './redisState.ts';
import { type SharedState, sharedStateOf, TOPIC, useSharedState } from './sharedState.ts';

/**
 * Gives the server over `db` its shared state (Redis when configured) and subscribes this process's caches to
 * the invalidations the others publish. The guide cache checks every day's stamp in the database anyway; the
 * message frees the stale copy at once instead of when it is next asked for.
 */
export function joinSharedState(db: Db, config: ServerConfig): SharedState {
  if (config.redisUrl) useSharedState(db, new RedisState(config.redisUrl));
  const shared = sharedStateOf(db);
  shared.subscribe(TOPIC.guideDay, (message) => forgetGuideDayMessage(db, message));
  return shared;
}
