import {
  codeBatchPending,
  codeBatchStart,
  codeBatchTake,
  notificationBroadcastStart,
} from '@ottkit/api-client/contract';
import { startBroadcastJob } from '../../operator/broadcastJob.ts';
import { pendingBatchJobs, startCodeBatchJob, takeBatchCodes } from '../../operator/codeBatchJobs.ts';
import { route } from '../route.ts';
import { actorFor } from './operator.ts';

/** Code batches and "notify all" as jobs (decision 0282). */
export const operatorLongWorkRoutes = [
  route(codeBatchStart, async (ctx, req) => ({
    job: await startCodeBatchJob(ctx.db, ctx.config.secret, actorFor(ctx), req.planId, req.count, ctx.now),
  })),
  route(codeBatchTake, (ctx, req) =>
    takeBatchCodes(ctx.db, ctx.config.secret, actorFor(ctx), req.jobId, ctx.now()),
  ),
  route(codeBatchPending, async (ctx) => ({ pending: await pendingBatchJobs(ctx.db, actorFor(ctx).id) })),
  route(notificationBroadcastStart, async (ctx, req) => ({
    job: await startBroadcastJob(ctx.db, actorFor(ctx), req, ctx.now),
  })),
];
