import type { Route } from '../route.ts';
import { liveRoutes } from './live.ts';

/** Every API route the server registers; each area adds its list here. */
export const apiRoutes: Route[] = [...liveRoutes];
