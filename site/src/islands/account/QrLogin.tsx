import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $t } from '../../stores/lang.ts';
import { $qrLogin, refreshQrCode, startQrLogin } from '../../stores/qrLogin.ts';
import { QrCode } from './QrCode.tsx';

/** QR-code login (spec §1, §7): the code, its link and a refresh; the flow is stores/qrLogin.ts. */
export function QrLogin({ onLoggedIn }: { onLoggedIn: () => void }) {
  const t = useStore($t);
  const { state, code } = useStore($qrLogin);
  useEffect(() => startQrLogin(onLoggedIn), [onLoggedIn]);

  return (
    <div className="qr-login" data-state={state}>
      <p>{t('account.qr.hint')}</p>
      {code && state === 'waiting' && (
        <>
          <QrCode text={code.qrContent} label={t('account.qr.title')} />
          <p className="account-hint">
            {t('account.qr.link')}:{' '}
            <a href={code.qrContent} data-testid="qr-link">
              {code.qrContent}
            </a>
          </p>
        </>
      )}
      {(state === 'expired' || state === 'error') && <p role="alert">{t('account.qr.expired')}</p>}
      <button type="button" className="account-link" onClick={() => void refreshQrCode()}>
        {t('account.qr.refresh')}
      </button>
    </div>
  );
}
