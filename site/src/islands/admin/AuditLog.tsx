import type { AuditEntry } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { auditChanges } from '../../lib/auditChanges.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';
import { whenToTheSecond } from './when.ts';

/** Longest value shown in a change; the whole entry stays in the log (and its export). */
const VALUE_CHARS = 120;

/** /admin/audit (issue 18): the append-only log, newest first, filtered by who, action and target. */
export default function AuditLog({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  // Until hydrated, nothing submits (a form posted natively would put its fields in the URL).
  const ready = useHydrated();
  const form = useConsoleForm({ actor: '', action: '', target: '' });
  const [entries, setEntries] = useState<AuditEntry[]>();
  const [next, setNext] = useState<number>();
  const { outcome, act } = useConsoleAction(t);

  const load = (beforeSeq?: number) =>
    act(async () => {
      const f = Object.fromEntries(Object.entries(form.values).filter(([, v]) => v.trim() !== ''));
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
  /** A value as words: yes/no, a moment for a time field, text as it is, anything else as compact JSON. */
  const show = (field: string, v: unknown): string => {
    if (v === undefined || v === null) return '—';
    if (typeof v === 'boolean') return t(v ? 'admin.audit.yes' : 'admin.audit.no');
    if (typeof v === 'number' && /At$/.test(field)) return whenToTheSecond(v, lang);
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
  };

  return (
    <section className="console-card" data-ready={ready}>
      <form className="console-form" onSubmit={submit} noValidate>
        <div className="console-row">
          <Field label={t('admin.audit.actor')} {...form.bind('actor')} maxLength={64} />
          <Field label={t('admin.audit.action')} {...form.bind('action')} maxLength={64} />
          <Field label={t('admin.audit.target')} {...form.bind('target')} maxLength={200} />
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
            cell: (e) => {
              const changes = auditChanges(e.before, e.after);
              if (changes.length === 0) return '—';
              return (
                <ul className="audit-changes">
                  {changes.map((c) => (
                    <li key={c.field}>
                      {c.field && <span className="audit-field">{c.field}:</span>}{' '}
                      <del>{show(c.field, c.before)}</del> → <ins>{show(c.field, c.after)}</ins>
                    </li>
                  ))}
                </ul>
              );
            },
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
