import { ConsoleTable } from '@ottkit/ui';
import type { ConsoleNotice } from '@ottkit/api-client/contract';
import type { AdminT } from '../../../i18n/admin.ts';
import type { Lang } from '../../../i18n/langs.ts';
import { when } from '../when.ts';
import { placesOf } from './NoticePreview.tsx';

const whenOrNone = (ms: number | null, lang: Lang) => (ms === null ? '—' : when(ms, lang));

interface Props {
  notices: ConsoleNotice[];
  lang: Lang;
  t: AdminT;
  /** Absent for a role that may not withdraw (support reads the list). */
  onWithdraw?: (n: ConsoleNotice) => void;
  busy: boolean;
}

/** Every notice with where it shows, its schedule and status; showing and scheduled ones can be withdrawn. */
export function NoticeTable({ notices, lang, t, onWithdraw, busy }: Props) {
  return (
    <ConsoleTable
      labelledBy="notices-title"
      testId="notice-table"
      rows={notices}
      rowKey={(n) => n.id}
      rowData={(n) => ({ 'data-notice-id': n.id })}
      empty={t('admin.notices.none')}
      columns={[
        {
          header: t('admin.notices.msg'),
          cell: (n) => (
            <span className="notice-msg">
              {n.title && <strong>{n.title} · </strong>}
              {n.msg}
            </span>
          ),
        },
        { header: t('admin.notices.where'), cell: (n) => placesOf(n.displayMode, t) },
        { header: t('admin.notices.status'), cell: (n) => t(`admin.notices.status.${n.status}`) },
        { header: t('admin.notices.starts'), cell: (n) => whenOrNone(n.startsAt ?? n.createdAt, lang) },
        { header: t('admin.notices.ends'), cell: (n) => whenOrNone(n.withdrawnAt ?? n.endsAt, lang) },
      ]}
      actionsHeader={t('admin.notices.withdraw')}
      actions={
        onWithdraw
          ? (n) => [
              (n.status === 'live' || n.status === 'scheduled') && {
                label: `${t('admin.notices.withdraw')}: ${n.msg.slice(0, 60)}`,
                text: t('admin.notices.withdraw'),
                disabled: busy,
                onClick: () => onWithdraw(n),
              },
            ]
          : undefined
      }
    />
  );
}
