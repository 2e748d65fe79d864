import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  AGE_RATINGS,
  type AgeRating,
  MAX_PROFILES,
  type Profile,
  ProfileErrCode,
  type ProfileListInfo,
  ratingAllowed,
} from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { keptByKey } from '../store/versions.ts';
import {
  deleteProfile,
  ensureDefaultProfile,
  getProfile,
  insertProfileWithin,
  listProfilesNow,
  type ProfileRow,
  pinHash,
  pinSetNow,
  putPinHash,
  setSessionProfile,
  updateProfile,
} from '../store/profiles.ts';
import { DomainError } from './errors.ts';
import { type Lockout, refundAttempt, takeAttempt } from './limits.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/**
 * Profiles and the parental PIN (issue 20 §2, decision 0285). The current profile lives with the session
 * (`session_profiles`), never in a header a client could change, and every id a call names is checked to belong
 * to the caller's account. A profile is "restricted" when it is a kids profile or rated below the top of the
 * scale: what it may do that widens what it sees needs the PIN.
 */

export interface Caller {
  accountId: string;
  sessionId: string;
}

/** Wrong PINs per account: five free, then a lock doubling from a minute to a day (like recharge codes). */
export const PIN_LOCKOUT: Lockout = {
  kind: 'lockout',
  free: 5,
  baseMs: 60_000,
  maxMs: 24 * 3_600_000,
  forgetMs: 24 * 3_600_000,
};
const TOP: AgeRating = AGE_RATINGS[AGE_RATINGS.length - 1] as AgeRating;

const restricted = (p: ProfileRow) => p.kids === 1 || p.max_rating !== TOP;
const rank = (r: string) => AGE_RATINGS.indexOf(r as AgeRating);

export function toProfile(p: ProfileRow): Profile {
  return {
    profileId: p.profile_id,
    name: p.name,
    avatar: p.avatar as Profile['avatar'],
    lang: p.lang as Profile['lang'],
    kids: p.kids === 1,
    maxRating: p.max_rating as AgeRating,
    isDefault: p.profile_id === p.account_id,
  };
}

/** The session's profile: the one chosen with `profileSelect` while it exists, else the account's first. */
/**
 * Each session's current profile, kept while the sessions' version stays (decision 0411): a profile's change or
 * removal and another profile chosen move it.
 */
const keptProfiles = keptByKey<string, ProfileRow>('sessions', 50_000);

export async function currentProfile(db: Db, caller: Caller, now: number): Promise<ProfileRow> {
  const kept = await keptProfiles(db);
  const key = `${caller.accountId} ${caller.sessionId}`;
  const known = kept.get(key);
  if (known) return known;
  // Asked by most of a signed-in viewer's calls: one query on the asynchronous store (decisions 0407, 0410), the
  // chosen profile first, else the account's first (most sessions never choose one).
  const found = await db.kysely
    .selectFrom('profiles as p')
    .leftJoin('session_profiles as sp', (join) =>
      join.onRef('sp.profile_id', '=', 'p.profile_id').on('sp.session_id', '=', caller.sessionId),
    )
    .selectAll('p')
    .where('p.account_id', '=', caller.accountId)
    .where((eb) => eb.or([eb('sp.session_id', 'is not', null), eb('p.profile_id', '=', caller.accountId)]))
    .orderBy(sql`CASE WHEN sp.session_id IS NULL THEN 1 ELSE 0 END`)
    .limit(1)
    .executeTakeFirst();
  if (found) {
    kept.set(key, Object.freeze(found));
    return found;
  }
  // An account made before profiles, on its first call: its first profile is written now.
  const made = await ensureDefaultProfile(db, caller.accountId, now);
  if (!made) throw new Error(`account ${caller.accountId} has no row to make its first profile from`);
  return made;
}

export async function profileInfo(db: Db, caller: Caller, now: number): Promise<ProfileListInfo> {
  // First: an account's first profile is made when it is first asked for.
  const current = await currentProfile(db, caller, now);
  const [profiles, pinSet] = await Promise.all([
    listProfilesNow(db, caller.accountId),
    pinSetNow(db, caller.accountId),
  ]);
  return { profiles: profiles.map(toProfile), currentProfileId: current.profile_id, pinSet };
}

/** A profile of the caller's account; another account's id is as unknown as a made-up one. */
async function ownProfile(db: Db, caller: Caller, profileId: string): Promise<ProfileRow> {
  const p = await getProfile(db, profileId);
  if (!p || p.account_id !== caller.accountId) {
    throw new DomainError(ProfileErrCode.PROFILE_NOT_FOUND, 'No such profile on this account');
  }
  return p;
}

/**
 * Checks the account's PIN, attempt-limited per account (the shared `attempt_limits` machinery): the attempt
 * is counted before the hash is compared and given back when it matches. Without a PIN set there is nothing to
 * enter: PIN_REQUIRED says to set one first.
 */
export async function checkPin(
  db: Db,
  accountId: string,
  pin: string | undefined,
  now: number,
): Promise<void> {
  const hash = await pinHash(db, accountId);
  if (!hash) {
    throw new DomainError(ProfileErrCode.PIN_REQUIRED, 'Set a parental PIN in My account first');
  }
  if (pin === undefined) throw new DomainError(ProfileErrCode.PIN_REQUIRED, 'Enter the parental PIN');
  const attempt = [{ key: `pin:acct:${accountId}`, rule: PIN_LOCKOUT }];
  await takeAttempt(db, attempt, now);
  if (!(await verifyPassword(pin, hash))) {
    throw new DomainError(ProfileErrCode.PIN_WRONG, 'Wrong parental PIN');
  }
  await refundAttempt(db, attempt, now);
}

export interface ProfileInput {
  name?: string;
  avatar?: string;
  lang?: string;
  kids?: boolean;
  maxRating?: AgeRating;
  parentalPin?: string;
}

export async function createProfile(
  db: Db,
  caller: Caller,
  input: Required<Omit<ProfileInput, 'parentalPin'>> & { parentalPin?: string },
  now: number,
): Promise<ProfileListInfo> {
  const current = await currentProfile(db, caller, now);
  const row: ProfileRow = {
    profile_id: `p_${randomBytes(12).toString('base64url')}`,
    account_id: caller.accountId,
    name: input.name,
    avatar: input.avatar,
    lang: input.lang,
    kids: input.kids ? 1 : 0,
    max_rating: input.maxRating,
    created_at: now,
  };
  // A restricted profile is only worth making with a PIN that guards leaving it; from a restricted profile
  // any new profile would be a way out.
  if (restricted(current) || restricted(row)) await checkPin(db, caller.accountId, input.parentalPin, now);
  if (!(await insertProfileWithin(db, row, MAX_PROFILES))) {
    throw new DomainError(ProfileErrCode.PROFILE_LIMIT, `An account has at most ${MAX_PROFILES} profiles`);
  }
  return profileInfo(db, caller, now);
}

export async function changeProfile(
  db: Db,
  caller: Caller,
  profileId: string,
  input: ProfileInput,
  now: number,
): Promise<ProfileListInfo> {
  const current = await currentProfile(db, caller, now);
  const before = await ownProfile(db, caller, profileId);
  const after: ProfileRow = {
    ...before,
    name: input.name ?? before.name,
    avatar: input.avatar ?? before.avatar,
    lang: input.lang ?? before.lang,
    kids: input.kids === undefined ? before.kids : input.kids ? 1 : 0,
    max_rating: input.maxRating ?? before.max_rating,
  };
  const ratingsChange = after.kids !== before.kids || after.max_rating !== before.max_rating;
  if (restricted(current) || ratingsChange) await checkPin(db, caller.accountId, input.parentalPin, now);
  await updateProfile(db, after);
  return profileInfo(db, caller, now);
}

export async function removeProfile(
  db: Db,
  caller: Caller,
  profileId: string,
  pin: string | undefined,
  now: number,
): Promise<ProfileListInfo> {
  const current = await currentProfile(db, caller, now);
  const p = await ownProfile(db, caller, profileId);
  if (p.profile_id === p.account_id) {
    throw new DomainError(
      ProfileErrCode.DEFAULT_PROFILE_KEPT,
      "The account's first profile cannot be deleted",
    );
  }
  if (restricted(current)) await checkPin(db, caller.accountId, pin, now);
  await deleteProfile(db, p.profile_id);
  return profileInfo(db, caller, now);
}

/**
 * Leaving a restricted profile for one that sees more (a higher rating, or not kids) needs the PIN, and leaving a
 * kids profile for any other always does (issue 35): a kids profile is a place a child is put, not one it leaves.
 */
export async function selectProfile(
  db: Db,
  caller: Caller,
  profileId: string,
  pin: string | undefined,
  now: number,
): Promise<ProfileListInfo> {
  const current = await currentProfile(db, caller, now);
  const target = await ownProfile(db, caller, profileId);
  const leavesKids = current.kids === 1 && target.profile_id !== current.profile_id;
  const widens = rank(target.max_rating) > rank(current.max_rating) || leavesKids;
  if (widens) await checkPin(db, caller.accountId, pin, now);
  await setSessionProfile(db, caller.sessionId, target.profile_id, now);
  return profileInfo(db, caller, now);
}

/** Sets the PIN; changing one needs the current PIN, and a restricted profile cannot change it. */
export async function setPin(
  db: Db,
  caller: Caller,
  pin: string,
  currentPin: string | undefined,
  hashLog2n: number | undefined,
  now: number,
): Promise<{ pinSet: boolean }> {
  const current = await currentProfile(db, caller, now);
  if ((await pinHash(db, caller.accountId)) !== undefined || restricted(current)) {
    await checkPin(db, caller.accountId, currentPin, now);
  }
  await putPinHash(db, caller.accountId, await hashPassword(pin, hashLog2n), now);
  return { pinSet: true };
}

/**
 * Play of something rated `rating` by the caller's profile: allowed within its maximum; above it, only with
 * the right PIN for this one play. Refusals carry RATING_ABOVE_PROFILE (no PIN sent) or the PIN's errors.
 */
export async function assertRatingAllowed(
  db: Db,
  profile: ProfileRow,
  rating: string | null | undefined,
  pin: string | undefined,
  now: number,
): Promise<void> {
  if (ratingAllowed(rating, profile.max_rating as AgeRating)) return;
  if (pin === undefined) {
    throw new DomainError(
      ProfileErrCode.RATING_ABOVE_PROFILE,
      `Rated ${rating}: above this profile's maximum (${profile.max_rating}); the parental PIN allows it`,
    );
  }
  await checkPin(db, profile.account_id, pin, now);
}
