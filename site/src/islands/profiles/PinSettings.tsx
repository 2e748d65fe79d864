import { type FormEvent, useState } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { isPin, setParentalPin } from '../../stores/profiles.ts';

/** My account's parental PIN: set it, or change it with the current one. */
export function PinSettings({ t, pinSet }: { t: Translate; pinSet: boolean }) {
  const [pin, setPin] = useState('');
  const [current, setCurrent] = useState('');
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const digits = (s: string) => s.replace(/\D/g, '').slice(0, 4);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isPin(pin) || (pinSet && !isPin(current))) {
      setMsg({ ok: false, text: t('profiles.pin.format') });
      return;
    }
    const outcome = await setParentalPin(pin, pinSet ? current : undefined);
    setMsg(
      outcome.ok ? { ok: true, text: t('profiles.pin.saved') } : { ok: false, text: t(outcome.messageKey) },
    );
    if (outcome.ok) {
      setPin('');
      setCurrent('');
    }
  };
  return (
    <section className="pin-settings" aria-labelledby="pin-settings-title">
      <h3 id="pin-settings-title">{t('profiles.pin.title')}</h3>
      <p>{t('profiles.pin.about')}</p>
      <p>{pinSet ? t('profiles.pin.isSet') : t('profiles.pin.none')}</p>
      <form className="account-form" method="post" onSubmit={(e) => void submit(e)} noValidate>
        {pinSet && (
          <label>
            <span>{t('profiles.pin.current')}</span>
            <input
              type="password"
              inputMode="numeric"
              autoComplete="off"
              name="currentPin"
              value={current}
              onChange={(e) => setCurrent(digits(e.target.value))}
            />
          </label>
        )}
        <label>
          <span>{t('profiles.pin.new')}</span>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            name="newPin"
            value={pin}
            onChange={(e) => setPin(digits(e.target.value))}
          />
        </label>
        {msg && (
          <p className={msg.ok ? 'account-ok' : 'account-error'} role={msg.ok ? 'status' : 'alert'}>
            {msg.text}
          </p>
        )}
        <button type="submit" className="account-primary">
          {t('profiles.pin.save')}
        </button>
      </form>
    </section>
  );
}
