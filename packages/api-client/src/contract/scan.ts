import { z } from 'zod';
import { sessionResultSchema } from './account.ts';
import { defineCall } from './call.ts';
import { accountScoped } from './live.ts';

/** A QR login code (spec §1, §7): 128-bit random, shown by a TV box, approved by a logged-in person. */
const scanCodeId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'scanCodeId is not a scan code');
export const scanCodeStatusSchema = z.enum(['pending', 'approved', 'consumed', 'expired']);

export const scanCode = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/scan/code/v3',
  access: 'public',
  summary: 'A TV box asks for a QR login code; it polls quick-login-token with the pollToken only it knows.',
  request: z.object({ ...accountScoped, deviceName: z.string().trim().min(1).max(64).optional() }).strict(),
  response: z.object({
    scanCodeId: z.string(),
    /** Secret of the box: whoever sees the QR cannot collect the session. */
    pollToken: z.string(),
    /** What the QR encodes: the site's approval page for this code. */
    qrContent: z.string(),
    expiresAt: z.number().int(),
    expiresInSeconds: z.number().int(),
    pollIntervalSeconds: z.number().int(),
  }),
});

export const scanCodeInfo = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/v2/account/scan/code/info/query',
  access: 'user',
  summary: 'What a scanned code is (device, status, expiry), before the person approves it.',
  request: z.object({ ...accountScoped, scanCodeId }).strict(),
  response: z.object({
    scanCodeId: z.string(),
    status: scanCodeStatusSchema,
    deviceName: z.string(),
    expiresAt: z.number().int(),
  }),
});

export const scanCodeLogin = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/v2/account/scan/code/login',
  access: 'user',
  summary: "Approves a box's code: the box's next poll receives a session for the approving account.",
  request: z.object({ ...accountScoped, scanCodeId }).strict(),
  response: z.object({ scanCodeId: z.string(), status: scanCodeStatusSchema }),
});

export const quickLoginToken = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/v2/account/scan/code/quick-login-token/query',
  access: 'public',
  summary:
    'The box polls: 10101149 while pending (silenced by clients), the session once approved (once only).',
  request: z.object({ ...accountScoped, scanCodeId, pollToken: z.string().min(16).max(128) }).strict(),
  response: sessionResultSchema,
});

export const scanCalls = { scanCode, scanCodeInfo, scanCodeLogin, quickLoginToken };
