import { useStore } from '@nanostores/react';
import { ErrCode, isApiError } from '@ottkit/api-client/client';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../../lib/api.ts';
import { $t } from '../../stores/lang.ts';
import { sessionStarted } from '../../stores/session.ts';
import { QrCode } from './QrCode.tsx';

interface Code {
  scanCodeId: string;
  pollToken: string;
  qrContent: string;
  expiresAt: number;
  pollIntervalSeconds: number;
}

/**
 * QR-code login (spec §1, §7): this browser plays the TV box. It shows a code, polls the quick-login-token
 * query (10101149 "pending" is silenced), offers a refresh when the code expires, and once a logged-in phone
 * approves, trades the answered refresh token for this browser's own HttpOnly cookies.
 */
export function QrLogin({ onLoggedIn }: { onLoggedIn: () => void }) {
  const t = useStore($t);
  const [code, setCode] = useState<Code | null>(null);
  const [state, setState] = useState<'loading' | 'waiting' | 'expired' | 'error'>('loading');

  const fresh = useCallback(async () => {
    setState('loading');
    try {
      setCode(await browserApi.account.scanCode({ deviceName: 'Web browser' }));
      setState('waiting');
    } catch {
      setState('error');
    }
  }, []);
  useEffect(() => {
    void fresh();
  }, [fresh]);

  useEffect(() => {
    if (!code || state !== 'waiting') return;
    let stopped = false;
    const poll = async () => {
      if (stopped) return;
      if (Date.now() > code.expiresAt) {
        setState('expired');
        return;
      }
      try {
        const session = await browserApi.account.quickLoginToken({
          scanCodeId: code.scanCodeId,
          pollToken: code.pollToken,
        });
        // The poll answers tokens in its body only; a refresh with them sets this browser's cookies.
        const { userInfo } = await browserApi.account.refreshToken({
          refreshToken: session.tokens.refreshToken,
        });
        sessionStarted(userInfo);
        if (!stopped) onLoggedIn();
        return;
      } catch (e) {
        if (isApiError(e) && e.errCode === ErrCode.QR_TOKEN_PENDING) {
          timer = setTimeout(poll, code.pollIntervalSeconds * 1000);
          return;
        }
        if (!stopped) setState('expired');
      }
    };
    let timer = setTimeout(poll, code.pollIntervalSeconds * 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [code, state, onLoggedIn]);

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
      <button type="button" className="account-link" onClick={() => void fresh()}>
        {t('account.qr.refresh')}
      </button>
    </div>
  );
}
