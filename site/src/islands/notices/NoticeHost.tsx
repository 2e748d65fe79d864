import '../account/account.css';
import { useStore } from '@nanostores/react';
import type { Messages } from '@ottkit/ui';
import { lazy, Suspense, useEffect } from 'react';
import { $notices, loadNotices } from '../../stores/notices.ts';
import { initSession } from '../../stores/session.ts';
import type { NoticePage } from './selection.ts';

// The marquee, the popup and the rules choosing them load only when the operator has notices at all.
const NoticeView = lazy(() => import('./NoticeView.tsx'));

interface Props {
  page: NoticePage;
  visitorMode: boolean;
  /** The kit's notice texts (noticeTitle, ok, close) in the page language, rendered on the server. */
  messages: Partial<Messages>;
}

/** The operator's notices on this page (spec §4): fetched once the session is known, shown by NoticeView. */
export default function NoticeHost({ page, visitorMode, messages }: Props) {
  const notices = useStore($notices);
  useEffect(() => {
    void initSession({ visitorMode }).then(loadNotices);
  }, [visitorMode]);
  if (notices.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NoticeView page={page} messages={messages} />
    </Suspense>
  );
}
