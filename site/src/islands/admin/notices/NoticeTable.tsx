import type { ConsoleNotice } from '@ottkit/api-client/contract';
import type { AdminT } from '../../../i18n/admin.ts';
import type { Lang } from '../../../i18n/langs.ts';
import { placesOf } from './NoticePreview.tsx';

const when = (ms: number | null, lang: Lang) =>
  ms === null ? '—' : new Date(ms).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });

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
  if (notices.length === 0) return <p>{t('admin.notices.none')}</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table" data-testid="notice-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.notices.msg')}</th>
            <th scope="col">{t('admin.notices.where')}</th>
            <th scope="col">{t('admin.notices.status')}</th>
            <th scope="col">{t('admin.notices.starts')}</th>
            <th scope="col">{t('admin.notices.ends')}</th>
            {onWithdraw && (
              <th scope="col">
                <span className="console-skip">{t('admin.notices.withdraw')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {notices.map((n) => (
            <tr key={n.id} data-notice-id={n.id}>
              <td className="notice-msg">
                {n.title && <strong>{n.title} · </strong>}
                {n.msg}
              </td>
              <td>{placesOf(n.displayMode, t)}</td>
              <td>{t(`admin.notices.status.${n.status}`)}</td>
              <td>{when(n.startsAt ?? n.createdAt, lang)}</td>
              <td>{when(n.withdrawnAt ?? n.endsAt, lang)}</td>
              {onWithdraw && (
                <td>
                  {(n.status === 'live' || n.status === 'scheduled') && (
                    <button
                      type="button"
                      className="console-button secondary"
                      disabled={busy}
                      aria-label={`${t('admin.notices.withdraw')}: ${n.msg.slice(0, 60)}`}
                      onClick={() => onWithdraw(n)}
                    >
                      {t('admin.notices.withdraw')}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
