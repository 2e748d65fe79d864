import { metricsBatchPost } from '@ottkit/api-client/contract';
import { admitTelemetry, telemetryStored } from '../../domain/telemetryLimits.ts';
import { insertTelemetryEvents } from '../../store/telemetry.ts';
import { route } from '../route.ts';

/**
 * Spec §7 metrics: the player's telemetry, stored once per event id whoever sends it (guests too), within
 * per-address and per-account limits and a cap on what is stored (decision 0161). A write that fails (disk
 * full) fails this call only; the API handler logs it and answers STORAGE_FULL.
 */
export const metricsRoutes = [
  route(metricsBatchPost, async (ctx, { events }) => {
    const now = ctx.now();
    const accountId = ctx.session?.accountId;
    await admitTelemetry(
      ctx.db,
      { ip: ctx.ip, accountId },
      events.length,
      ctx.config.telemetryMaxEvents,
      now,
    );
    const accepted = await insertTelemetryEvents(ctx.db, accountId ?? '', events, now);
    telemetryStored(ctx.db, accepted);
    return { accepted, duplicates: events.length - accepted };
  }),
];
