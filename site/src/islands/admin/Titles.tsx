import type { ConsoleTitle } from '@ottkit/api-client/contract';
import { useCallback, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field } from './Field.tsx';
import { TitleArtwork } from './TitleArtwork.tsx';
import { TitleCredits } from './TitleCredits.tsx';
import { TitleForm } from './TitleForm.tsx';
import { TitleSeries } from './TitleSeries.tsx';
import { TitleVideo } from './TitleVideo.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

/** The open title is in the address (`?title=`), so a reload comes back to it and its job. */
const openedInUrl = () =>
  typeof window === 'undefined' ? null : new URL(window.location.href).searchParams.get('title');

function remember(metaId: string | null) {
  const url = new URL(window.location.href);
  if (metaId) url.searchParams.set('title', metaId);
  else url.searchParams.delete('title');
  window.history.replaceState(null, '', url);
}

export const nameOf = (title: ConsoleTitle) => title.texts.en?.title ?? title.metaId;

/**
 * /admin/titles (issue 18 §4): list and search the console's titles, create a movie as a draft, open one to
 * edit it, upload its video (resumable), follow the transcode job and publish. Support sees the same
 * screens read-only (`canEdit` false); the server refuses its changes anyway.
 */
export default function Titles({ lang, canEdit }: { lang: Lang; canEdit: boolean }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const [titles, setTitles] = useState<ConsoleTitle[]>([]);
  const search = useConsoleForm({ q: '' });
  const { q } = search.values;
  const [open, setOpen] = useState<string | null>(null);
  const { busy, outcome, act } = useConsoleAction(t);

  const reload = useCallback(async (query = '') => {
    const r = await consoleApi.operator.titleList(query ? { q: query } : {});
    setTitles(r.titles);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    setOpen(openedInUrl());
    void act(() => reload());
  }, [reload]);

  const show = (metaId: string | null) => {
    remember(metaId);
    setOpen(metaId);
    if (!metaId) void act(() => reload(q));
  };

  if (open) {
    return (
      <div className="console-grid" data-ready={ready}>
        <TitleEditor
          key={open}
          t={t}
          metaId={open}
          canEdit={canEdit}
          ready={ready}
          onClose={() => show(null)}
          onOpen={show}
        />
      </div>
    );
  }

  return (
    <div className="console-grid" data-ready={ready}>
      <section className="console-card" aria-labelledby="titles-list">
        <h2 id="titles-list">{t('admin.titles.list')}</h2>
        <form
          className="console-row"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => reload(q.trim()));
          }}
        >
          <Field label={t('admin.titles.search')} type="search" {...search.bind('q')} />
          <button type="submit" className="console-button secondary" disabled={busy || !ready}>
            {t('admin.titles.search')}
          </button>
        </form>
        {titles.length === 0 && <p>{t('admin.titles.none')}</p>}
        <ul className="console-list">
          {titles.map((x) => (
            <li key={x.metaId} data-testid="title-row" className="console-actions">
              <span>
                <strong>{nameOf(x)}</strong>{' '}
                <span className="console-hint">
                  {x.metaType === 'SERIES' && `${t('admin.series.kind.SERIES')} · `}
                  {t('admin.titles.line', {
                    year: x.releaseYear,
                    status: t(`admin.titles.status.${x.status}`),
                  })}
                </span>
              </span>
              <button type="button" className="console-button secondary" onClick={() => show(x.metaId)}>
                {t('admin.titles.open')}
                <span className="visually-hidden"> {nameOf(x)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {canEdit && (
        <section className="console-card" aria-labelledby="titles-new">
          <h2 id="titles-new">{t('admin.titles.create')}</h2>
          <TitleForm
            t={t}
            busy={busy}
            ready={ready}
            pickKind
            submitLabel={t('admin.titles.createButton')}
            onSubmit={(input) =>
              act(async () => {
                const { title } = await consoleApi.operator.titleCreate(input);
                show(title.metaId);
              })
            }
          />
        </section>
      )}
      <Outcome outcome={outcome} />
    </div>
  );
}

function TitleEditor({
  t,
  metaId,
  canEdit,
  ready,
  onClose,
  onOpen,
}: {
  t: ReturnType<typeof createAdminT>;
  metaId: string;
  canEdit: boolean;
  ready: boolean;
  onClose: () => void;
  onOpen: (metaId: string) => void;
}) {
  const [title, setTitle] = useState<ConsoleTitle | null>(null);
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);
  const load = useCallback(async () => {
    setTitle((await consoleApi.operator.titleGet({ metaId })).title);
  }, [metaId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void act(load);
  }, [load]);

  return (
    <>
      <section className="console-card" aria-labelledby="title-edit">
        {title?.seriesId ? (
          <button
            type="button"
            className="console-button secondary"
            onClick={() => onOpen(title.seriesId as string)}
          >
            {t('admin.series.backToSeries')}
          </button>
        ) : (
          <button type="button" className="console-button secondary" onClick={onClose}>
            {t('admin.titles.close')}
          </button>
        )}
        <h2 id="title-edit">
          {title ? t('admin.titles.edit', { title: nameOf(title) }) : t('admin.titles.list')}
        </h2>
        {title?.metaType === 'EPISODE' && (
          <p>{t('admin.series.place', { season: title.seasonNo ?? 0, episode: title.episodeNo ?? 0 })}</p>
        )}
        {title && <p data-testid="title-status">{t(`admin.titles.status.${title.status}`)}</p>}
        {title && canEdit && title.status === 'published' && !title.seriesId && (
          <button
            type="button"
            className="console-button secondary"
            disabled={busy || !ready}
            onClick={async () => {
              const asked = t('admin.series.unpublishConfirm', { title: nameOf(title) });
              if (!(await confirm(asked, t('admin.series.unpublish')))) return;
              void act(async () => {
                setTitle((await consoleApi.operator.titleUnpublish({ metaId })).title);
                return t('admin.series.unpublished');
              });
            }}
          >
            {t('admin.series.unpublish')}
          </button>
        )}
        {title && canEdit && (
          <TitleForm
            key={title.updatedAt}
            t={t}
            title={title}
            busy={busy}
            ready={ready}
            submitLabel={t('admin.titles.save')}
            onSubmit={(input) =>
              act(async () => {
                setTitle((await consoleApi.operator.titleUpdate({ metaId, ...input })).title);
                return t('admin.titles.saved');
              })
            }
          />
        )}
        <Outcome outcome={outcome} />
      </section>
      {title?.metaType === 'SERIES' && (
        <TitleSeries
          t={t}
          series={title}
          canEdit={canEdit}
          ready={ready}
          onOpen={onOpen}
          onChange={setTitle}
        />
      )}
      {(title?.metaType === 'MOVIE' || title?.metaType === 'EPISODE') && (
        <TitleVideo t={t} title={title} canEdit={canEdit} ready={ready} onChange={setTitle} />
      )}
      {title && !title.seriesId && <TitleCredits t={t} metaId={metaId} canEdit={canEdit} ready={ready} />}
      {title && !title.seriesId && canEdit && (
        <TitleArtwork t={t} metaId={metaId} uploaded={title.artwork} ready={ready} />
      )}
      {dialog}
    </>
  );
}
