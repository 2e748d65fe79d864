import './profiles.css';
import { Dialog, dialogButton, MessagesProvider } from '@ottkit/ui';
import { type FormEvent, useRef, useState } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { kitMessagesFor } from '../../i18n/kit.ts';
import type { Lang } from '../../i18n/langs.ts';
import { isPin, type ProfileOutcome } from '../../stores/profiles.ts';

interface Props {
  lang: Lang;
  t: Translate;
  title: string;
  /** Said above the field (why the PIN is asked). */
  reason?: string;
  /** Tries the action with the PIN; a refusal's text shows under the field. */
  onSubmit: (pin: string) => Promise<ProfileOutcome>;
  onClose: () => void;
  /** A refusal to show from the start (the prompt came back after a wrong PIN). */
  initialError?: string;
}

/** Asks for the parental PIN for one action (leaving a kids profile, a rating change, one play). */
export function PinPrompt({ lang, t, title, reason, onSubmit, onClose, initialError }: Props) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!isPin(pin)) {
      setError(t('profiles.pin.format'));
      field.current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await onSubmit(pin);
    setBusy(false);
    if (!outcome.ok) {
      setError(t(outcome.messageKey, { max: '5' }));
      setPin('');
      field.current?.focus();
    }
  };
  return (
    <MessagesProvider messages={kitMessagesFor(lang)}>
      <Dialog
        open
        onClose={onClose}
        title={title}
        initialFocus={field}
        kind="pin"
        footer={
          <>
            <button type="button" className={dialogButton.secondary} onClick={onClose}>
              {t('profiles.cancel')}
            </button>
            <button
              type="button"
              className={dialogButton.primary}
              disabled={busy}
              onClick={() => void submit()}
            >
              {t('profiles.pin.confirm')}
            </button>
          </>
        }
      >
        <form className="pin-prompt" method="post" onSubmit={(e) => void submit(e)}>
          {reason && <p>{reason}</p>}
          <label>
            <span>{t('profiles.pin.field')}</span>
            <input
              ref={field}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              pattern="\d{4}"
              value={pin}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'pin-error' : undefined}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
            />
          </label>
          {error && (
            <p id="pin-error" role="alert" className="pin-prompt__error">
              {error}
            </p>
          )}
        </form>
      </Dialog>
    </MessagesProvider>
  );
}
