import { REFRESH_MINUTES, sourceAdd } from '@ottkit/api-client/contract';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { $jobs } from '../../stores/console/jobs.ts';
import { $sources, loadSources } from '../../stores/console/sources.ts';
import { Field } from './Field.tsx';
import { JobsCard } from './JobList.tsx';
import { SourceCard } from './SourceCard.tsx';
import { SourceFields, type SourceKind, sourceFieldWords } from './SourceFields.tsx';
import { useConfirm } from './useConfirm.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

type Preview = { name: string; channels: number; groups: Array<{ name: string; channels: number }> };

const EMPTY = {
  name: '',
  kind: 'm3u' as string,
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
  const sources = useStore($sources) ?? [];
  const jobs = useStore($jobs) ?? [];
  const adding = useConsoleForm(EMPTY);
  const form = adding.values as typeof EMPTY & { kind: SourceKind };
  const [preview, setPreview] = useState<Preview | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  // The add form's outcome shows under it; the list's (a preview, refresh, edit or deletion) under the list's title.
  const { busy, outcome, act } = useConsoleAction(t);
  const list = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void act(loadSources);
  }, []);

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
    if (!adding.check(sourceAdd, input, sourceFieldWords(t))) return;
    void act(async () => {
      await consoleApi.operator.sourceAdd(input);
      adding.reset();
      await loadSources();
    });
  };

  const showPreview = (name: string) =>
    list.act(async () => {
      const p = await consoleApi.operator.sourcePreview({ name });
      setPreview({ name, channels: p.channels, groups: p.groups });
      setChosen(new Set(p.groups.map((g) => g.name)));
    });

  const startImport = () =>
    list.act(async () => {
      if (!preview) return;
      await consoleApi.operator.sourceImport({ name: preview.name, groups: [...chosen] });
      setPreview(null);
      await loadSources();
    });

  return (
    <div className="console-grid" data-ready={ready}>
      <section className="console-card" aria-labelledby="add-title">
        <h2 id="add-title">{t('admin.sources.add')}</h2>
        <form className="console-form" onSubmit={add} noValidate>
          <Field label={t('admin.sources.name')} {...adding.bind('name')} />
          <div className="console-field">
            <label htmlFor="source-kind">{t('admin.sources.kind')}</label>
            <select id="source-kind" value={form.kind} onChange={adding.set('kind')}>
              <option value="m3u">{t('admin.sources.kind.m3u')}</option>
              <option value="xtream">{t('admin.sources.kind.xtream')}</option>
              <option value="xmltv">{t('admin.sources.kind.xmltv')}</option>
            </select>
          </div>
          <SourceFields t={t} kind={form.kind} bind={adding.bind} />
          <button type="submit" className="console-button" disabled={busy || !ready}>
            {t('admin.sources.addButton')}
          </button>
        </form>
        <Outcome outcome={outcome} />
      </section>

      <section className="console-card" aria-labelledby="list-title">
        <h2 id="list-title">{t('admin.sources.list')}</h2>
        <Outcome outcome={list.outcome} />
        {sources.length === 0 && <p>{t('admin.sources.none')}</p>}
        <ul className="console-list">
          {sources.map((s) => (
            <SourceCard
              key={s.sourceId}
              source={s}
              t={t}
              busy={list.busy}
              act={list.act}
              confirm={confirm}
              reload={loadSources}
              onPreview={(name) => void showPreview(name)}
            />
          ))}
        </ul>
        {preview && (
          <fieldset className="console-form" data-testid="preview">
            <legend>{t.count('admin.sources.groups', preview.channels, { name: preview.name })}</legend>
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
              disabled={list.busy || chosen.size === 0}
              onClick={() => void startImport()}
            >
              {t('admin.sources.import')}
            </button>
          </fieldset>
        )}
      </section>

      <JobsCard jobs={jobs} t={t} />
      {dialog}
    </div>
  );
}
