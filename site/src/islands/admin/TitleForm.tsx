import { AGE_RATINGS, type AgeRating, type ConsoleTitle, titleCreate } from '@ottkit/api-client/contract';
import type { FormEvent } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { Field } from './Field.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

/** The types each kind may have (a series is `series` or `kids`, like the seeded catalogue's). */
const VOD_TYPES = { MOVIE: ['movie', 'kids', 'audio'], SERIES: ['series', 'kids'] } as const;
type Kind = keyof typeof VOD_TYPES;
export type TitleInput = {
  metaType?: Kind;
  vodType: ConsoleTitle['vodType'];
  releaseYear: number;
  en: { title: string; plot: string };
  es?: { title: string; plot: string };
  pt?: { title: string; plot: string };
  ageRating?: AgeRating;
};

const initial = (t?: ConsoleTitle) => ({
  en: t?.texts.en?.title ?? '',
  plot: t?.texts.en?.plot ?? '',
  es: t?.texts.es && t.texts.es.title !== t.texts.en?.title ? t.texts.es.title : '',
  pt: t?.texts.pt && t.texts.pt.title !== t.texts.en?.title ? t.texts.pt.title : '',
  year: String(t?.releaseYear ?? new Date().getFullYear()),
  vodType: t?.vodType ?? 'movie',
  kind: 'MOVIE',
  ageRating: t?.ageRating ?? '',
});

/**
 * A title's texts, year and type, checked with the create call's schema before anything is sent (the
 * server checks the same schema); Spanish and Portuguese titles fall back to English when left empty.
 * Creating, the editor picks a movie or a series (`pickKind`); a season's or an episode's year and type are
 * its series' (`part`), so the form leaves them out.
 */
export function TitleForm({
  t,
  title,
  busy,
  ready,
  submitLabel,
  onSubmit,
  pickKind = false,
}: {
  t: AdminT;
  title?: ConsoleTitle;
  pickKind?: boolean;
  busy: boolean;
  ready: boolean;
  submitLabel: string;
  onSubmit: (input: TitleInput) => Promise<void> | void;
}) {
  const fields = useConsoleForm(initial(title));
  const { bind, set, setValues } = fields;
  // The selects hold only their own options.
  const form = fields.values as ReturnType<typeof initial> & {
    vodType: ConsoleTitle['vodType'];
    kind: Kind;
    ageRating: AgeRating | '';
  };
  const id = title?.metaId ?? 'new';
  const part = title?.metaType === 'SEASON' || title?.metaType === 'EPISODE';
  const kind: Kind = title?.metaType === 'SERIES' ? 'SERIES' : pickKind ? form.kind : 'MOVIE';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const plot = form.plot.trim();
    const input: TitleInput = {
      ...(pickKind ? { metaType: form.kind } : {}),
      vodType: form.vodType,
      releaseYear: Number(form.year),
      en: { title: form.en.trim(), plot },
      ...(form.es.trim() ? { es: { title: form.es.trim(), plot } } : {}),
      ...(form.pt.trim() ? { pt: { title: form.pt.trim(), plot } } : {}),
      ...(form.ageRating ? { ageRating: form.ageRating } : {}),
    };
    const words = (k: string) =>
      t(k === 'releaseYear' ? 'admin.titles.error.year' : 'admin.titles.error.title');
    if (!fields.check(titleCreate, input, words)) return;
    void onSubmit(input);
  };

  return (
    <form className="console-form" onSubmit={submit} noValidate>
      <Field label={t('admin.titles.titleEn')} {...bind('en')} name="title-en" />
      <div className="console-field">
        <label htmlFor={`plot-${id}`}>{t('admin.titles.plotEn')}</label>
        <textarea id={`plot-${id}`} rows={3} value={form.plot} onChange={set('plot')} />
      </div>
      <Field label={t('admin.titles.titleEs')} {...bind('es')} name="title-es" />
      <Field label={t('admin.titles.titlePt')} {...bind('pt')} name="title-pt" />
      {pickKind && (
        <div className="console-field">
          <label htmlFor={`kind-${id}`}>{t('admin.series.kind')}</label>
          <select
            id={`kind-${id}`}
            value={form.kind}
            onChange={(e) => {
              const next = e.target.value as Kind;
              setValues((f) => ({ ...f, kind: next, vodType: VOD_TYPES[next][0] }));
            }}
          >
            {(Object.keys(VOD_TYPES) as Kind[]).map((k) => (
              <option key={k} value={k}>
                {t(`admin.series.kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {!part && (
        <div className="console-row">
          <Field label={t('admin.titles.year')} inputMode="numeric" {...bind('year', 'releaseYear')} />
          <div className="console-field">
            <label htmlFor={`type-${id}`}>{t('admin.titles.type')}</label>
            <select id={`type-${id}`} value={form.vodType} onChange={set('vodType')}>
              {VOD_TYPES[kind].map((v) => (
                <option key={v} value={v}>
                  {t(`admin.titles.type.${v}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="console-field">
            <label htmlFor={`rating-${id}`}>{t('admin.titles.ageRating')}</label>
            <select id={`rating-${id}`} value={form.ageRating} onChange={set('ageRating')}>
              <option value="">{t('admin.titles.ageRating.none')}</option>
              {AGE_RATINGS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <button type="submit" className="console-button" disabled={busy || !ready}>
        {submitLabel}
      </button>
    </form>
  );
}
