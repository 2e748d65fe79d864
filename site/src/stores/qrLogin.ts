import { ErrCode, isApiError } from '@ottkit/api-client/client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { sessionStarted } from './session.ts';

/** A QR login code as the scan-code call answers it. */
export interface QrLoginCode {
  scanCodeId: string;
  pollToken: string;
  qrContent: string;
  expiresAt: number;
  pollIntervalSeconds: number;
}
export type QrLoginState = 'loading' | 'waiting' | 'expired' | 'error';

/**
 * QR-code login (spec §1, §7): this browser plays the TV box. It shows a code, polls the quick-login-token
 * query (10101149 "pending" is silenced), offers a refresh when the code expires, and once a logged-in phone
 * approves, trades the answered refresh token for this browser's own HttpOnly cookies.
 */
export const $qrLogin = atom<{ state: QrLoginState; code: QrLoginCode | null }>({
  state: 'loading',
  code: null,
});

/** Bumped by every start and stop: an answer for an older round is dropped. */
let round = 0;
let stopPolling = () => {};
let onLoggedIn = () => {};

/** Shows a code and polls until approved (then `loggedIn`); returns the stop, for the island's unmount. */
export function startQrLogin(loggedIn: () => void): () => void {
  onLoggedIn = loggedIn;
  void refreshQrCode();
  return stopQrLogin;
}

export function stopQrLogin() {
  round += 1;
  stopPolling();
  stopPolling = () => {};
}

/** A new code (the first, or after one expired), then polling. */
export async function refreshQrCode(): Promise<void> {
  stopQrLogin();
  const mine = round;
  $qrLogin.set({ ...$qrLogin.get(), state: 'loading' });
  let code: QrLoginCode;
  try {
    code = await browserApi.account.scanCode({ deviceName: 'Web browser' });
  } catch {
    if (mine === round) $qrLogin.set({ ...$qrLogin.get(), state: 'error' });
    return;
  }
  if (mine !== round) return;
  $qrLogin.set({ state: 'waiting', code });
  poll(code, mine);
}

function poll(code: QrLoginCode, mine: number) {
  const current = () => mine === round;
  const tick = async () => {
    if (!current()) return;
    if (Date.now() > code.expiresAt) {
      $qrLogin.set({ ...$qrLogin.get(), state: 'expired' });
      return;
    }
    try {
      const session = await browserApi.account.quickLoginToken({
        scanCodeId: code.scanCodeId,
        pollToken: code.pollToken,
      });
      // The poll answers tokens in its body only; a refresh with them sets this browser's cookies.
      const { userInfo } = await browserApi.account.refreshToken({
        refreshToken: session.tokens.refreshToken,
      });
      sessionStarted(userInfo);
      if (current()) onLoggedIn();
    } catch (e) {
      if (isApiError(e) && e.errCode === ErrCode.QR_TOKEN_PENDING) {
        if (current()) timer = setTimeout(tick, code.pollIntervalSeconds * 1000);
        return;
      }
      if (current()) $qrLogin.set({ ...$qrLogin.get(), state: 'expired' });
    }
  };
  let timer = setTimeout(tick, code.pollIntervalSeconds * 1000);
  stopPolling = () => clearTimeout(timer);
}
