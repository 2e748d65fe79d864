// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  account: {
    verification: vi.fn(),
    login: vi.fn(),
    logout: vi.fn(),
    resetPassword: vi.fn(),
    contractQuery: vi.fn(),
    contractDetail: vi.fn(),
  },
}));
vi.mock('../lib/api.ts', () => ({ browserApi: api }));

const { $loginFlow, cancelTerms, openResetLink, sendLoginCode, submitLogin, switchLoginMode } = await import(
  './loginFlow.ts'
);

const fields = { address: 'a@b.co', preCode: '+1', password: 'secret1', code: '1234' };

beforeEach(() => {
  for (const f of Object.values(api.account)) f.mockReset();
  api.account.logout.mockResolvedValue({});
  switchLoginMode('login');
  $loginFlow.set({ ...$loginFlow.get(), terms: null, busy: false });
});

describe('login flow store (spec §5)', () => {
  it('refuses a bad address before calling the server', async () => {
    await submitLogin({ ...fields, address: 'nope@' });
    expect($loginFlow.get().error).toBe('Enter a valid email address');
    expect(api.account.login).not.toHaveBeenCalled();
  });

  it('wants a sent code before a sign-up', async () => {
    switchLoginMode('signup');
    await submitLogin(fields);
    expect($loginFlow.get().error).toBe('Wrong Verification code or No Verification code');
  });

  it('resets the password with the sent code and goes back to the login form with a notice', async () => {
    switchLoginMode('reset');
    api.account.verification.mockResolvedValue({ authenticationKey: 'k1' });
    expect(await sendLoginCode('a@b.co', '+1')).toBe(true);
    expect(api.account.verification).toHaveBeenCalledWith({ email: 'a@b.co', purpose: 'resetPassword' });
    api.account.resetPassword.mockResolvedValue({});
    expect(await submitLogin(fields)).toBe('reset');
    expect(api.account.resetPassword).toHaveBeenCalledWith(
      expect.objectContaining({ authenticationKey: 'k1', newPassword: 'secret1', verificationCode: '1234' }),
    );
    expect($loginFlow.get()).toMatchObject({ mode: 'login', busy: false, error: null });
    expect($loginFlow.get().notice).toBeTruthy();
  });

  it('holds a login behind unsigned terms, and cancelling ends that session again', async () => {
    api.account.login.mockResolvedValue({ userInfo: { virtualCode: 'v' } });
    api.account.contractQuery.mockResolvedValue({
      contractList: [{ policyId: 'p', contractVersion: 1, mustSign: true, signed: false }],
    });
    api.account.contractDetail.mockResolvedValue({ policyId: 'p', contractVersion: 1, content: 'Terms' });
    await submitLogin(fields);
    expect($loginFlow.get().terms?.list).toHaveLength(1);
    cancelTerms();
    expect($loginFlow.get().terms).toBeNull();
    expect(api.account.logout).toHaveBeenCalledTimes(1);
  });
});

describe('a reset link from support (decision 0281)', () => {
  it('opens the reset form holding the code key, and the reset sends that key', async () => {
    const key = 'k'.repeat(32);
    expect(openResetLink(`#reset=${key}&address=a%40b.co`)).toBe('a@b.co');
    expect($loginFlow.get()).toMatchObject({ mode: 'reset', authKey: key });
    api.account.resetPassword.mockResolvedValue({});
    expect(await submitLogin(fields)).toBe('reset');
    expect(api.account.resetPassword).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'a@b.co', verificationCode: '1234', authenticationKey: key }),
    );
  });

  it('ignores a fragment without a well-formed key', () => {
    expect(openResetLink('#reset=short')).toBeNull();
    expect(openResetLink('')).toBeNull();
    expect($loginFlow.get().mode).toBe('login');
  });
});
