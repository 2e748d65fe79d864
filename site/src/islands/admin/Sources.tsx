import type { Job, Source } from '@ottkit/api-client/contract';
import { sourceAdd } from '@ottkit/api-client/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi, fieldErrors } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field } from './Field.tsx';
import { JobList, jobRunning as running } from './JobList.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';

const POLL_MS = 700;
type Preview = { name: string; channels: number; groups: Array<{ name: string; channels: number }> };

/**
 * /admin/sources (issues 16 and 18): add an M3U or XMLTV source by URL, preview its groups, import the chosen
 * ones as a job. Jobs are read from the server, so a reload shows the same progress.
 */
export default function Sources({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  // Until hydrated, nothing submits (a form posted natively would put its fields in the URL).
  const ready = useHydrated();
  const [sources, setSources] = useState<Source[]>([]);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [form, setForm] = useState({ name: '', kind: 'm3u' as 'm3u' | 'xmltv', url: '', guideUrl: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const { busy, outcome, act } = useConsoleAction(t);

  const reload = useCallback(async () => {
    const [s, j] = await Promise.all([consoleApi.operator.sourceList({}), consoleApi.operator.jobList({})]);
    setSources(s.sources);
    setJobs(j.jobs);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void act(reload);
  }, [reload]);

  // While a job runs, its progress is polled; the list refreshes when it ends.
  const anyRunning = jobs.some(running);
  useEffect(() => {
    if (!anyRunning) return;
    const timer = setInterval(() => void reload().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [anyRunning, reload]);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      name: form.name.trim(),
      kind: form.kind,
      url: form.url.trim(),
      ...(form.kind === 'm3u' && form.guideUrl.trim() ? { guideUrl: form.guideUrl.trim() } : {}),
    };
    const bad = fieldErrors(sourceAdd, input);
    setErrors(
      bad
        ? Object.fromEntries(
            Object.keys(bad).map((k) => [k, k === 'name' ? t('admin.error.name') : t('admin.error.url')]),
          )
        : {},
    );
    if (bad) return;
    void act(async () => {
      await consoleApi.operator.sourceAdd(input);
      setForm({ name: '', kind: 'm3u', url: '', guideUrl: '' });
      await reload();
    });
  };

  const showPreview = (name: string) =>
    act(async () => {
      const p = await consoleApi.operator.sourcePreview({ name });
      setPreview({ name, channels: p.channels, groups: p.groups });
      setChosen(new Set(p.groups.map((g) => g.name)));
    });

  const startImport = () =>
    act(async () => {
      if (!preview) return;
      await consoleApi.operator.sourceImport({ name: preview.name, groups: [...chosen] });
      setPreview(null);
      await reload();
    });

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  return (
    <div className="console-grid" data-ready={ready}>
      <section className="console-card" aria-labelledby="add-title">
        <h2 id="add-title">{t('admin.sources.add')}</h2>
        <form className="console-form" onSubmit={add} noValidate>
          <Field
            label={t('admin.sources.name')}
            error={errors.name}
            name="name"
            value={form.name}
            onChange={set('name')}
          />
          <div className="console-field">
            <label htmlFor="source-kind">{t('admin.sources.kind')}</label>
            <select id="source-kind" value={form.kind} onChange={set('kind')}>
              <option value="m3u">{t('admin.sources.kind.m3u')}</option>
              <option value="xmltv">{t('admin.sources.kind.xmltv')}</option>
            </select>
          </div>
          <Field
            label={t('admin.sources.url')}
            error={errors.url}
            name="url"
            type="url"
            inputMode="url"
            value={form.url}
            onChange={set('url')}
          />
          {form.kind === 'm3u' && (
            <Field
              label={t('admin.sources.guideUrl')}
              error={errors.guideUrl}
              name="guideUrl"
              type="url"
              inputMode="url"
              value={form.guideUrl}
              onChange={set('guideUrl')}
            />
          )}
          <button type="submit" className="console-button" disabled={busy || !ready}>
            {t('admin.sources.addButton')}
          </button>
        </form>
        <Outcome outcome={outcome} />
      </section>

      <section className="console-card" aria-labelledby="list-title">
        <h2 id="list-title">{t('admin.sources.list')}</h2>
        {sources.length === 0 && <p>{t('admin.sources.none')}</p>}
        <ul className="console-list">
          {sources.map((s) => (
            <li key={s.sourceId} className="console-card" data-testid="source">
              <strong>{s.name}</strong>
              <span className="console-hint console-key">{s.location}</span>
              <span>{t('admin.sources.status', { status: s.status })}</span>
              {s.lastError && (
                <span className="console-error">{t('admin.sources.lastError', { error: s.lastError })}</span>
              )}
              <div className="console-row">
                <button
                  type="button"
                  className="console-button secondary"
                  disabled={busy}
                  onClick={() => void showPreview(s.name)}
                >
                  {t('admin.sources.preview')}
                </button>
                <button
                  type="button"
                  className="console-button secondary"
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      await consoleApi.operator.sourceRefresh({ name: s.name });
                      await reload();
                    })
                  }
                >
                  {t('admin.sources.refresh')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        {preview && (
          <fieldset className="console-form" data-testid="preview">
            <legend>{t('admin.sources.groups', { name: preview.name, channels: preview.channels })}</legend>
            {preview.groups.map((g) => (
              <label key={g.name}>
                <input
                  type="checkbox"
                  checked={chosen.has(g.name)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(g.name);
                    else next.delete(g.name);
                    setChosen(next);
                  }}
                />{' '}
                {t('admin.sources.groupLine', { name: g.name, channels: g.channels })}
              </label>
            ))}
            <button
              type="button"
              className="console-button"
              disabled={busy || chosen.size === 0}
              onClick={() => void startImport()}
            >
              {t('admin.sources.import')}
            </button>
          </fieldset>
        )}
      </section>

      <section className="console-card" aria-labelledby="jobs-title">
        <h2 id="jobs-title">{t('admin.sources.jobs')}</h2>
        <JobList jobs={jobs} t={t} />
      </section>
    </div>
  );
}
