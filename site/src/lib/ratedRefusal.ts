import { ErrCode, errorAreaOf, isApiError } from '@ottkit/api-client/client';
import type { MessageKey } from '../i18n/index.ts';

/**
 * A play refusal the parental PIN prompt answers (issue 20 §2), for VOD and live alike: rated above the profile
 * (`{}`: ask for the PIN), or a wrong or locked-out PIN (`messageKey`: ask again, saying why). Null for any other
 * failure. The profile rules load only when the server answers with a code of their block, so the players' chunks
 * stay without them.
 */
export async function ratedRefusal(e: unknown): Promise<{ messageKey?: MessageKey } | null> {
  if (!isApiError(e)) return null;
  if (e.errCode !== ErrCode.TOO_MANY_ATTEMPTS && errorAreaOf(e.errCode) !== 'profile') return null;
  const { ProfileErrCode } = await import('@ottkit/api-client/profiles');
  if (e.errCode === ProfileErrCode.RATING_ABOVE_PROFILE) return {};
  if (e.errCode === ProfileErrCode.PIN_WRONG) return { messageKey: 'profiles.pin.wrong' };
  if (e.errCode === ErrCode.TOO_MANY_ATTEMPTS) return { messageKey: 'profiles.pin.locked' };
  return null;
}
