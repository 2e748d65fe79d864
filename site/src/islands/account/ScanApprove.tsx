import './account.css';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api.ts';
import { $t } from '../../stores/lang.ts';

/**
 * The page a logged-in phone opens from a TV box's QR code (spec §1, §7 scan calls): shows which device
 * asks, and approves it. The box's next poll then receives its own session.
 */
export default function ScanApprove({ code }: { code: string }) {
  const t = useStore($t);
  const [state, setState] = useState<'loading' | 'ask' | 'busy' | 'done' | 'invalid'>('loading');
  const [device, setDevice] = useState('');
  useEffect(() => {
    browserApi.account
      .scanCodeInfo({ scanCodeId: code })
      .then((info) => {
        setDevice(info.deviceName);
        setState(info.status === 'pending' ? 'ask' : 'invalid');
      })
      .catch(() => setState('invalid'));
  }, [code]);
  const approve = async () => {
    setState('busy');
    try {
      await browserApi.account.scanCodeLogin({ scanCodeId: code });
      setState('done');
    } catch {
      setState('invalid');
    }
  };
  return (
    <div className="account-card" data-state={state}>
      {(state === 'ask' || state === 'busy') && (
        <>
          <p>{t('account.scan.question', { device })}</p>
          <button
            type="button"
            className="account-primary"
            disabled={state === 'busy'}
            onClick={() => void approve()}
          >
            {t('account.scan.approve')}
          </button>
        </>
      )}
      {state === 'done' && <p role="status">{t('account.scan.done')}</p>}
      {state === 'invalid' && <p role="alert">{t('account.scan.invalid')}</p>}
    </div>
  );
}
