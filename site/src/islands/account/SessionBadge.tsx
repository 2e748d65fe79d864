import './account.css';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $unreadCount } from '../../stores/notifications.ts';
import { $purchaseOpen } from '../../stores/purchaseOpen.ts';
import { $session, initSession, loginHref } from '../../stores/session.ts';

// The purchase dialog (with its kit dialog, recharge rules and texts) loads the first time it opens.
const PurchaseHost = lazy(() => import('./PurchaseHost.tsx'));

interface Props {
  visitorMode: boolean;
  /** Layout config msg_chk_int (ms). */
  msgChkInt: number | null;
  /** The badge's texts in the page language (rendered on the server; the island carries no catalogue). */
  texts: { login: string /** With a `{count}` placeholder. */; unread: string };
}

/** The header's session: the account (with unread notifications) for a user, a login link otherwise. */
export default function SessionBadge({ visitorMode, msgChkInt, texts }: Props) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void initSession({ visitorMode }).then(async (s) => {
      if (cancelled || s.user?.loginStatus !== 'user') return;
      const { startMessageCheck } = await import('../../jobs/messageCheck.ts');
      if (!cancelled) stop = startMessageCheck(msgChkInt);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [visitorMode, msgChkInt]);

  // The purchase dialog lives here, in every page's header, so any page can open it (openPurchase()).
  const purchaseOpen = useStore($purchaseOpen);
  const [purchaseWanted, setPurchaseWanted] = useState(false);
  if (purchaseOpen && !purchaseWanted) setPurchaseWanted(true);
  return (
    <>
      <Badge texts={texts} />
      {purchaseWanted && (
        <Suspense fallback={null}>
          <PurchaseHost />
        </Suspense>
      )}
    </>
  );
}

function Badge({ texts }: Pick<Props, 'texts'>) {
  const session = useStore($session);
  const unread = useStore($unreadCount);
  const user = session.user;
  if (!session.loaded) return <span className="session-badge" data-state="loading" />;
  if (user?.loginStatus !== 'user') {
    return (
      <a className="session-badge" data-state={user ? 'guest' : 'none'} href={loginHref()}>
        {texts.login}
      </a>
    );
  }
  const unreadText = texts.unread.replace('{count}', String(unread));
  return (
    <a className="session-badge" data-state="user" href="/my">
      <span>{user.accountName || user.email || user.phone}</span>
      {unread > 0 && (
        <span className="session-badge__unread" title={unreadText}>
          <span aria-hidden="true">{unread}</span>
          <span className="visually-hidden">{unreadText}</span>
        </span>
      )}
    </a>
  );
}
