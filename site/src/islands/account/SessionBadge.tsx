import './account.css';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $unreadCount } from '../../stores/notifications.ts';
import { $purchaseOpen } from '../../stores/purchaseOpen.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { $session, initSession, loginHref } from '../../stores/session.ts';

// The purchase dialog (with its kit dialog, recharge rules and texts) loads the first time it opens.
const PurchaseHost = lazy(() => import('./PurchaseHost.tsx'));

interface Props {
  visitorMode: boolean;
  /** Layout config msg_chk_int (ms). */
  msgChkInt: number | null;
  /** The badge's texts in the page language (rendered on the server; the island carries no catalogue). */
  texts: {
    login: string;
    /** With a `{count}` placeholder. */
    unread: string;
  };
  /**
   * Whether the request's session may be a user's (lib/viewerKind.ts). Without a session, or with a guest's,
   * the first paint already shows the login link and nothing shifts when the session answer comes.
   */
  signedIn: boolean;
  /** This page's path and query, for the login link's way back (the same on server and browser). */
  here: string;
}

/** The header's session: the account (with unread notifications) for a user, a login link otherwise. */
export default function SessionBadge({ visitorMode, msgChkInt, texts, signedIn, here }: Props) {
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
      <Badge texts={texts} signedIn={signedIn} here={here} />
      {purchaseWanted && (
        <Suspense fallback={null}>
          <PurchaseHost />
        </Suspense>
      )}
    </>
  );
}

function Badge({ texts, signedIn, here }: Pick<Props, 'texts' | 'signedIn' | 'here'>) {
  const session = useStore($session);
  const unread = useStore($unreadCount);
  // The server rendered the badge before the session was known: so does the hydrating render, even when
  // another island has loaded the session meanwhile.
  const hydrated = useHydrated();
  const user = session.user;
  if (!session.loaded || !hydrated) {
    if (signedIn) return <span className="session-badge" data-state="loading" />;
    return (
      <a className="session-badge" data-state="none" href={loginHref(here)}>
        {texts.login}
      </a>
    );
  }
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
