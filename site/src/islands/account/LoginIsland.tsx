import './account.css';
import { useStore } from '@nanostores/react';
import type { SessionResult } from '@ottkit/api-client';
import { MessagesProvider, SendCodeButton } from '@ottkit/ui';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { Lang, MessageKey } from '../../i18n/index.ts';
import { kitMessagesFor } from '../../i18n/kit.ts';
import { browserApi } from '../../lib/api.ts';
import { validateCode, validatePassword } from '../../lib/validation.ts';
import { $lang, $t } from '../../stores/lang.ts';
import { refreshSession, sessionStarted } from '../../stores/session.ts';
import { errorText, parseAddress, pendingTerms, safeRedirect, signTerms } from './accountActions.ts';
import { QrLogin } from './QrLogin.tsx';
import { TermsDialog, type TermsText } from './TermsDialog.tsx';
import { useTrimmedInput } from './useTrimmedInput.ts';

type Mode = 'login' | 'signup' | 'reset' | 'qr';

interface Props {
  lang: Lang;
  visitorMode: boolean;
}

/** /login (spec §2, §5): log in, sign up, reset the password, or log in by QR code; terms before entering. */
export default function LoginIsland({ lang, visitorMode }: Props) {
  if ($lang.get() !== lang) $lang.set(lang);
  const t = useStore($t);
  const messages = kitMessagesFor(lang);
  const [mode, setMode] = useState<Mode>('login');
  const address = useTrimmedInput();
  const preCode = useTrimmedInput('+1');
  const password = useTrimmedInput();
  const code = useTrimmedInput();
  const [authKey, setAuthKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [terms, setTerms] = useState<{ list: TermsText[]; agree: () => Promise<void> } | null>(null);
  const [hydrated, setHydrated] = useState(false);

  const go = useCallback(() => {
    window.location.assign(safeRedirect(new URLSearchParams(window.location.search).get('redirect')));
  }, []);

  // Someone whose access cookie ran out still holds a refresh cookie: back in without typing anything.
  useEffect(() => {
    setHydrated(true);
    void refreshSession().then((user) => {
      if (user?.loginStatus === 'user') go();
    });
  }, [go]);

  const fail = (key: MessageKey) => {
    setError(t(key));
    return false;
  };
  const isPhone = address.value !== '' && !address.value.includes('@');

  /** Sends the 4-digit code (sign-up or reset); false keeps the button ready (spec §4 countdown only on send). */
  const sendCode = async (purpose: 'register' | 'resetPassword') => {
    setError(null);
    const a = parseAddress(address.flush(), preCode.flush());
    if (!a.ok) return fail(a.key);
    try {
      const sent = await browserApi.account.verification({ ...a.value, purpose });
      setAuthKey(sent.authenticationKey);
      return true;
    } catch (e) {
      setError(errorText(e, t));
      return false;
    }
  };

  /** Terms first (spec §5): scrolled to the bottom, 'Agree and log in', then `enter`, then the signatures. */
  const withTerms = async (list: TermsText[], enter: () => Promise<SessionResult>) => {
    const finish = async () => {
      const session = await enter();
      await signTerms(list, session);
      sessionStarted(session.userInfo);
      go();
    };
    if (list.length === 0) return finish();
    setTerms({ list, agree: finish });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    const a = parseAddress(address.flush(), preCode.flush());
    if (!a.ok) return fail(a.key);
    const pw = password.flush();
    setBusy(true);
    try {
      if (mode === 'login') {
        if (!pw) return fail('account.error.passwordLength');
        const session = await browserApi.account.login({ loginInfo: { ...a.value, password: pw } });
        const todo = await pendingTerms();
        if (todo.length === 0) {
          sessionStarted(session.userInfo);
          go();
          return;
        }
        // Terms not yet accepted: log in only once they are; cancelling ends this session again.
        await withTerms(todo, async () => session);
        return;
      }
      const pwKey = validatePassword(pw);
      if (pwKey) return fail(pwKey);
      const c = code.flush();
      const codeKey = validateCode(c);
      if (codeKey || !authKey) return fail('account.error.code');
      if (mode === 'signup') {
        const todo = await pendingTerms();
        await withTerms(todo, () =>
          browserApi.account.register({
            registerInfo: { ...a.value, password: pw, verificationCode: c },
            authenticationKey: authKey,
          }),
        );
        return;
      }
      await browserApi.account.resetPassword({
        ...a.value,
        verificationCode: c,
        authenticationKey: authKey,
        newPassword: pw,
      });
      setNotice(t('account.reset.done'));
      password.set('');
      code.set('');
      setMode('login');
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const switchTo = (m: Mode) => {
    setMode(m);
    setError(null);
    setNotice(null);
    setAuthKey(null);
  };
  const title: Record<Mode, MessageKey> = {
    login: 'account.login.title',
    signup: 'account.signup.title',
    reset: 'account.reset.title',
    qr: 'account.qr.title',
  };

  return (
    <MessagesProvider messages={messages}>
      <div className="account-card" data-mode={mode} data-ready={hydrated ? 'true' : 'false'}>
        <h1 className="page-title">{t(title[mode])}</h1>
        {mode === 'qr' ? (
          <QrLogin onLoggedIn={go} />
        ) : (
          <form className="account-form" onSubmit={(e) => void submit(e)} noValidate>
            <label>
              <span>{t('account.field.address')}</span>
              <input
                name="address"
                autoComplete="username"
                value={address.value}
                onChange={(e) => address.onChange(e.target.value)}
              />
            </label>
            {isPhone && (
              <label>
                <span>{t('account.field.preCode')}</span>
                <input
                  name="preCode"
                  inputMode="tel"
                  value={preCode.value}
                  onChange={(e) => preCode.onChange(e.target.value)}
                />
              </label>
            )}
            {mode !== 'login' && (
              <div className="account-code">
                <label>
                  <span>{t('account.field.code')}</span>
                  <input
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={4}
                    value={code.value}
                    onChange={(e) => code.onChange(e.target.value)}
                  />
                </label>
                <SendCodeButton onSend={() => sendCode(mode === 'signup' ? 'register' : 'resetPassword')} />
              </div>
            )}
            <label>
              <span>{t(mode === 'reset' ? 'account.field.newPassword' : 'account.field.password')}</span>
              <input
                name="password"
                type="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                value={password.value}
                onChange={(e) => password.onChange(e.target.value)}
              />
            </label>
            {error && (
              <p className="account-error" role="alert">
                {error}
              </p>
            )}
            {notice && (
              <p className="account-ok" role="status">
                {notice}
              </p>
            )}
            <button type="submit" className="account-primary" disabled={busy}>
              {t(
                mode === 'login'
                  ? 'account.action.login'
                  : mode === 'signup'
                    ? 'account.action.signup'
                    : 'account.action.reset',
              )}
            </button>
          </form>
        )}
        <nav className="account-switch" aria-label={t('account.my.sections')}>
          {mode !== 'login' && (
            <button type="button" className="account-link" onClick={() => switchTo('login')}>
              {t('account.action.toLogin')}
            </button>
          )}
          {mode !== 'signup' && (
            <button type="button" className="account-link" onClick={() => switchTo('signup')}>
              {t('account.action.toSignup')}
            </button>
          )}
          {mode === 'login' && (
            <button type="button" className="account-link" onClick={() => switchTo('reset')}>
              {t('account.action.forgot')}
            </button>
          )}
          {mode !== 'qr' && (
            <button type="button" className="account-link" onClick={() => switchTo('qr')}>
              {t('account.action.toQr')}
            </button>
          )}
          {visitorMode && (
            <a className="account-link" href="/home">
              {t('account.action.guest')}
            </a>
          )}
        </nav>
      </div>
      {terms && (
        <TermsDialog
          terms={terms.list}
          busy={busy}
          onCancel={() => {
            setTerms(null);
            // A login that waited for the terms is ended again; a sign-up had not started.
            if (mode === 'login') void browserApi.account.logout({}).catch(() => {});
          }}
          onAgree={() => {
            setBusy(true);
            terms.agree().catch((err: unknown) => {
              setTerms(null);
              setError(errorText(err, t));
              setBusy(false);
            });
          }}
        />
      )}
    </MessagesProvider>
  );
}
