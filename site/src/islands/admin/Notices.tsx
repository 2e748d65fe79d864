import './notices/notices.css';
import {
  type ConsoleNotice,
  noticeCreate,
  notificationBroadcast,
  notificationSend,
  type OperatorRole,
  roleMayCall,
} from '@ottkit/api-client/contract';
import { useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { NoticeComposer } from './notices/NoticeComposer.tsx';
import { NoticeTable } from './notices/NoticeTable.tsx';
import { NotificationSender } from './notices/NotificationSender.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';

/**
 * /admin/notices (issue 18 §6): the notices with their status; editors compose (with a preview as viewers see
 * it), schedule and withdraw them; support and editors send notifications. What a role may not do is not shown.
 */
export default function Notices({ lang, role }: { lang: Lang; role: OperatorRole }) {
  const t = createAdminT(lang);
  // Until hydrated, nothing submits (a form posted natively would put its fields in the URL).
  const ready = useHydrated();
  const [notices, setNotices] = useState<ConsoleNotice[] | null>(null);
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);
  const mayWrite = roleMayCall(role, noticeCreate);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival; later changes come from this screen's calls.
  useEffect(() => {
    void act(async () => {
      setNotices((await consoleApi.operator.noticeList({})).notices);
      return undefined;
    });
  }, []);

  const replace = (n: ConsoleNotice) =>
    setNotices((list) =>
      [n, ...(list ?? []).filter((x) => x.id !== n.id)].sort((a, b) => b.createdAt - a.createdAt),
    );

  const withdraw = async (n: ConsoleNotice) => {
    if (!(await confirm(t('admin.notices.withdrawConfirm')))) return;
    void act(async () => {
      replace((await consoleApi.operator.noticeWithdraw({ noticeId: n.id })).notice);
      return t('admin.notices.withdrawn');
    });
  };

  return (
    <div className="console-grid notices-screen" data-ready={ready}>
      {mayWrite && <NoticeComposer lang={lang} t={t} ready={ready} onPublished={replace} />}
      <section className="console-card notices-list" aria-labelledby="notices-title">
        <h2 id="notices-title">{t('admin.notices.list')}</h2>
        <Outcome outcome={outcome} />
        {notices && (
          <NoticeTable
            notices={notices}
            lang={lang}
            t={t}
            busy={busy}
            {...(mayWrite ? { onWithdraw: withdraw } : {})}
          />
        )}
      </section>
      {roleMayCall(role, notificationSend) && (
        <NotificationSender t={t} ready={ready} mayBroadcast={roleMayCall(role, notificationBroadcast)} />
      )}
      {dialog}
    </div>
  );
}
