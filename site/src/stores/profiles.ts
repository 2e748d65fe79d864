import type { ProfileListInfo } from '@ottkit/api-client';
import { ErrCode, isApiError } from '@ottkit/api-client/client';
import { ProfileErrCode } from '@ottkit/api-client/profiles';
import { atom } from 'nanostores';
import type { MessageKey } from '../i18n/index.ts';
import { browserApi } from '../lib/api.ts';
import { pickTrackProfile } from './trackPreference.ts';

/**
 * The account's profiles and the session's current one (issue 20 §2, decision 0285). The server keeps the
 * current profile with the session; every action answers the whole list, which replaces this store.
 */
export const $profiles = atom<ProfileListInfo | null>(null);

// The player's remembered audio and subtitle languages follow the current profile (issue 20 §3).
$profiles.listen((info) => {
  const current = info?.profiles.find((p) => p.profileId === info.currentProfileId);
  if (current) pickTrackProfile(current.profileId, current.lang);
});

/** What an action came to: done, the PIN is needed (ask for it and try again), or a text to show. */
export type ProfileOutcome = { ok: true } | { ok: false; pin: boolean; messageKey: MessageKey };

/** The text (and whether to ask for the PIN) for a refused profile or PIN action. */
export function profileFailure(e: unknown): Extract<ProfileOutcome, { ok: false }> {
  const code = isApiError(e) ? e.errCode : 0;
  switch (code) {
    case ProfileErrCode.PIN_REQUIRED:
      // With a PIN set the server asks for it; without one the PIN must be set first (My account).
      return { ok: false, pin: $profiles.get()?.pinSet !== false, messageKey: 'profiles.pin.needed' };
    case ProfileErrCode.PIN_WRONG:
      return { ok: false, pin: true, messageKey: 'profiles.pin.wrong' };
    case ErrCode.TOO_MANY_ATTEMPTS:
      return { ok: false, pin: true, messageKey: 'profiles.pin.locked' };
    case ProfileErrCode.PROFILE_LIMIT:
      return { ok: false, pin: false, messageKey: 'profiles.limit' };
    default:
      return { ok: false, pin: false, messageKey: 'account.error.generic' };
  }
}

async function run(action: () => Promise<ProfileListInfo>): Promise<ProfileOutcome> {
  try {
    $profiles.set(await action());
    return { ok: true };
  } catch (e) {
    return profileFailure(e);
  }
}

export const loadProfiles = () => run(() => browserApi.account.profileList({}));

export const selectProfile = (profileId: string, parentalPin?: string) =>
  run(() => browserApi.account.profileSelect({ profileId, ...(parentalPin ? { parentalPin } : {}) }));

export type ProfileFields = Parameters<typeof browserApi.account.profileCreate>[0];

export const createProfile = (fields: ProfileFields) => run(() => browserApi.account.profileCreate(fields));

export const updateProfile = (fields: Parameters<typeof browserApi.account.profileUpdate>[0]) =>
  run(() => browserApi.account.profileUpdate(fields));

export const deleteProfile = (profileId: string, parentalPin?: string) =>
  run(() => browserApi.account.profileDelete({ profileId, ...(parentalPin ? { parentalPin } : {}) }));

export async function setParentalPin(pin: string, currentPin?: string): Promise<ProfileOutcome> {
  try {
    await browserApi.account.parentalPinSet({ pin, ...(currentPin ? { currentPin } : {}) });
    return loadProfiles();
  } catch (e) {
    return profileFailure(e);
  }
}

/** A 4-digit PIN as typed (the server checks it too). */
export const isPin = (s: string) => /^\d{4}$/.test(s);
