import { type ConsoleTitle, titleEpisodeAdd, titleSeasonAdd } from '@ottkit/api-client/contract';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi, fieldErrors } from '../../lib/console.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';

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
  const [no, setNo] = useState(String(number));
  const [title, setTitle] = useState(kind === 'season' ? t('admin.series.seasonDefault', { season }) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setNo(String(number));
    if (kind === 'season') setTitle(t('admin.series.seasonDefault', { season: number }));
  }, [number, kind, t]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const en = { title: title.trim(), plot: '' };
    const seasonInput = { seriesId, seasonNo: Number(no), en };
    const episodeInput = { seriesId, seasonNo: season, episodeNo: Number(no), en };
    const bad =
      kind === 'season'
        ? fieldErrors(titleSeasonAdd, seasonInput)
        : fieldErrors(titleEpisodeAdd, episodeInput);
    setErrors(
      bad
        ? Object.fromEntries(
            Object.keys(bad).map((k) => [
              k,
              k === 'en' ? t('admin.titles.error.title') : t('admin.series.error.number'),
            ]),
          )
        : {},
    );
    if (bad) return;
    void onSubmit(() =>
      kind === 'season'
        ? consoleApi.operator.titleSeasonAdd(seasonInput)
        : consoleApi.operator.titleEpisodeAdd(episodeInput),
    ).then(() => {
      if (kind === 'episode') setTitle('');
    });
  };
  const numberKey = kind === 'season' ? 'seasonNo' : 'episodeNo';

  return (
    <form className="console-row" onSubmit={submit} noValidate>
      <Field
        label={t(kind === 'season' ? 'admin.series.seasonNo' : 'admin.series.episodeNo')}
        error={errors[numberKey]}
        inputMode="numeric"
        value={no}
        onChange={(e) => setNo(e.target.value)}
      />
      <Field
        label={t(kind === 'season' ? 'admin.series.seasonTitle' : 'admin.series.episodeTitle')}
        error={errors.en}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <button type="submit" className="console-button secondary" disabled={busy || !ready}>
        {kind === 'season' ? t('admin.series.addSeason') : t('admin.series.addEpisode', { season })}
      </button>
    </form>
  );
}
