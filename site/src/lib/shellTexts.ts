import type { Messages } from '@ottkit/ui';
import type { MessageKey, Translate } from '../i18n/index.ts';

/**
 * The few texts the layout's islands (session badge, notices, reminders) need, translated on the server and
 * handed over as props, so no layout island ships a catalogue to the browser (docs/decisions/0084).
 */
export function shellTexts(t: Translate) {
  const kit = <K extends keyof Messages>(area: 'account' | 'live', keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, t(`${area}.ui.${k}` as MessageKey)])) as Pick<Messages, K>;
  return {
    badge: { login: t('account.session.login'), unread: t('account.session.unread') },
    notices: kit('account', ['noticeTitle', 'ok', 'close'] as const),
    reminders: {
      ...kit('live', [
        'reminderTitle',
        'reminderStartsAt',
        'reminderMore',
        'watchNow',
        'ignore',
        'close',
      ] as const),
      /** A reminder's programme rated above the profile (its title left out by the server; decision 0310). */
      hiddenProgramme: t('profiles.rated.hidden'),
    },
  };
}
