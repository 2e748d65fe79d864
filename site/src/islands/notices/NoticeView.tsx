import '../account/account.css';
import { useStore } from '@nanostores/react';
import { type Messages, Marquee, MessagesProvider, NoticePopup } from '@ottkit/ui';
import { useEffect, useState } from 'react';
import { $selectedChannelId } from '../../stores/channels.ts';
import { markNoticeRead, marqueeEnded } from '../../stores/noticeReads.ts';
import { $marqueeRuns, $notices, $readNotices } from '../../stores/notices.ts';
import { $catchup } from '../../stores/playback.ts';
import { $vodPlayer } from '../../stores/vodPlayer.ts';
import { type NoticePage, selectMarquee, selectPopup } from './selection.ts';

interface Props {
  page: NoticePage;
  messages: Partial<Messages>;
}

/**
 * The operator's notices on this page (spec §4): the top marquee and the popup. The page's own mode is
 * overridden while the catch-up dialog (playback) or the VOD player is open. Loaded by NoticeHost once there
 * are notices at all.
 */
export default function NoticeView({ page, messages }: Props) {
  const notices = useStore($notices);
  const read = useStore($readNotices);
  const runs = useStore($marqueeRuns);
  const catchup = useStore($catchup);
  const vod = useStore($vodPlayer);
  const channelId = useStore($selectedChannelId);
  const [now, setNow] = useState(() => Date.now());

  const effective: NoticePage = catchup ? 'playback' : vod.state !== 'idle' ? 'vodPlayer' : page;
  const popup = selectPopup(notices, effective, read);
  const marquee = selectMarquee(notices, effective, read, runs, now, channelId);

  // A marquee waiting out its displayInterval: wake up when it is due.
  useEffect(() => {
    if (marquee.waitUntil === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, marquee.waitUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [marquee.waitUntil]);

  const m = marquee.notice;
  return (
    <MessagesProvider messages={messages}>
      {m && (
        <div className="notice-marquee" data-notice-id={m.id}>
          <Marquee
            key={`${m.id}:${runs.get(m.id)?.runs ?? 0}`}
            notice={m}
            onAnimationEnd={() => {
              const at = Date.now();
              marqueeEnded(m, at);
              setNow(at);
            }}
          />
        </div>
      )}
      {popup && (
        <NoticePopup
          key={popup.id}
          open
          notice={{ id: popup.id, msg: popup.msg, ...(popup.title ? { title: popup.title } : {}) }}
          onOk={markNoticeRead}
        />
      )}
    </MessagesProvider>
  );
}
