import { isApiError } from '@ottkit/api-client/client';
import { browserApi } from '../../lib/api.ts';
import { type PlayDrm, type PlayRequest, setPlayUrlSource } from '../../stores/playback.ts';
import { sessionSettled, visitorLogin } from '../../stores/session.ts';

/**
 * Asks once the page knows its session (the first load's guest included), so the first play does not race it. A
 * guest without any session gets a visitor session (spec §4 visitor mode), once, then asks again. The
 * session store's visitor login: with the device id, and shared with the session-invalid hook that runs
 * for the same failed call (decision 0185).
 */
async function withVisitorSession<T>(call: () => Promise<T>): Promise<T> {
  await sessionSettled();
  try {
    return await call();
  } catch (e) {
    if (!isApiError(e) || e.name !== 'SessionInvalidError') throw e;
    if (!(await visitorLogin())) throw e;
    return call();
  }
}

/**
 * The player's DRM settings from the play source answer: ClearKey plays through shaka-player with the
 * licence endpoint; commercial systems use the operator's licence servers when the answer names them.
 */
export function drmOf(answer: {
  drmType: string;
  licenseUrl?: string;
  licenseServers?: Record<string, string | undefined>;
}): PlayDrm | undefined {
  if (answer.drmType === 'clearkey' && answer.licenseUrl) return { clearKeyLicenseUrl: answer.licenseUrl };
  const servers = answer.licenseServers ?? {};
  const drm: PlayDrm = {
    ...(servers['com.widevine.alpha'] ? { widevineLicenseUrl: servers['com.widevine.alpha'] } : {}),
    ...(servers['com.microsoft.playready']
      ? { playreadyLicenseUrl: servers['com.microsoft.playready'] }
      : {}),
    ...(servers['com.apple.fps'] ? { fairplayLicenseUrl: servers['com.apple.fps'] } : {}),
  };
  return Object.keys(drm).length ? drm : undefined;
}

/** Connects the playback store to the Live API play source call (signed live and catch-up URLs). */
export function installPlayUrlSource() {
  setPlayUrlSource(async (req: PlayRequest) => {
    const answer = await withVisitorSession(() =>
      browserApi.live.channelPlaySource({
        logicalChannelId: req.logicalChannelId,
        mode: req.kind,
        ...(req.kind === 'catchup' ? { start: req.start, stop: req.stop } : {}),
        ...(req.kind === 'live' && req.start !== undefined ? { start: req.start } : {}),
        ...(req.parentalPin ? { parentalPin: req.parentalPin } : {}),
      }),
    );
    const { timeshiftUrl, timeshiftStart, expiresAt } = answer;
    return {
      url: answer.url,
      authority: answer.authorized,
      drm: drmOf(answer),
      expiresAt,
      ...(timeshiftUrl ? { timeshiftUrl, timeshiftStart } : {}),
    };
  });
}
