import './account.css';
import { useStore } from '@nanostores/react';
import { MessagesProvider } from '@ottkit/ui';
import { useEffect, useMemo } from 'react';
import { startMessageCheck } from '../../jobs/messageCheck.ts';
import { $t } from '../../stores/lang.ts';
import { $unreadCount } from '../../stores/notifications.ts';
import { $session, initSession, loginHref } from '../../stores/session.ts';
import { accountKitMessages } from './kitMessages.ts';
import { PurchaseHost } from './PurchaseHost.tsx';

interface Props {
  visitorMode: boolean;
  /** Layout config msg_chk_int (ms). */
  msgChkInt: number | null;
}

/** The header's session: the account (with unread notifications) for a user, a login link otherwise. */
export default function SessionBadge({ visitorMode, msgChkInt }: Props) {
  const t = useStore($t);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void initSession({ visitorMode }).then((s) => {
      if (!cancelled && s.user?.loginStatus === 'user') stop = startMessageCheck(msgChkInt);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [visitorMode, msgChkInt]);

  const messages = useMemo(() => accountKitMessages(t), [t]);
  // The purchase dialog lives here, in every page's header, so any page can open it (openPurchase()).
  return (
    <MessagesProvider messages={messages}>
      <Badge />
      <PurchaseHost />
    </MessagesProvider>
  );
}

function Badge() {
  const t = useStore($t);
  const session = useStore($session);
  const unread = useStore($unreadCount);
  const user = session.user;
  if (!session.loaded) return <span className="session-badge" data-state="loading" />;
  if (user?.loginStatus !== 'user') {
    return (
      <a className="session-badge" data-state={user ? 'guest' : 'none'} href={loginHref()}>
        {t('account.session.login')}
      </a>
    );
  }
  return (
    <a className="session-badge" data-state="user" href="/my">
      <span>{user.accountName || user.email || user.phone}</span>
      {unread > 0 && (
        <span className="session-badge__unread" title={t('account.session.unread', { count: unread })}>
          <span aria-hidden="true">{unread}</span>
          <span className="visually-hidden">{t('account.session.unread', { count: unread })}</span>
        </span>
      )}
    </a>
  );
}
