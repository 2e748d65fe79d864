import { operatorSignIn, operatorTotp } from '@ottkit/api-client/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { QrCode } from '../account/QrCode.tsx';
import { adoptTypedValues } from '../../lib/typedBeforeHydration.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: string; enrol?: { secret: string; otpauthUri: string } }
  | { kind: 'recovery'; codes: string[] };

/** /admin/login: password, then the authenticator code; the first sign-in enrols the authenticator (issue 18). */
export default function ConsoleLogin({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  // Until hydrated, nothing submits (a form posted natively would put its fields in the URL).
  const ready = useHydrated();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const form = useConsoleForm({ email: '', password: '', code: '' });
  const { setValues } = form;
  const [useRecovery, setUseRecovery] = useState(false);
  const { busy, outcome, setOutcome, act: run } = useConsoleAction(t);
  const passwordForm = useRef<HTMLFormElement>(null);
  // What was typed before hydration stays (issue 35); the setters are stable, so this runs once.
  useEffect(
    () =>
      adoptTypedValues(passwordForm.current, {
        email: (email) => setValues((v) => ({ ...v, email })),
        password: (password) => setValues((v) => ({ ...v, password })),
      }),
    [setValues],
  );

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    const input = { email: form.values.email.trim(), password: form.values.password };
    const words = (k: string) => t(k === 'email' ? 'admin.error.email' : 'admin.error.required');
    if (!form.check(operatorSignIn, input, words)) return;
    void run(async () => {
      const r = await consoleApi.operator.operatorSignIn(input);
      setValues((v) => ({ ...v, code: '' }));
      setStep({ kind: 'code', challenge: r.challenge, ...(r.enrol ? { enrol: r.enrol } : {}) });
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'code') return;
    const value = form.values.code.trim();
    const input = useRecovery
      ? { challenge: step.challenge, recoveryCode: value }
      : { challenge: step.challenge, code: value };
    const words = () => t(useRecovery ? 'admin.error.recovery' : 'admin.error.code');
    if (!form.check(operatorTotp, input, words)) return;
    void run(async () => {
      const r = await consoleApi.operator.operatorTotp(input);
      if (r.recoveryCodes) setStep({ kind: 'recovery', codes: r.recoveryCodes });
      else window.location.assign('/admin');
    });
  };

  if (step.kind === 'recovery') {
    return (
      <section className="console-card console-narrow" aria-labelledby="recovery-title" data-ready={ready}>
        <h2 id="recovery-title">{t('admin.login.recoveryTitle')}</h2>
        <p>{t('admin.login.recoveryText')}</p>
        <ul className="console-codes" data-testid="recovery-codes">
          {step.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        {/* The first sign-in lands on the dashboard (issue 37): what the service is doing now, for every role. */}
        <button
          type="button"
          className="console-button"
          onClick={() => window.location.assign('/admin/dashboard')}
        >
          {t('admin.login.recoverySaved')}
        </button>
      </section>
    );
  }

  if (step.kind === 'code') {
    return (
      <section className="console-card console-narrow" aria-labelledby="code-title" data-ready={ready}>
        <h2 id="code-title">{step.enrol ? t('admin.login.enrolTitle') : t('admin.login.title')}</h2>
        {step.enrol && (
          <>
            <p>{t('admin.login.enrolText')}</p>
            <div className="console-qr">
              <QrCode text={step.enrol.otpauthUri} label={t('admin.login.qr')} size={200} />
            </div>
            <p>
              {t('admin.login.key')}:{' '}
              <span className="console-key" data-testid="totp-secret">
                {step.enrol.secret}
              </span>
            </p>
          </>
        )}
        <form className="console-form" onSubmit={submitCode} method="post" noValidate>
          <Field
            label={useRecovery ? t('admin.login.recovery') : t('admin.login.code')}
            hint={useRecovery ? undefined : t('admin.login.codeHint')}
            {...form.bind('code', useRecovery ? 'recoveryCode' : 'code')}
            autoComplete="one-time-code"
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoFocus
          />
          <Outcome outcome={outcome} />
          <button type="submit" className="console-button" disabled={busy || !ready}>
            {t('admin.login.signIn')}
          </button>
          {!step.enrol && (
            <button
              type="button"
              className="console-button link"
              onClick={() => {
                setUseRecovery(!useRecovery);
                form.reset({ ...form.values, code: '' });
              }}
            >
              {useRecovery ? t('admin.login.useCode') : t('admin.login.useRecovery')}
            </button>
          )}
          <button
            type="button"
            className="console-button link"
            onClick={() => {
              setStep({ kind: 'password' });
              setOutcome(null);
            }}
          >
            {t('admin.login.startAgain')}
          </button>
        </form>
      </section>
    );
  }

  return (
    <section className="console-card console-narrow" aria-labelledby="login-title" data-ready={ready}>
      <h2 id="login-title">{t('admin.login.title')}</h2>
      <form ref={passwordForm} className="console-form" onSubmit={submitPassword} method="post" noValidate>
        <Field label={t('admin.login.email')} type="email" autoComplete="username" {...form.bind('email')} />
        <Field
          label={t('admin.login.password')}
          type="password"
          autoComplete="current-password"
          {...form.bind('password')}
        />
        <Outcome outcome={outcome} />
        <button type="submit" className="console-button" disabled={busy || !ready}>
          {t('admin.login.next')}
        </button>
      </form>
    </section>
  );
}
