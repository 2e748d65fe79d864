import { z } from 'zod';
import { defineCall } from './call.ts';
import { accountScoped } from './live.ts';

// Messages of spec §5, so a client can show the server's text as is.
export const PASSWORD_LENGTH_MESSAGE = 'The password must be 6-16 characters in length';
export const PASSWORD_FORMAT_MESSAGE = 'Wrong password format';
export const EMAIL_MESSAGE = 'Enter a valid email address';
export const PHONE_MESSAGE = 'Enter a valid phone number';
export const CODE_MESSAGE = 'Wrong Verification code or No Verification code';

/** 6-16 characters, no control characters, no leading or trailing spaces (inputs are trimmed, spec §5). */
export const passwordSchema = z
  .string()
  .min(6, PASSWORD_LENGTH_MESSAGE)
  .max(16, PASSWORD_LENGTH_MESSAGE)
  .regex(/^[^\s\p{Cc}](?:[^\p{Cc}]*[^\s\p{Cc}])?$/u, PASSWORD_FORMAT_MESSAGE);

export const emailSchema = z.email(EMAIL_MESSAGE).max(254, EMAIL_MESSAGE);
/** Country calling code, with or without '+': '+1', '34', '+351'. */
export const phonePreCodeSchema = z.string().regex(/^\+?[1-9]\d{0,3}$/, PHONE_MESSAGE);
/** National number, digits only, 4-15 (E.164 allows 15 in all). */
export const phoneSchema = z.string().regex(/^\d{4,15}$/, PHONE_MESSAGE);
/** 4 digits (spec §5). */
export const verificationCodeSchema = z.string().regex(/^\d{4}$/, CODE_MESSAGE);

/** An email address, or a phone number with its country code: exactly one of the two. */
const addressFields = {
  email: emailSchema.optional(),
  phonePreCode: phonePreCodeSchema.optional(),
  phone: phoneSchema.optional(),
};
type AddressFields = { email?: string; phone?: string; phonePreCode?: string };
function oneAddress(v: AddressFields, ctx: z.RefinementCtx) {
  if ((v.email === undefined) === (v.phone === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'Give exactly one of email or phone', path: ['email'] });
  }
  if (v.phone !== undefined && v.phonePreCode === undefined) {
    ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE, path: ['phonePreCode'] });
  }
}

export { LoginMethod } from './loginMethod.ts';

export const rechargeStatusSchema = z.enum(['NOT_RECHARGE', 'RECHARGED', 'MEMBER_SITE', 'BOTH']);
export const freeTrialStatusSchema = z.enum([
  'NOT_START',
  'USING',
  'NO_FREE_TRIAL_END',
  'RECHARGE_END',
  'PRE_INSTALL_END',
  'EXPIRED_END',
]);

/** User info (spec §3), with the login status of spec §4. */
export const userInfoSchema = z.object({
  accountId: z.string(),
  virtualCode: z.string(),
  email: z.string(),
  accountName: z.string(),
  phone: z.string(),
  phonePreCode: z.string(),
  loginMethod: z.number().int(),
  /** The login identifier for loginMethod: the email, the phone (with code) or the virtual code. */
  loginMethodMapValue: z.string(),
  freeTrialStatus: freeTrialStatusSchema,
  rechargeStatus: rechargeStatusSchema,
  subscriptionList: z.array(
    z.object({
      productId: z.string(),
      expiredTs: z.number().int(),
      /** The product's name in the request's language, else English, else its id (decision 0140). */
      productName: z.string().optional(),
    }),
  ),
  sessionId: z.string(),
  country: z.string(),
  clientIp: z.string(),
  loginStatus: z.enum(['user', 'guest']),
});
export type UserInfo = z.output<typeof userInfoSchema>;

/** The tokens of spec §3; what each is for, its lifetime and scope: docs/tokens.md. Expiries are epoch ms. */
export const tokensSchema = z.object({
  token: z.string(),
  tokenExpiresAt: z.number().int(),
  refreshToken: z.string(),
  refreshTokenExpiresAt: z.number().int(),
  catchupToken: z.string(),
  memberSiteToken: z.string(),
  renewCodeToken: z.string(),
  streamMediaTrackerToken: z.string(),
});
export type Tokens = z.output<typeof tokensSchema>;

export const sessionResultSchema = z.object({ userInfo: userInfoSchema, tokens: tokensSchema });
export type SessionResult = z.output<typeof sessionResultSchema>;

const empty = z.object({});

export const login = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/login/v3',
  access: 'public',
  summary: 'Logs in with an email or a phone number and a password; answers the user info and tokens.',
  request: z
    .object({
      ...accountScoped,
      loginInfo: z
        .object({ ...addressFields, password: z.string().min(1).max(128) })
        .strict()
        .superRefine(oneAddress),
    })
    .strict(),
  response: sessionResultSchema,
});

export const verification = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/verification/v1',
  access: 'public',
  summary:
    'Sends a 4-digit code (valid 10 minutes, one send a minute per address); answers its authenticationKey.',
  request: z
    .object({ ...accountScoped, ...addressFields, purpose: z.enum(['register', 'resetPassword']) })
    .strict()
    .superRefine(oneAddress),
  response: z.object({
    authenticationKey: z.string(),
    expiresInSeconds: z.number().int(),
    resendAfterSeconds: z.number().int(),
  }),
});

/**
 * Why a message to a person did not go (issue 40, decision 0399): the console and the sign-up page word each one;
 * the mail server's own text stays in the server's log.
 */
export const MESSAGE_FAILURES = [
  'unreachable',
  'refusedAddress',
  'refusedMessage',
  'refusedSignIn',
  'expired',
  'webhookRefused',
] as const;
export const messageFailureSchema = z.enum(MESSAGE_FAILURES);
export type MessageFailure = z.infer<typeof messageFailureSchema>;

/**
 * How a message fares: `queued` (not tried yet, or kept in the outbox where no mail is configured), `sent`,
 * `delayed` (a try did not go; tried again), `failed` (given up, with the reason).
 */
export const deliveryStateSchema = z.enum(['queued', 'sent', 'delayed', 'failed']);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

/** Which channels the server sends itself (SMTP, the SMS webhook); the others' messages stay in the outbox. */
export const deliveryChannelsSchema = z.object({ email: z.boolean(), sms: z.boolean() });

export const verificationDelivery = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/verification/delivery/v1',
  access: 'public',
  summary:
    'How the message of a code fares (by the authenticationKey its send answered), so the page can say that mail ' +
    'is delayed or could not be sent. A key that sent nothing answers as one whose message went.',
  request: z.object({ ...accountScoped, authenticationKey: z.string().min(1).max(128) }).strict(),
  response: z.object({ state: deliveryStateSchema, failure: messageFailureSchema.optional() }),
});

export const register = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/register/v3',
  access: 'public',
  summary: 'Creates an account from a verified address and logs it in.',
  request: z
    .object({
      ...accountScoped,
      registerInfo: z
        .object({
          ...addressFields,
          password: passwordSchema,
          verificationCode: verificationCodeSchema,
          accountName: z.string().trim().min(1).max(64).optional(),
          country: z
            .string()
            .regex(/^[A-Z]{2}$/, 'country must be an ISO 3166-1 alpha-2 code')
            .optional(),
        })
        .strict()
        .superRefine(oneAddress),
      /** The key the verification call answered: binds the code to that send. */
      authenticationKey: z.string().min(16).max(128),
      /** A random value the client generates per install; recorded as the session's device id. */
      userRandomValue: z.string().min(8).max(128).optional(),
    })
    .strict(),
  response: sessionResultSchema,
});

export const resetPassword = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/resetPasswd/v1',
  access: 'public',
  summary: 'Sets a new password with a reset code; every session of the account is revoked.',
  request: z
    .object({
      ...accountScoped,
      ...addressFields,
      verificationCode: verificationCodeSchema,
      authenticationKey: z.string().min(16).max(128),
      newPassword: passwordSchema,
    })
    .strict()
    .superRefine(oneAddress),
  response: empty,
});

export const modifyPassword = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/v2/account/password/modify',
  access: 'user',
  summary: "Changes the password; the account's other sessions are revoked, this one stays.",
  request: z
    .object({ ...accountScoped, oldPassword: z.string().min(1).max(128), newPassword: passwordSchema })
    .strict(),
  response: empty,
});

export const logout = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/logout/v1',
  access: 'session',
  summary: 'Ends this session: its token and refresh token stop working.',
  request: z.object({ ...accountScoped }).strict(),
  response: empty,
});

export const refreshToken = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/token/refresh/v3',
  access: 'public',
  summary:
    'Trades a refresh token for new tokens (rotation); a reused refresh token revokes its whole session.',
  request: z
    .object({
      ...accountScoped,
      /** Omitted by the site, whose refresh token travels in an HttpOnly cookie. */
      refreshToken: z.string().min(16).max(256).optional(),
    })
    .strict(),
  response: sessionResultSchema,
});

export const visitorLogin = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/visitor/login/v1',
  access: 'public',
  summary: 'Starts a guest session when visitor mode is on (spec §4, §6).',
  request: z.object({ ...accountScoped, deviceId: z.string().min(8).max(128).optional() }).strict(),
  response: sessionResultSchema,
});

export const userInfo = defineCall({
  area: 'account',
  method: 'POST',
  path: '/api/account/user/info/v1',
  access: 'session',
  summary: "The caller's user info (guest or user).",
  request: z.object({ ...accountScoped }).strict(),
  response: userInfoSchema,
});

export const identityCalls = {
  login,
  verification,
  verificationDelivery,
  register,
  resetPassword,
  modifyPassword,
  logout,
  refreshToken,
  visitorLogin,
  userInfo,
};
