import type { SubscriberDetail, SubscriberMessage } from '@ottkit/api-client/contract';
import type { AdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { ConsoleTable } from '@ottkit/ui';
import { when } from './when.ts';

/** How a message fared, in words; a channel this server does not send keeps its messages in the outbox. */
function delivery(m: SubscriberMessage, sends: boolean, lang: Lang, t: AdminT): string {
  const reason = m.failure ? t(`admin.mail.failure.${m.failure}`) : '';
  if (m.state === 'sent') return t('admin.mail.state.sent', { when: m.sentAt ? when(m.sentAt, lang) : '' });
  if (m.state === 'failed') return t('admin.mail.state.failed', { reason });
  if (m.state === 'delayed') return t('admin.mail.state.delayed', { reason });
  return t(sends ? 'admin.mail.state.queued' : 'admin.mail.state.kept');
}

/** A subscriber's newest messages (codes, notices; issue 40): what, when and how each fared, never its text. */
export function SubscriberMessages({ detail, lang, t }: { detail: SubscriberDetail; lang: Lang; t: AdminT }) {
  const { delivery: sends } = detail;
  return (
    <section data-testid="subscriber-messages" aria-labelledby="subscriber-messages-title">
      <h3 id="subscriber-messages-title">{t('admin.mail.messages')}</h3>
      {!sends.email && <p className="console-hint">{t('admin.mail.emailOff')}</p>}
      <ConsoleTable
        labelledBy="subscriber-messages-title"
        rows={detail.messages}
        rowKey={(m) => String(m.seq)}
        empty={t('admin.mail.none')}
        columns={[
          { header: t('admin.mail.when'), cell: (m) => when(m.createdAt, lang) },
          { header: t('admin.mail.channel'), cell: (m) => t(`admin.mail.channel.${m.channel}`) },
          { header: t('admin.mail.subject'), cell: (m) => m.subject },
          { header: t('admin.mail.state'), cell: (m) => delivery(m, sends[m.channel], lang, t) },
        ]}
      />
    </section>
  );
}
