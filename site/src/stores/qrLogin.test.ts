import { BusinessError, ErrCode } from '@ottkit/api-client/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  account: { scanCode: vi.fn(), quickLoginToken: vi.fn(), refreshToken: vi.fn() },
}));
vi.mock('../lib/api.ts', () => ({ browserApi: api }));

const { $qrLogin, startQrLogin, stopQrLogin } = await import('./qrLogin.ts');
const { $session } = await import('./session.ts');

const code = (expiresAt: number) => ({
  scanCodeId: 's',
  pollToken: 'p',
  qrContent: 'https://x/qr',
  expiresAt,
  pollIntervalSeconds: 2,
});
const pending = () => new BusinessError('pending', ErrCode.QR_TOKEN_PENDING, '/q');

beforeEach(() => {
  vi.useFakeTimers();
  for (const f of Object.values(api.account)) f.mockReset();
});
afterEach(() => {
  stopQrLogin();
  vi.useRealTimers();
  // The session this file's logins loaded goes with it: the next file in this worker starts from none.
  $session.set({ loaded: false, user: null });
});

describe('QR login store (spec §1, §7)', () => {
  it('polls while pending, then trades the approved token for its own session', async () => {
    api.account.scanCode.mockResolvedValue(code(Date.now() + 60_000));
    api.account.quickLoginToken
      .mockRejectedValueOnce(pending())
      .mockResolvedValueOnce({ tokens: { refreshToken: 'r' } });
    api.account.refreshToken.mockResolvedValue({ userInfo: { loginStatus: 'user' } });
    const loggedIn = vi.fn();
    startQrLogin(loggedIn);
    await vi.waitFor(() => expect($qrLogin.get().state).toBe('waiting'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(loggedIn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.account.refreshToken).toHaveBeenCalledWith({ refreshToken: 'r' });
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect($session.get().user?.loginStatus).toBe('user');
  });

  it('says the code expired once its time is up, and stops polling after unmount', async () => {
    api.account.scanCode.mockResolvedValue(code(Date.now() + 1_000));
    const stop = startQrLogin(() => {});
    await vi.waitFor(() => expect($qrLogin.get().state).toBe('waiting'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect($qrLogin.get().state).toBe('expired');
    expect(api.account.quickLoginToken).not.toHaveBeenCalled();
    api.account.scanCode.mockResolvedValue(code(Date.now() + 60_000));
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.account.quickLoginToken).not.toHaveBeenCalled();
  });
});
