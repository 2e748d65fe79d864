import { isApiError } from '@ottkit/api-client/client';
import { ProfileErrCode } from '@ottkit/api-client/profiles';
import type { MessageKey } from '../i18n/index.ts';

/** The spec §8 text for a failed playback request. */
export function playErrorKey(e: unknown): MessageKey {
  if (!isApiError(e)) return 'error.unavailableSource';
  // Issue 20 §2: the server refused a programme or title rated above the profile (live has no PIN prompt).
  if (e.errCode === ProfileErrCode.RATING_ABOVE_PROFILE) return 'profiles.rated.refused';
  switch (e.name) {
    case 'NetworkError':
      return 'error.network';
    case 'TimeoutError':
      return 'error.timeout';
    case 'ServerError':
      return 'error.internal';
    case 'ContentUnavailableError':
      return 'error.contentUnavailable';
    default:
      return 'error.unavailableSource';
  }
}
