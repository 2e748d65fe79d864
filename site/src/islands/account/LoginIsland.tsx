import './account.css';
import { useStore } from '@nanostores/react';
import { MessagesProvider, SendCodeButton } from '@ottkit/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Lang, MessageKey } from '../../i18n/index.ts';
import { kitMessagesFor } from '../../i18n/kit.ts';
import { adoptTypedValues } from '../../lib/typedBeforeHydration.ts';
import { $lang, $t } from '../../stores/lang.ts';
import {
  $loginFlow,
  openResetLink,
  agreeTerms,
  cancelTerms,
  type LoginMode,
  leaveLogin,
  resumeSession,
  sendLoginCode,
  submitLogin,
  switchLoginMode,
} from '../../stores/loginFlow.ts';
import { QrLogin } from './QrLogin.tsx';
import { TermsDialog } from './TermsDialog.tsx';
import { TextField } from './TextField.tsx';
import { useTrimmedInput } from './useTrimmedInput.ts';

interface Props {
  lang: Lang;
  visitorMode: boolean;
}

/**
 * /login (spec §2, §5): log in, sign up, reset the password, or log in by QR code; terms before entering.
 * The flows are in stores/loginFlow.ts; this island holds the typed fields and renders.
 */
export default function LoginIsland({ lang, visitorMode }: Props) {
  if ($lang.get() !== lang) $lang.set(lang);
  const t = useStore($t);
  const messages = kitMessagesFor(lang);
  const { mode, busy, error, notice, terms } = useStore($loginFlow);
  const address = useTrimmedInput();
  const preCode = useTrimmedInput('+1');
  const password = useTrimmedInput();
  const code = useTrimmedInput();
  const [hydrated, setHydrated] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    setHydrated(true);
    adoptTypedValues(form.current, { address: address.set, password: password.set });
    const fromLink = openResetLink(window.location.hash);
    if (fromLink !== null) {
      address.set(fromLink);
      return;
    }
    void resumeSession();
  }, []);

  const isPhone = address.value !== '' && !address.value.includes('@');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields = {
      address: address.flush(),
      preCode: preCode.flush(),
      password: password.flush(),
      code: code.flush(),
    };
    if ((await submitLogin(fields)) === 'reset') {
      password.set('');
      code.set('');
    }
  };

  const title: Record<LoginMode, MessageKey> = {
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
          <QrLogin onLoggedIn={leaveLogin} />
        ) : (
          // POST, and no submitting until hydrated: a form submitted natively would put the password in the URL.
          <form ref={form} className="account-form" method="post" onSubmit={(e) => void submit(e)} noValidate>
            <TextField
              label={t('account.field.address')}
              field={address}
              name="address"
              autoComplete="username"
            />
            {isPhone && (
              <TextField label={t('account.field.preCode')} field={preCode} name="preCode" inputMode="tel" />
            )}
            {mode !== 'login' && (
              <div className="account-code">
                <TextField
                  label={t('account.field.code')}
                  field={code}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={4}
                />
                <SendCodeButton onSend={() => sendLoginCode(address.flush(), preCode.flush())} />
              </div>
            )}
            <TextField
              label={t(mode === 'reset' ? 'account.field.newPassword' : 'account.field.password')}
              field={password}
              name="password"
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            />
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
            <button type="submit" className="account-primary" disabled={busy || !hydrated}>
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
            <button type="button" className="account-link" onClick={() => switchLoginMode('login')}>
              {t('account.action.toLogin')}
            </button>
          )}
          {mode !== 'signup' && (
            <button type="button" className="account-link" onClick={() => switchLoginMode('signup')}>
              {t('account.action.toSignup')}
            </button>
          )}
          {mode === 'login' && (
            <button type="button" className="account-link" onClick={() => switchLoginMode('reset')}>
              {t('account.action.forgot')}
            </button>
          )}
          {mode !== 'qr' && (
            <button type="button" className="account-link" onClick={() => switchLoginMode('qr')}>
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
      {terms && <TermsDialog terms={terms.list} busy={busy} onCancel={cancelTerms} onAgree={agreeTerms} />}
    </MessagesProvider>
  );
}
