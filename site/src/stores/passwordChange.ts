import { atom } from 'nanostores';
import { errorText } from '../islands/account/accountActions.ts';
import { browserApi } from '../lib/api.ts';
import { validatePassword } from '../lib/validation.ts';
import { $t } from './lang.ts';

/** The change-password form of /my/password (spec §5): busy while sending, then what happened, in words. */
export interface PasswordChangeState {
  busy: boolean;
  result: { ok: boolean; text: string } | null;
}
export const $passwordChange = atom<PasswordChangeState>({ busy: false, result: null });

/** Changes the password; true when it changed (the form then clears its fields). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<boolean> {
  const t = $t.get();
  const key = validatePassword(newPassword);
  if (key) {
    $passwordChange.set({ busy: false, result: { ok: false, text: t(key) } });
    return false;
  }
  $passwordChange.set({ ...$passwordChange.get(), busy: true });
  try {
    await browserApi.account.modifyPassword({ oldPassword, newPassword });
    $passwordChange.set({ busy: false, result: { ok: true, text: t('account.password.done') } });
    return true;
  } catch (err) {
    $passwordChange.set({ busy: false, result: { ok: false, text: errorText(err, t) } });
    return false;
  }
}
