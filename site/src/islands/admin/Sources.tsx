import type { Job, Source } from '@ottkit/api-client/contract';
import { REFRESH_MINUTES, sourceAdd } from '@ottkit/api-client/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi, fieldErrors } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Address } from './Address.tsx';
import { Field } from './Field.tsx';
import { JobList, jobRunning as running } from './JobList.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';

const POLL_MS = 700;
type Preview = { name: string; channels: number; groups: Array<{ name: string; channels: number }> };

type Kind = 'm3u' | 'xtream' | 'xmltv';
const EMPTY = {
  name: '',
  kind: 'm3u' as Kind,
  url: '',
  guideUrl: '',
  user: '',
  password: '',
  refreshMinutes: String(REFRESH_MINUTES.default),
};

/**
 * /admin/sources (issues 16, 18 and 37): add an M3U playlist, an Xtream Codes account or an XMLTV guide by URL,
 * preview its groups, import the chosen ones as a job. Jobs are read from the server, so a reload shows the same
 * progress. An Xtream password goes to the server once and is never shown again (the card names the user).
 */
export default function Sources({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  // Until hydrated, nothing submits (a form posted natively would put its fields in the URL).
  const ready = useHydrated();
  const [sources, setSources] = useState<Source[]>([]);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [form, setForm] = useState(EMPTY);
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
    const xtream = form.kind === 'xtream';
    const input = {
      name: form.name.trim(),
      kind: form.kind,
      url: form.url.trim(),
      ...(form.kind !== 'xmltv' && form.guideUrl.trim() ? { guideUrl: form.guideUrl.trim() } : {}),
      ...(xtream ? { user: form.user.trim(), password: form.password } : {}),
      refreshMinutes: Number(form.refreshMinutes),
    };
    const bad = fieldErrors(sourceAdd, input);
    const words: Record<string, string> = {
      name: t('admin.error.name'),
      url: t('admin.error.url'),
      guideUrl: t('admin.error.url'),
      user: t('admin.error.required'),
      password: t('admin.error.required'),
      refreshMinutes: t('admin.sources.error.refreshMinutes'),
    };
    setErrors(
      bad ? Object.fromEntries(Object.keys(bad).map((k) => [k, words[k] ?? t('admin.error.required')])) : {},
    );
    if (bad) return;
    void act(async () => {
      await consoleApi.operator.sourceAdd(input);
      setForm(EMPTY);
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
              <option value="xtream">{t('admin.sources.kind.xtream')}</option>
              <option value="xmltv">{t('admin.sources.kind.xmltv')}</option>
            </select>
          </div>
          <Field
            label={t(form.kind === 'xtream' ? 'admin.sources.panelUrl' : 'admin.sources.url')}
            error={errors.url}
            name="url"
            type="url"
            inputMode="url"
            value={form.url}
            onChange={set('url')}
          />
          {form.kind === 'xtream' && (
            <>
              <Field
                label={t('admin.sources.user')}
                error={errors.user}
                name="user"
                autoComplete="off"
                value={form.user}
                onChange={set('user')}
              />
              <Field
                label={t('admin.sources.password')}
                error={errors.password}
                name="password"
                type="password"
                // The panel's password, not the operator's own: never filled in or saved by the browser.
                autoComplete="new-password"
                value={form.password}
                onChange={set('password')}
              />
            </>
          )}
          {form.kind !== 'xmltv' && (
            <Field
              label={t(form.kind === 'xtream' ? 'admin.sources.xtreamGuideUrl' : 'admin.sources.guideUrl')}
              error={errors.guideUrl}
              name="guideUrl"
              type="url"
              inputMode="url"
              value={form.guideUrl}
              onChange={set('guideUrl')}
            />
          )}
          <Field
            label={t('admin.sources.refreshMinutes')}
            error={errors.refreshMinutes}
            name="refreshMinutes"
            type="number"
            inputMode="numeric"
            min={REFRESH_MINUTES.min}
            max={REFRESH_MINUTES.max}
            value={form.refreshMinutes}
            onChange={set('refreshMinutes')}
          />
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
              <Address value={s.location} testId="source-location" />
              {s.kind !== 'xmltv' &&
                (s.guideLocation ? (
                  <span data-testid="source-guide">
                    {t('admin.sources.guide')} <Address value={s.guideLocation} />
                  </span>
                ) : (
                  <span data-testid="source-guide">
                    {t(s.kind === 'xtream' ? 'admin.sources.guide.panel' : 'admin.sources.guide.none')}
                  </span>
                ))}
              <span>{t('admin.sources.refreshEvery', { minutes: s.refreshMinutes })}</span>
              <span data-testid="source-status">{t(`admin.sources.status.${s.status}`)}</span>
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
