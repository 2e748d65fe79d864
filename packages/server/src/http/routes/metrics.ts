import { metricsBatchPost } from '@ottkit/api-client/contract';
import { insertTelemetryEvents } from '../../store/telemetry.ts';
import { route } from '../route.ts';

/** Spec §7 metrics: the player's telemetry, stored once per event id whoever sends it (guests too). */
export const metricsRoutes = [
  route(metricsBatchPost, (ctx, { events }) => {
    const accepted = insertTelemetryEvents(ctx.db, ctx.session?.accountId ?? '', events, ctx.now());
    return { accepted, duplicates: events.length - accepted };
  }),
];
