import { z } from 'zod';
import { deliveryChannelsSchema, deliveryStateSchema, messageFailureSchema } from './account.ts';
import { planSchema } from './app.ts';
import { defineCall } from './call.ts';
import { OPERATOR_API_PREFIX } from './operator.ts';

/** Support's calls on subscribers (issue 18 §7): never a password or a token in any answer. */
const p = (rest: string) => `${OPERATOR_API_PREFIX}subscribers/${rest}`;
const support = ['support'] as const;
const accountIdSchema = z.string().min(1).max(64);

export const subscriberSummarySchema = z.object({
  accountId: z.string(),
  virtualCode: z.string(),
  email: z.string(),
  phone: z.string(),
  accountName: z.string(),
  kind: z.enum(['user', 'guest']),
  createdAt: z.number().int(),
});

export const subscriberDetailSchema = subscriberSummarySchema.extend({
  country: z.string(),
  freeTrialStatus: z.string(),
  subscriptions: z.array(
    z.object({ productId: z.string(), expiredTs: z.number().int(), active: z.boolean() }),
  ),
  /** Devices the account signed in from (device ids as the clients sent them). */
  devices: z.array(z.object({ deviceId: z.string(), lastSeenAt: z.number().int() })),
  sessions: z.array(
    z.object({
      sessionId: z.string(),
      createdAt: z.number().int(),
      expiresAt: z.number().int(),
      /** The session is live: neither ended nor revoked. */
      active: z.boolean(),
      revokeReason: z.string(),
    }),
  ),
  /**
   * The newest messages sent to the subscriber's email or phone (codes, notices; issue 40): what and when, how each
   * fared, never its text (a code is in it). Defaulted so older servers parse.
   */
  messages: z
    .array(
      z.object({
        seq: z.number().int(),
        channel: z.enum(['email', 'sms']),
        subject: z.string(),
        createdAt: z.number().int(),
        sentAt: z.number().int().nullable(),
        attempts: z.number().int(),
        state: deliveryStateSchema,
        failure: messageFailureSchema.optional(),
      }),
    )
    .default([]),
  /** Which channels this server sends itself; the others' messages stay in the outbox (`ottkit-server outbox`). */
  delivery: deliveryChannelsSchema.default({ email: false, sms: false }),
});
export type SubscriberDetail = z.output<typeof subscriberDetailSchema>;
export type SubscriberMessage = SubscriberDetail['messages'][number];

export const subscriberSearch = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('search'),
  access: 'operator',
  roles: support,
  summary: 'Finds subscribers by email, phone, name, virtual code or account id (at most 50).',
  request: z.object({ q: z.string().trim().min(1, 'Type something to search for').max(100) }).strict(),
  response: z.object({ subscribers: z.array(subscriberSummarySchema) }),
});

export const subscriberGet = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('get'),
  access: 'operator',
  roles: support,
  summary: 'One subscriber: plans, devices and sessions.',
  request: z.object({ accountId: accountIdSchema }).strict(),
  response: z.object({ subscriber: subscriberDetailSchema }),
});

export const subscriberPlans = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('plans'),
  access: 'operator',
  roles: support,
  summary: 'The plans support may grant.',
  request: z.object({}).strict(),
  response: z.object({ planList: z.array(planSchema) }),
});

export const subscriberGrantPlan = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('grantPlan'),
  access: 'operator',
  roles: support,
  summary: 'Grants a plan: its product runs the plan’s days past the later of now and its current expiry.',
  request: z
    .object({ accountId: accountIdSchema, planId: z.string().min(1, 'Pick a plan').max(64) })
    .strict(),
  response: z.object({ subscriber: subscriberDetailSchema }),
});

export const subscriberEndPlan = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('endPlan'),
  access: 'operator',
  roles: support,
  summary: 'Ends a product now (its expiry becomes now).',
  request: z.object({ accountId: accountIdSchema, productId: z.string().min(1).max(64) }).strict(),
  response: z.object({ subscriber: subscriberDetailSchema }),
});

export const subscriberRevokeSessions = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('revokeSessions'),
  access: 'operator',
  roles: support,
  summary: 'Ends every session of the subscriber (their media URLs stop too); they sign in again.',
  request: z.object({ accountId: accountIdSchema }).strict(),
  response: z.object({ subscriber: subscriberDetailSchema }),
});

export const operatorSubscriberCalls = {
  subscriberSearch,
  subscriberGet,
  subscriberPlans,
  subscriberGrantPlan,
  subscriberEndPlan,
  subscriberRevokeSessions,
};
