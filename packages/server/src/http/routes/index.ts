import type { Route } from '../route.ts';
import { accountRoutes } from './account.ts';
import { appRoutes } from './app.ts';
import { liveRoutes } from './live.ts';
import { scanRoutes } from './scan.ts';

/** Every API route the server registers; each area adds its list here. */
export const apiRoutes: Route[] = [...liveRoutes, ...accountRoutes, ...appRoutes, ...scanRoutes];
