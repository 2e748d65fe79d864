import type { Plan, SubscriberDetail } from '@ottkit/api-client/contract';
import { subscriberGrantPlan, subscriberSearch } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { SubscriberMessages } from './SubscriberMessages.tsx';
import { type FormEvent, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field, SelectField } from './Field.tsx';
import { SubscriberHistory } from './SubscriberHistory.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { when } from './when.ts';
import { useConfirm } from './useConfirm.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

type Summary = { accountId: string; email: string; phone: string; accountName: string; virtualCode: string };

/** /admin/subscribers (issue 18 §7): search, see plans, devices and sessions; grant or end a plan; sign out. */
export default function Subscribers({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  // Until hydrated, nothing submits (a form posted natively would put its fields in the URL).
  const ready = useHydrated();
  const searching = useConsoleForm({ q: '' });
  const [results, setResults] = useState<Summary[] | null>(null);
  const [detail, setDetail] = useState<SubscriberDetail | null>(null);
  const [plans, setPlans] = useState<Plan[]>([]);
  const granting = useConsoleForm({ planId: '' });
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);

  useEffect(() => {
    void consoleApi.operator.subscriberPlans({}).then(
      (r) => setPlans(r.planList),
      () => undefined,
    );
  }, []);

  const search = (e: FormEvent) => {
    e.preventDefault();
    const { q } = searching.values;
    if (!searching.check(subscriberSearch, { q }, () => t('admin.error.required'))) return;
    void act(async () => {
      setResults((await consoleApi.operator.subscriberSearch({ q: q.trim() })).subscribers);
      return undefined;
    });
  };

  const open = (accountId: string) =>
    act(async () => {
      setDetail((await consoleApi.operator.subscriberGet({ accountId })).subscriber);
      return undefined;
    });

  const grant = (e: FormEvent) => {
    e.preventDefault();
    if (!detail) return;
    const input = { accountId: detail.accountId, planId: granting.values.planId };
    if (!granting.check(subscriberGrantPlan, input, () => t('admin.subscribers.pickPlan'))) return;
    void act(async () => {
      setDetail((await consoleApi.operator.subscriberGrantPlan(input)).subscriber);
      return t('admin.subscribers.granted');
    });
  };

  const endPlan = async (productId: string) => {
    if (!detail || !(await confirm(t('admin.subscribers.endConfirm', { product: productId })))) return;
    void act(async () => {
      setDetail(
        (await consoleApi.operator.subscriberEndPlan({ accountId: detail.accountId, productId })).subscriber,
      );
      return undefined;
    });
  };

  const planName = (p: Plan) => p.planLang.find((l) => l.lang === lang)?.planName ?? p.planId;
  const who = detail ? detail.email || detail.phone || detail.virtualCode : '';

  return (
    <div className="console-grid" data-ready={ready}>
      <section className="console-card" aria-labelledby="search-title">
        <h2 id="search-title">{t('admin.subscribers.results')}</h2>
        <form className="console-form" onSubmit={search} noValidate>
          <div className="console-row">
            <Field label={t('admin.subscribers.search')} type="search" {...searching.bind('q')} />
            <button type="submit" className="console-button" disabled={busy || !ready}>
              {t('admin.subscribers.searchButton')}
            </button>
          </div>
        </form>
        {results && results.length === 0 && <p>{t('admin.subscribers.none')}</p>}
        {results && results.length > 0 && (
          <ul className="console-list">
            {results.map((r) => (
              <li key={r.accountId}>
                <button
                  type="button"
                  className="console-button secondary"
                  onClick={() => void open(r.accountId)}
                >
                  {r.email || r.phone || r.virtualCode} · {r.accountName}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {detail && (
        <section className="console-card" aria-labelledby="detail-title" data-testid="subscriber-detail">
          <h2 id="detail-title">{who}</h2>
          <p>
            {detail.accountName} · {detail.virtualCode} · {detail.country}
          </p>
          <h3 id="subscriber-plans-title">{t('admin.subscribers.plans')}</h3>
          <ConsoleTable
            labelledBy="subscriber-plans-title"
            rows={detail.subscriptions}
            rowKey={(s) => s.productId}
            empty={t('admin.subscribers.noPlans')}
            columns={[
              { header: t('admin.subscribers.product'), cell: (s) => s.productId },
              { header: t('admin.subscribers.until'), cell: (s) => when(s.expiredTs, lang) },
              {
                header: t('admin.subscribers.state'),
                cell: (s) => (s.active ? t('admin.subscribers.active') : t('admin.subscribers.ended')),
              },
            ]}
            actionsHeader={t('admin.subscribers.end')}
            actions={(s) => [
              s.active && {
                label: t('admin.subscribers.end'),
                disabled: busy,
                onClick: () => endPlan(s.productId),
              },
            ]}
          />
          <form className="console-form" onSubmit={grant} noValidate aria-labelledby="grant-title">
            <h3 id="grant-title">{t('admin.subscribers.grant')}</h3>
            <div className="console-row">
              <SelectField label={t('admin.subscribers.plan')} {...granting.bind('planId')}>
                <option value="">{t('admin.subscribers.pickPlan')}</option>
                {plans.map((p) => (
                  <option key={p.planId} value={p.planId}>
                    {planName(p)} ({p.durationDays} d)
                  </option>
                ))}
              </SelectField>
              <button type="submit" className="console-button" disabled={busy || !ready}>
                {t('admin.subscribers.grantButton')}
              </button>
            </div>
          </form>
          <Outcome outcome={outcome} />
          <h3>{t('admin.subscribers.devices')}</h3>
          {detail.devices.length === 0 && <p>—</p>}
          <ul>
            {detail.devices.map((d) => (
              <li key={d.deviceId}>
                {d.deviceId} · {when(d.lastSeenAt, lang)}
              </li>
            ))}
          </ul>
          <h3 id="subscriber-sessions-title">{t('admin.subscribers.sessions')}</h3>
          <ConsoleTable
            labelledBy="subscriber-sessions-title"
            rows={detail.sessions}
            rowKey={(s) => s.sessionId}
            empty="—"
            columns={[
              { header: t('admin.subscribers.started'), cell: (s) => when(s.createdAt, lang) },
              { header: t('admin.subscribers.until'), cell: (s) => when(s.expiresAt, lang) },
              {
                header: t('admin.subscribers.state'),
                cell: (s) =>
                  s.active ? t('admin.subscribers.active') : s.revokeReason || t('admin.subscribers.ended'),
              },
            ]}
          />
          <button
            type="button"
            className="console-button secondary"
            disabled={busy}
            onClick={async () => {
              if (!(await confirm(t('admin.subscribers.revokeConfirm', { who })))) return;
              void act(async () => {
                setDetail(
                  (await consoleApi.operator.subscriberRevokeSessions({ accountId: detail.accountId }))
                    .subscriber,
                );
                return t('admin.subscribers.revoked');
              });
            }}
          >
            {t('admin.subscribers.revoke')}
          </button>
          <SubscriberMessages detail={detail} lang={lang} t={t} />
          <SubscriberHistory
            accountId={detail.accountId}
            who={who}
            version={detail}
            lang={lang}
            t={t}
            onChanged={async () =>
              setDetail((await consoleApi.operator.subscriberGet({ accountId: detail.accountId })).subscriber)
            }
          />
        </section>
      )}
      {dialog}
    </div>
  );
}
