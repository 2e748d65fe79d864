import { guideMap, guideUnmap } from '@ottkit/api-client/contract';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

type Unmapped = Awaited<ReturnType<typeof consoleApi.operator.guideUnmapped>>;
type Row = Unmapped['channels'][number];

/** One unmapped channel: its closest guide channels to pick from, or a guide channel id typed by hand. */
function MapRow({
  t,
  row,
  busy,
  onMap,
}: {
  t: ReturnType<typeof createAdminT>;
  row: Row;
  busy: boolean;
  onMap: (row: Row, xmltvId: string) => void;
}) {
  const id = useId();
  const form = useConsoleForm({ chosen: row.candidates[0]?.xmltvId ?? '', typed: '' });
  const { chosen, typed } = form.values;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { channelId: row.channelId, xmltvId: typed.trim() || chosen };
    if (form.check(guideMap, input, () => t('admin.mapping.error.guideId'))) onMap(row, input.xmltvId);
  };
  return (
    <li className="console-card" data-testid="unmapped">
      <form className="console-form" onSubmit={submit} noValidate>
        <fieldset className="console-fieldset">
          <legend>{t('admin.mapping.candidates', { name: row.name })}</legend>
          <span className="console-hint console-key">
            {row.channelId}
            {row.tvgId ? ` · ${row.tvgId}` : ''}
          </span>
          {row.candidates.length === 0 && <p className="console-hint">{t('admin.mapping.noCandidates')}</p>}
          {row.candidates.map((c) => (
            <label key={c.xmltvId} className="console-check">
              <input
                type="radio"
                name={`${id}-candidate`}
                value={c.xmltvId}
                checked={chosen === c.xmltvId}
                onChange={form.set('chosen')}
              />{' '}
              {t('admin.mapping.candidate', {
                name: c.name,
                id: c.xmltvId,
                score: Math.round(c.score * 100),
              })}
            </label>
          ))}
        </fieldset>
        <Field label={t('admin.mapping.byHand')} {...form.bind('typed', 'xmltvId')} />
        <button type="submit" className="console-button" disabled={busy || !(typed.trim() || chosen)}>
          {t('admin.mapping.map')}
        </button>
      </form>
    </li>
  );
}

/** /admin/guide-mapping (issues 16 and 18): imported channels without a guide, mapped or unmapped by hand. */
export default function GuideMapping({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const [report, setReport] = useState<Unmapped | null>(null);
  const unmapForm = useConsoleForm({ channelId: '' });
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);

  const reload = useCallback(async () => setReport(await consoleApi.operator.guideUnmapped({})), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void act(reload);
  }, [reload]);

  const map = (row: Row, xmltvId: string) =>
    void act(async () => {
      await consoleApi.operator.guideMap({ channelId: row.channelId, xmltvId });
      await reload();
      return t('admin.mapping.mapped', { name: row.name, id: xmltvId });
    });

  const unmap = async (e: FormEvent) => {
    e.preventDefault();
    const channelId = unmapForm.values.channelId.trim();
    if (!unmapForm.check(guideUnmap, { channelId }, () => t('admin.mapping.error.channelId'))) return;
    if (!(await confirm(t('admin.mapping.unmapConfirm', { id: channelId })))) return;
    void act(async () => {
      await consoleApi.operator.guideUnmap({ channelId });
      unmapForm.reset();
      await reload();
      return t('admin.mapping.unmapped', { id: channelId });
    });
  };

  return (
    <div className="console-grid" data-ready={ready}>
      <Outcome outcome={outcome} />
      <section className="console-card console-wide" aria-labelledby="mapping-title">
        <h2 id="mapping-title">{t('admin.mapping.title')}</h2>
        {report && (
          <p>
            {report.channels.length === 0
              ? t('admin.mapping.none')
              : t('admin.mapping.summary', { count: report.channels.length, imported: report.imported })}
          </p>
        )}
        <ul className="console-list">
          {report?.channels.map((row) => (
            <MapRow key={row.channelId} t={t} row={row} busy={busy || !ready} onMap={map} />
          ))}
        </ul>
      </section>
      <section className="console-card" aria-labelledby="unmap-title">
        <h2 id="unmap-title">{t('admin.mapping.unmapTitle')}</h2>
        <form className="console-form" onSubmit={unmap} noValidate>
          <Field label={t('admin.mapping.channelId')} {...unmapForm.bind('channelId')} />
          <button type="submit" className="console-button secondary" disabled={busy || !ready}>
            {t('admin.mapping.unmap')}
          </button>
        </form>
      </section>
      {dialog}
    </div>
  );
}
