import type { AuditEntry } from '@ottkit/api-client/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';

const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

/** /admin/audit (issue 18): the append-only log, newest first, filtered by who, action and target. */
export default function AuditLog({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  // Until hydrated, nothing submits (a form posted natively would put its fields in the URL).
  const ready = useHydrated();
  const [filter, setFilter] = useState({ actor: '', action: '', target: '' });
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number>();
  const { outcome, act } = useConsoleAction(t);

  const load = (beforeSeq?: number) =>
    act(async () => {
      const f = Object.fromEntries(Object.entries(filter).filter(([, v]) => v.trim() !== ''));
      const r = await consoleApi.operator.auditList({ ...f, ...(beforeSeq ? { beforeSeq } : {}) });
      setEntries((old) => (beforeSeq ? [...old, ...r.entries] : r.entries));
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
      {entries.length === 0 ? (
        <p>{t('admin.audit.empty')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table" data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.audit.when')}</th>
                <th scope="col">{t('admin.audit.who')}</th>
                <th scope="col">{t('admin.audit.what')}</th>
                <th scope="col">{t('admin.audit.on')}</th>
                <th scope="col">{t('admin.audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.seq}>
                  <td>{new Date(e.at).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'medium' })}</td>
                  <td>{e.actorEmail}</td>
                  <td>{e.action}</td>
                  <td>{e.target}</td>
                  <td>
                    <code>{show(e.before)}</code> → <code>{show(e.after)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next !== undefined && (
        <button type="button" className="console-button secondary" onClick={() => void load(next)}>
          {t('admin.audit.older')}
        </button>
      )}
    </section>
  );
}
