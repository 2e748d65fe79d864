import type { AuditEntry, SubscriberPlay } from '@ottkit/api-client/contract';
import { useEffect, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { SubscriberPlays } from './SubscriberPlays.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { when } from './when.ts';
import { useConfirm } from './useConfirm.tsx';

type Line = { at: number; text: string };

/**
 * A subscriber's history (operators' changes and codes redeemed) and support's password reset (issue 18 §7).
 * `version` changes after each action of the detail card, so the history follows it.
 */
export function SubscriberHistory({
  accountId,
  who,
  version,
  lang,
  t,
  onChanged,
}: {
  /** After a reset: the detail card reloads (its sessions ended). */
  onChanged: () => Promise<void>;
  accountId: string;
  who: string;
  version: unknown;
  lang: Lang;
  t: AdminT;
}) {
  const [lines, setLines] = useState<Line[] | null>(null);
  const [plays, setPlays] = useState<SubscriberPlay[] | null>(null);
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);
  const load = async () => {
    const h = await consoleApi.operator.subscriberHistory({ accountId });
    const changes = h.changes.map((c: AuditEntry) => ({
      at: c.at,
      text: t('admin.subscribers.byOperator', { action: c.action, who: c.actorEmail }),
    }));
    const codes = h.redemptions.map((r) => ({
      at: r.redeemedAt,
      text: t('admin.subscribers.redeemedCode', { batch: r.batchId, plan: r.planId }),
    }));
    setLines([...changes, ...codes].sort((a, b) => b.at - a.at));
    setPlays(h.plays);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the subscriber or their detail changes
  useEffect(() => {
    void load().catch(() => {
      setLines([]);
      setPlays([]);
    });
  }, [accountId, version]);

  return (
    <div data-testid="subscriber-history">
      <h3>{t('admin.subscribers.history')}</h3>
      {lines?.length === 0 && <p>{t('admin.subscribers.noHistory')}</p>}
      <ul>
        {lines?.map((l) => (
          <li key={`${l.at}-${l.text}`}>
            {when(l.at, lang)} · {l.text}
          </li>
        ))}
      </ul>
      <SubscriberPlays plays={plays} lang={lang} t={t} />
      <button
        type="button"
        className="console-button secondary"
        disabled={busy}
        onClick={async () => {
          if (!(await confirm(t('admin.subscribers.resetConfirm', { who })))) return;
          void act(async () => {
            const r = await consoleApi.operator.subscriberResetPassword({ accountId });
            await onChanged();
            return t('admin.subscribers.resetDone', { who: r.sentTo });
          });
        }}
      >
        {t('admin.subscribers.reset')}
      </button>
      <Outcome outcome={outcome} />
      {dialog}
    </div>
  );
}
