import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ account: { modifyPassword: vi.fn() } }));
vi.mock('../lib/api.ts', () => ({ browserApi: api }));

const { $passwordChange, changePassword } = await import('./passwordChange.ts');

beforeEach(() => {
  api.account.modifyPassword.mockReset();
  $passwordChange.set({ busy: false, result: null });
});

describe('change password store (spec §5)', () => {
  it('refuses a new password of the wrong length without calling the server', async () => {
    expect(await changePassword('old-one', '123')).toBe(false);
    expect($passwordChange.get().result).toEqual({
      ok: false,
      text: 'The password must be 6-16 characters in length',
    });
    expect(api.account.modifyPassword).not.toHaveBeenCalled();
  });

  it('changes it and says so; a refusal shows the server message', async () => {
    api.account.modifyPassword.mockResolvedValueOnce({});
    expect(await changePassword('old-one', 'new-one1')).toBe(true);
    expect(api.account.modifyPassword).toHaveBeenCalledWith({
      oldPassword: 'old-one',
      newPassword: 'new-one1',
    });
    expect($passwordChange.get()).toMatchObject({ busy: false, result: { ok: true } });
    api.account.modifyPassword.mockRejectedValueOnce(new Error('x'));
    expect(await changePassword('old-one', 'new-one1')).toBe(false);
    expect($passwordChange.get()).toMatchObject({ busy: false, result: { ok: false } });
  });
});
