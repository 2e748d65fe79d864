import type { SessionResult } from '@ottkit/api-client';
import { atom } from 'nanostores';
import type { MessageKey } from '../i18n/index.ts';
import {
  errorText,
  parseAddress,
  pendingTerms,
  safeRedirect,
  signTerms,
} from '../islands/account/accountActions.ts';
import type { TermsText } from '../islands/account/TermsDialog.tsx';
import { browserApi } from '../lib/api.ts';
import { validateCode, validatePassword } from '../lib/validation.ts';
import { $t } from './lang.ts';
import { refreshSession, sessionStarted } from './session.ts';

/** The /login page's flows (spec §2, §5): log in, sign up, reset the password, or log in by QR code. */
export type LoginMode = 'login' | 'signup' | 'reset' | 'qr';

export interface LoginFlowState {
  mode: LoginMode;
  /** The sign-up or reset code's key, once a code was sent. */
  authKey: string | null;
  busy: boolean;
  /** What went wrong, in the page language (a spec §5 text or the server's message). */
  error: string | null;
  notice: string | null;
  /** Terms to accept before entering (spec §5), with what agreeing does. */
  terms: { list: TermsText[]; agree: () => Promise<void> } | null;
}

const START: LoginFlowState = {
  mode: 'login',
  authKey: null,
  busy: false,
  error: null,
  notice: null,
  terms: null,
};
export const $loginFlow = atom<LoginFlowState>(START);

const patch = (p: Partial<LoginFlowState>) => $loginFlow.set({ ...$loginFlow.get(), ...p });
const fail = (key: MessageKey) => {
  patch({ error: $t.get()(key) });
  return false;
};
const failWith = (e: unknown) => patch({ error: errorText(e, $t.get()) });

/** What the form holds when it is sent (trimmed). */
export interface LoginFields {
  address: string;
  preCode: string;
  password: string;
  code: string;
}

/**
 * Leaves /login for the profile picker, which goes on to ?redirect= (a path of this site) or home; with one
 * profile it sends the person straight on (issue 20 §2).
 */
export function leaveLogin() {
  const target = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
  window.location.assign(`/profiles?redirect=${encodeURIComponent(target)}`);
}

/** Someone whose access cookie ran out still holds a refresh cookie: back in without typing anything. */
export async function resumeSession(): Promise<void> {
  const user = await refreshSession();
  if (user?.loginStatus === 'user') leaveLogin();
}

export function switchLoginMode(mode: LoginMode) {
  patch({ mode, error: null, notice: null, authKey: null });
}

/**
 * A reset link from a message (support's reset, decision 0281): `#reset=<key>&address=<email>` opens the reset
 * form holding the code's key, so the person only types the code and a new password. Answers the address.
 * The key is in the fragment, so it never reaches a server log.
 */
export function openResetLink(hash: string): string | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const key = p.get('reset');
  if (!key || !/^[A-Za-z0-9_-]{16,128}$/.test(key)) return null;
  patch({ mode: 'reset', authKey: key, error: null, notice: $t.get()('account.reset.fromLink') });
  return p.get('address') ?? '';
}

/** Sends the 4-digit code (sign-up or reset); false keeps the button ready (spec §4 countdown only on send). */
export async function sendLoginCode(address: string, preCode: string): Promise<boolean> {
  patch({ error: null });
  const a = parseAddress(address, preCode);
  if (!a.ok) return fail(a.key);
  const purpose = $loginFlow.get().mode === 'signup' ? 'register' : 'resetPassword';
  try {
    const sent = await browserApi.account.verification({ ...a.value, purpose });
    patch({ authKey: sent.authenticationKey });
    void followDelivery(sent.authenticationKey);
    return true;
  } catch (e) {
    failWith(e);
    return false;
  }
}

/** How often, and how long, the page asks how the code's message fares (issue 40). */
const DELIVERY_POLL_MS = 3_000;
const DELIVERY_FOLLOW_MS = 3 * 60_000;

/**
 * Follows the code's message while the form waits for it: says so when the mail service keeps it waiting (it is
 * tried again) and what to do when it could not be sent. Stops once it went, failed, or another code was asked
 * for; a question that gets no answer is asked again at the next turn.
 */
async function followDelivery(key: string): Promise<void> {
  const until = Date.now() + DELIVERY_FOLLOW_MS;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, DELIVERY_POLL_MS));
    if ($loginFlow.get().authKey !== key) return;
    let answer: Awaited<ReturnType<typeof browserApi.account.verificationDelivery>>;
    try {
      answer = await browserApi.account.verificationDelivery({ authenticationKey: key });
    } catch {
      continue;
    }
    if ($loginFlow.get().authKey !== key) return;
    const t = $t.get();
    if (answer.state === 'sent') {
      if ($loginFlow.get().notice === t('account.delivery.delayed')) patch({ notice: null });
      return;
    }
    if (answer.state === 'failed') {
      const address = answer.failure === 'refusedAddress' || answer.failure === 'webhookRefused';
      patch({
        notice: null,
        error: t(address ? 'account.delivery.failed.address' : 'account.delivery.failed.other'),
      });
      return;
    }
    if (answer.state === 'delayed') patch({ notice: t('account.delivery.delayed') });
  }
}

/** Terms first (spec §5): scrolled to the bottom, 'Agree and log in', then `enter`, then the signatures. */
async function withTerms(list: TermsText[], enter: () => Promise<SessionResult>) {
  const finish = async () => {
    const session = await enter();
    await signTerms(list, session);
    sessionStarted(session.userInfo);
    leaveLogin();
  };
  if (list.length === 0) return finish();
  patch({ terms: { list, agree: finish } });
}

/**
 * Sends the form of the current mode. Resolves 'reset' when a password was reset (the page clears its
 * password and code fields and shows the login form with a notice).
 */
export async function submitLogin(fields: LoginFields): Promise<'reset' | undefined> {
  patch({ error: null, notice: null });
  const a = parseAddress(fields.address, fields.preCode);
  if (!a.ok) {
    fail(a.key);
    return;
  }
  const { mode, authKey } = $loginFlow.get();
  const pw = fields.password;
  patch({ busy: true });
  try {
    if (mode === 'login') {
      if (!pw) return void fail('account.error.passwordLength');
      const session = await browserApi.account.login({ loginInfo: { ...a.value, password: pw } });
      const todo = await pendingTerms();
      if (todo.length === 0) {
        sessionStarted(session.userInfo);
        leaveLogin();
        return;
      }
      // Terms not yet accepted: log in only once they are; cancelling ends this session again.
      await withTerms(todo, async () => session);
      return;
    }
    const pwKey = validatePassword(pw);
    if (pwKey) return void fail(pwKey);
    if (validateCode(fields.code) || !authKey) return void fail('account.error.code');
    if (mode === 'signup') {
      const todo = await pendingTerms();
      await withTerms(todo, () =>
        browserApi.account.register({
          registerInfo: { ...a.value, password: pw, verificationCode: fields.code },
          authenticationKey: authKey,
        }),
      );
      return;
    }
    await browserApi.account.resetPassword({
      ...a.value,
      verificationCode: fields.code,
      authenticationKey: authKey,
      newPassword: pw,
    });
    patch({ mode: 'login', notice: $t.get()('account.reset.done') });
    return 'reset';
  } catch (err) {
    failWith(err);
  } finally {
    patch({ busy: false });
  }
}

/** The terms dialog's Agree: enter, sign, leave; a failure closes the dialog and says why. */
export function agreeTerms() {
  const terms = $loginFlow.get().terms;
  if (!terms) return;
  patch({ busy: true });
  terms.agree().catch((err: unknown) => {
    patch({ terms: null, busy: false });
    failWith(err);
  });
}

/** The terms dialog's Cancel: a login that waited for the terms is ended again; a sign-up had not started. */
export function cancelTerms() {
  patch({ terms: null });
  if ($loginFlow.get().mode === 'login') void browserApi.account.logout({}).catch(() => {});
}
