import type { AuditEntry } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { whenToTheSecond } from './when.ts';

const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

/** /admin/audit (issue 18): the append-only log, newest first, filtered by who, action and target. */
export default function AuditLog({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  // Until hydrated, nothing submits (a form posted natively would put its fields in the URL).
  const ready = useHydrated();
  const [filter, setFilter] = useState({ actor: '', action: '', target: '' });
  const [entries, setEntries] = useState<AuditEntry[]>();
  const [next, setNext] = useState<number>();
  const { outcome, act } = useConsoleAction(t);

  const load = (beforeSeq?: number) =>
    act(async () => {
      const f = Object.fromEntries(Object.entries(filter).filter(([, v]) => v.trim() !== ''));
      const r = await consoleApi.operator.auditList({ ...f, ...(beforeSeq ? { beforeSeq } : {}) });
      setEntries((old) => (beforeSeq ? [...(old ?? []), ...r.entries] : r.entries));
      setNext(r.nextBeforeSeq);
    });

  // First view: the newest entries, unfiltered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once; later loads come from the form
  useEffect(() => {
    void load();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load();
  };
  const set = (k: keyof typeof filter) => (e: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [k]: e.target.value }));

  return (
    <section className="console-card" data-ready={ready}>
      <form className="console-form" onSubmit={submit} noValidate>
        <div className="console-row">
          <Field
            label={t('admin.audit.actor')}
            name="actor"
            value={filter.actor}
            onChange={set('actor')}
            maxLength={64}
          />
          <Field
            label={t('admin.audit.action')}
            name="action"
            value={filter.action}
            onChange={set('action')}
            maxLength={64}
          />
          <Field
            label={t('admin.audit.target')}
            name="target"
            value={filter.target}
            onChange={set('target')}
            maxLength={200}
          />
          <button type="submit" className="console-button" disabled={!ready}>
            {t('admin.audit.filter')}
          </button>
        </div>
      </form>
      <Outcome outcome={outcome} />
      <ConsoleTable
        label={t('admin.nav.audit')}
        testId="audit-table"
        rows={entries}
        rowKey={(e) => String(e.seq)}
        empty={t('admin.audit.empty')}
        loading={t('admin.loading')}
        columns={[
          {
            header: t('admin.audit.when'),
            cell: (e) => whenToTheSecond(e.at, lang),
          },
          { header: t('admin.audit.who'), cell: (e) => e.actorEmail },
          { header: t('admin.audit.what'), cell: (e) => e.action },
          { header: t('admin.audit.on'), cell: (e) => e.target },
          {
            header: t('admin.audit.change'),
            cell: (e) => (
              <>
                <code>{show(e.before)}</code> → <code>{show(e.after)}</code>
              </>
            ),
          },
        ]}
      />
      {next !== undefined && (
        <button type="button" className="console-button secondary" onClick={() => void load(next)}>
          {t('admin.audit.older')}
        </button>
      )}
    </section>
  );
}
