import { errorAreaOf, isApiError } from '@ottkit/api-client/client';
import type { MessageKey } from '../i18n/index.ts';

/** The spec §8 text for a failed playback request. */
export function playErrorKey(e: unknown): MessageKey {
  if (!isApiError(e)) return 'error.unavailableSource';
  // Issue 20 §2: a play refused by the profile rules (rated above the profile) that the PIN prompt did not answer.
  // By the code's block, so pages that play never load the profile rules for it.
  if (errorAreaOf(e.errCode) === 'profile') return 'profiles.rated.refused';
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
