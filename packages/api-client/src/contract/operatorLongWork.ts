import { z } from 'zod';
import { defineCall } from './call.ts';
import { jobSchema, OPERATOR_API_PREFIX } from './operator.ts';
import { codeBatchCreate, codeBatchSchema } from './operatorCommerce.ts';
import { notificationBroadcast } from './operatorNotices.ts';

/**
 * Recharge code batches and "notify all" as jobs (issue 18's standard for long work, decision 0282): the call
 * answers a job at once, the console follows its progress with `jobs/get`, and a server restart resumes it.
 * The request bodies are those of the synchronous calls (`codes/create`, `notifyAll`), which scripts keep.
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}${rest}`;

export const codeBatchStart = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('codes/start'),
  access: 'operator',
  roles: ['support'],
  summary:
    'Starts making a batch of single-use codes as a job; when it succeeded, take its codes once with ' +
    '`codes/take` (until then they are kept sealed, never in clear).',
  request: codeBatchCreate.request,
  response: z.object({ job: jobSchema }),
});

export const codeBatchTake = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('codes/take'),
  access: 'operator',
  roles: ['support'],
  summary:
    'The codes of a finished batch job, once, to the operator who started it (export them now); afterwards ' +
    'only their keyed hashes remain.',
  request: z.object({ jobId: z.string().min(1).max(64) }).strict(),
  response: z.object({ batch: codeBatchSchema, codes: z.array(z.string()) }),
});

export const codeBatchPending = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('codes/pending'),
  access: 'operator',
  roles: ['support'],
  summary:
    'The caller’s batch jobs whose codes were not taken yet, with their job’s status (after a reload the ' +
    'console follows the running one and offers the finished ones).',
  request: z.object({}).strict(),
  response: z.object({
    pending: z.array(z.object({ jobId: z.string(), batchId: z.string(), status: jobSchema.shape.status })),
  }),
});

export const notificationBroadcastStart = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('notifyAll/start'),
  access: 'operator',
  roles: ['editor'],
  summary: "Sends a notification to every subscriber's message centre as a job with progress.",
  request: notificationBroadcast.request,
  response: z.object({ job: jobSchema }),
});

export const operatorLongWorkCalls = {
  codeBatchStart,
  codeBatchTake,
  codeBatchPending,
  notificationBroadcastStart,
};
