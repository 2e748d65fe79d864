import { z } from 'zod';
import { LANGS } from './langs.ts';
import { defineCall } from './call.ts';
import { accountScoped } from './liveCommon.ts';
import { AGE_RATINGS, PROFILE_AVATARS } from './profileRules.ts';

/**
 * Profiles and the parental PIN (issue 20 §2, decision 0285). An account has up to `MAX_PROFILES` profiles;
 * favourites, history, resume points and reminders belong to the session's current profile, which only
 * `profileSelect` changes (the server keeps it with the session, so a client cannot leave a kids profile by
 * sending another id). A profile sees titles and programmes up to its `maxRating` on the `AGE_RATINGS` scale.
 */

export * from './profileRules.ts';

export const ageRatingSchema = z.enum(AGE_RATINGS);
export const profileAvatarSchema = z.enum(PROFILE_AVATARS);
export const profileLangSchema = z.enum(LANGS);

/** A 4-digit parental PIN. */
export const parentalPinSchema = z.string().regex(/^\d{4}$/, 'The PIN is 4 digits');

export const profileSchema = z.object({
  profileId: z.string(),
  name: z.string(),
  avatar: profileAvatarSchema,
  lang: profileLangSchema,
  kids: z.boolean(),
  maxRating: ageRatingSchema,
  /** The account's first profile (its id is the account's); it cannot be deleted. */
  isDefault: z.boolean(),
});
export type Profile = z.output<typeof profileSchema>;

const profileIdSchema = z.string().min(1).max(64);
const nameSchema = z.string().trim().min(1, 'A profile needs a name').max(32);
const pinField = { parentalPin: parentalPinSchema.optional() };

const listResponse = z.object({
  profiles: z.array(profileSchema),
  /** The session's profile. */
  currentProfileId: z.string(),
  /** Whether the account has a parental PIN. */
  pinSet: z.boolean(),
});
export type ProfileListInfo = z.output<typeof listResponse>;

const account = { area: 'account', method: 'POST', access: 'user' } as const;

export const profileList = defineCall({
  ...account,
  path: '/api/account/profile/list',
  summary: "The account's profiles, the session's current one and whether a parental PIN is set.",
  request: z.object({ ...accountScoped }).strict(),
  response: listResponse,
});

export const profileCreate = defineCall({
  ...account,
  path: '/api/account/profile/create',
  summary: 'Adds a profile (at most five); with a PIN set, the PIN is needed (it sets a rating).',
  request: z
    .object({
      ...accountScoped,
      name: nameSchema,
      avatar: profileAvatarSchema,
      lang: profileLangSchema,
      kids: z.boolean(),
      maxRating: ageRatingSchema,
      ...pinField,
    })
    .strict(),
  response: listResponse,
});

export const profileUpdate = defineCall({
  ...account,
  path: '/api/account/profile/update',
  summary:
    'Changes a profile; its kids flag or maximum rating (and any change from a kids profile) needs the PIN.',
  request: z
    .object({
      ...accountScoped,
      profileId: profileIdSchema,
      name: nameSchema.optional(),
      avatar: profileAvatarSchema.optional(),
      lang: profileLangSchema.optional(),
      kids: z.boolean().optional(),
      maxRating: ageRatingSchema.optional(),
      ...pinField,
    })
    .strict(),
  response: listResponse,
});

export const profileDelete = defineCall({
  ...account,
  path: '/api/account/profile/delete',
  summary: "Deletes a profile and its favourites, history and reminders (not the account's first).",
  request: z.object({ ...accountScoped, profileId: profileIdSchema, ...pinField }).strict(),
  response: listResponse,
});

export const profileSelect = defineCall({
  ...account,
  path: '/api/account/profile/select',
  summary:
    "Makes a profile the session's current one; leaving a kids profile for a higher rating needs the PIN.",
  request: z.object({ ...accountScoped, profileId: profileIdSchema, ...pinField }).strict(),
  response: listResponse,
});

export const parentalPinSet = defineCall({
  ...account,
  path: '/api/account/profile/pin/set',
  summary:
    'Sets the parental PIN; changing it needs the current one (attempt-limited). Not from a kids profile.',
  request: z
    .object({ ...accountScoped, pin: parentalPinSchema, currentPin: parentalPinSchema.optional() })
    .strict(),
  response: z.object({ pinSet: z.boolean() }),
});

export const profileCalls = {
  profileList,
  profileCreate,
  profileUpdate,
  profileDelete,
  profileSelect,
  parentalPinSet,
} as const;
