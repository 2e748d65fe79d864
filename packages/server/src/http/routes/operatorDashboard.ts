import { dashboardGet } from '@ottkit/api-client/contract';
import { dashboard } from '../../operator/dashboard.ts';
import { route } from '../route.ts';

/** The console's dashboard (issue 18, decision 0215): read-only, every role. */
export const operatorDashboardRoutes = [
  route(dashboardGet, (ctx, req) => dashboard(ctx.db, req.window ?? '24h', ctx.now())),
];
