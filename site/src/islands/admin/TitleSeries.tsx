import { type ConsoleTitle, titleEpisodeAdd, titleSeasonAdd } from '@ottkit/api-client/contract';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

const nameOf = (x: ConsoleTitle) => x.texts.en?.title ?? x.metaId;
const nextNo = (nos: (number | undefined)[]) => Math.max(0, ...nos.map((n) => n ?? 0)) + 1;

/**
 * A series' seasons and episodes (decision 0280): each season with its episodes (status and whether the
 * episode has its video), a form to add an episode to each season and one to add a season, and publishing
 * the whole series (with a confirmation saying what happens). An episode opens in the title editor, where
 * its video is uploaded like a movie's.
 */
export function TitleSeries({
  t,
  series,
  canEdit,
  ready,
  onOpen,
  onChange,
}: {
  t: AdminT;
  series: ConsoleTitle;
  canEdit: boolean;
  ready: boolean;
  onOpen: (metaId: string) => void;
  onChange: (title: ConsoleTitle) => void;
}) {
  const id = useId();
  const [parts, setParts] = useState<ConsoleTitle[]>([]);
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);
  const load = useCallback(async () => {
    setParts((await consoleApi.operator.titleParts({ metaId: series.metaId })).parts);
  }, [series.metaId]);
  // The parts again whenever the series changed (published, unpublished, saved): their status follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on the series' change time, not on act
  useEffect(() => {
    void act(load);
  }, [load, series.updatedAt]);

  const seasons = parts.filter((p) => p.metaType === 'SEASON');
  const episodesOf = (s: ConsoleTitle) =>
    parts.filter((p) => p.metaType === 'EPISODE' && p.seasonNo === s.seasonNo);
  const add = (work: () => Promise<unknown>) =>
    act(async () => {
      await work();
      await load();
      return t('admin.series.added');
    });
  const hasVideo = parts.some((p) => p.metaType === 'EPISODE' && p.assetId);

  return (
    <section className="console-card" aria-labelledby={`${id}-parts`} data-testid="title-series">
      <h2 id={`${id}-parts`}>{t('admin.series.parts')}</h2>
      {seasons.length === 0 && <p>{t('admin.series.none')}</p>}
      {seasons.map((s) => (
        <section key={s.metaId} aria-labelledby={`${id}-${s.metaId}`} className="console-form">
          <h3 id={`${id}-${s.metaId}`}>
            {t('admin.series.season', { season: s.seasonNo ?? 0, title: nameOf(s) })}
          </h3>
          {episodesOf(s).length === 0 && <p>{t('admin.series.noEpisodes')}</p>}
          <ul className="console-list">
            {episodesOf(s).map((e) => (
              <li key={e.metaId} data-testid="episode-row" className="console-actions">
                <span>
                  <strong>
                    {t('admin.series.episode', { episode: e.episodeNo ?? 0, title: nameOf(e) })}
                  </strong>{' '}
                  <span className="console-hint">
                    {t('admin.series.episodeLine', {
                      status: t(`admin.titles.status.${e.status}`),
                      video: t(e.assetId ? 'admin.series.videoReady' : 'admin.series.videoMissing'),
                    })}
                  </span>
                </span>
                <button type="button" className="console-button secondary" onClick={() => onOpen(e.metaId)}>
                  {t('admin.series.openEpisode')}
                  <span className="visually-hidden"> {nameOf(e)}</span>
                </button>
              </li>
            ))}
          </ul>
          {canEdit && (
            <PartForm
              t={t}
              kind="episode"
              number={nextNo(episodesOf(s).map((e) => e.episodeNo))}
              season={s.seasonNo ?? 1}
              seriesId={series.metaId}
              busy={busy}
              ready={ready}
              onSubmit={add}
            />
          )}
        </section>
      ))}
      {canEdit && (
        <PartForm
          t={t}
          kind="season"
          number={nextNo(seasons.map((s) => s.seasonNo))}
          season={nextNo(seasons.map((s) => s.seasonNo))}
          seriesId={series.metaId}
          busy={busy}
          ready={ready}
          onSubmit={add}
        />
      )}
      {canEdit && (
        <div className="console-row">
          <button
            type="button"
            className="console-button"
            disabled={busy || !ready || !hasVideo}
            aria-describedby={hasVideo ? undefined : `${id}-needs`}
            onClick={async () => {
              const asked = t('admin.series.publishConfirm', { title: nameOf(series) });
              if (!(await confirm(asked, t('admin.series.publish')))) return;
              void act(async () => {
                onChange((await consoleApi.operator.titlePublish({ metaId: series.metaId })).title);
                await load();
                return t('admin.series.published');
              });
            }}
          >
            {t('admin.series.publish')}
          </button>
          {!hasVideo && (
            <span id={`${id}-needs`} className="console-hint">
              {t('admin.series.publishHint')}
            </span>
          )}
        </div>
      )}
      <Outcome outcome={outcome} />
      {dialog}
    </section>
  );
}

/**
 * Adds a season or an episode: its number (the next free one to start with) and its English title, checked
 * with the add call's schema before sending; the server refuses a number already taken, in words.
 */
function PartForm({
  t,
  kind,
  number,
  season,
  seriesId,
  busy,
  ready,
  onSubmit,
}: {
  t: AdminT;
  kind: 'season' | 'episode';
  number: number;
  season: number;
  seriesId: string;
  busy: boolean;
  ready: boolean;
  onSubmit: (work: () => Promise<unknown>) => Promise<void>;
}) {
  const first = (n: number) => ({
    no: String(n),
    title: kind === 'season' ? t('admin.series.seasonDefault', { season: n }) : '',
  });
  const form = useConsoleForm(first(number));
  // The next free number once the parts are read again after an add; a refused add keeps what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the number only (t is new on every render)
  useEffect(() => form.reset(first(number)), [number]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const en = { title: form.values.title.trim(), plot: '' };
    const no = Number(form.values.no);
    const seasonInput = { seriesId, seasonNo: no, en };
    const episodeInput = { seriesId, seasonNo: season, episodeNo: no, en };
    const words = (k: string) => t(k === 'en' ? 'admin.titles.error.title' : 'admin.series.error.number');
    const ok =
      kind === 'season'
        ? form.check(titleSeasonAdd, seasonInput, words)
        : form.check(titleEpisodeAdd, episodeInput, words);
    if (!ok) return;
    void onSubmit(async () => {
      if (kind === 'season') return consoleApi.operator.titleSeasonAdd(seasonInput);
      await consoleApi.operator.titleEpisodeAdd(episodeInput);
      // Only once added: an episode the server refuses (its number taken) keeps its title as typed.
      form.setValues((v) => ({ ...v, title: '' }));
    });
  };
  const numberKey = kind === 'season' ? 'seasonNo' : 'episodeNo';

  return (
    <form className="console-row" onSubmit={submit} noValidate>
      <Field
        label={t(kind === 'season' ? 'admin.series.seasonNo' : 'admin.series.episodeNo')}
        inputMode="numeric"
        {...form.bind('no', numberKey)}
      />
      <Field
        label={t(kind === 'season' ? 'admin.series.seasonTitle' : 'admin.series.episodeTitle')}
        {...form.bind('title', 'en')}
      />
      <button type="submit" className="console-button secondary" disabled={busy || !ready}>
        {kind === 'season' ? t('admin.series.addSeason') : t('admin.series.addEpisode', { season })}
      </button>
    </form>
  );
}
