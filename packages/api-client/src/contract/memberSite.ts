import { z } from 'zod';
import { defineCall } from './call.ts';
import { accountScoped } from './liveCommon.ts';

/** Codes of the member-site calls (10114xxx, the member-site range of errors/catalogue.ts). */
export const MemberSiteErrCode = {
  /** The link's memberSiteToken is missing, forged, expired or belongs to an ended session. */
  TOKEN_INVALID: 10114001,
  PLAN_NOT_FOUND: 10114002,
  /** A plan grant whose signature, age, account or id does not check out (forged, stale or replayed). */
  GRANT_INVALID: 10114003,
  /** Guests buy nothing: the member site sells to logged-in accounts (spec §6 links are for users). */
  GUEST_CANNOT_BUY: 10114004,
} as const;

const memberSiteToken = z.string().min(16).max(1024);
const purchase = z.object({ planId: z.string(), productId: z.string(), expiredTs: z.number().int() });

/**
 * The sandbox member site (spec §1, §6 "buying a plan through an external member website"), for testing only:
 * the server answers these two when the operator turns the sandbox on (OTTKIT_MEMBER_SITE_SANDBOX=on, never in
 * production; decision 0160), and as a path nobody registered otherwise. The site's `/member` page calls them
 * with the link's memberSiteToken.
 */
export const memberSiteSandboxAccount = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/member-site/sandbox/account/v1',
  access: 'public',
  tag: 'sandbox',
  summary: 'Sandbox member site: who the memberSiteToken belongs to, and their subscriptions.',
  request: z.object({ ...accountScoped, memberSiteToken }).strict(),
  response: z.object({
    accountId: z.string(),
    accountName: z.string(),
    subscriptionList: z.array(z.object({ productId: z.string(), expiredTs: z.number().int() })),
  }),
});

export const memberSiteSandboxPurchase = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/member-site/sandbox/purchase/v1',
  access: 'public',
  tag: 'sandbox',
  summary: "Sandbox member site: buys a plan for the token's account and credits its product.",
  request: z.object({ ...accountScoped, memberSiteToken, planId: z.string().min(1).max(64) }).strict(),
  response: purchase,
});

/** Server to server: the operator's member site posts the grant after a payment (README "Member site"). */
export const memberSiteGrant = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/member-site/grant/v1',
  access: 'public',
  summary: "The operator's member site grants a paid plan; signed with the shared member-site secret.",
  request: z
    .object({
      accountId: z.string().min(1).max(128),
      planId: z.string().min(1).max(64),
      grantId: z.string().min(8).max(128),
      issuedAt: z.number().int().nonnegative(),
      signature: z.string().max(128),
    })
    .strict(),
  response: purchase,
});

export const memberSiteCalls = {
  sandboxAccount: memberSiteSandboxAccount,
  sandboxPurchase: memberSiteSandboxPurchase,
  grant: memberSiteGrant,
};
