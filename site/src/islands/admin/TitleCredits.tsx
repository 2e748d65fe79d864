import { type TitleCreditsForm, titleCreditsSave } from '@ottkit/api-client/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { Field } from './Field.tsx';
import { useConsoleForm } from './useConsoleForm.ts';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';

type Key = keyof TitleCreditsForm;
const KEYS: Key[] = ['cast', 'directors', 'genres'];
const names = (text: string) =>
  text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/**
 * Cast, directors and genres of a console title (issue 18 §4, decision 0238): comma-separated names, suggested
 * from the catalogue's people and genres; checked with the save call's schema before sending. Support reads.
 */
export function TitleCredits({
  t,
  metaId,
  canEdit,
  ready,
}: {
  t: AdminT;
  metaId: string;
  canEdit: boolean;
  ready: boolean;
}) {
  const credits = useConsoleForm<Record<Key, string>>({ cast: '', directors: '', genres: '' });
  const form = credits.values;
  const [known, setKnown] = useState<{ people: string[]; genres: string[] }>({ people: [], genres: [] });
  // The fields take typing only once the title's credits are in: typed earlier, the load would overwrite it.
  const [loaded, setLoaded] = useState(false);
  const { busy, outcome, act } = useConsoleAction(t);
  const lists = useId();
  const show = (c: TitleCreditsForm) =>
    credits.reset({
      cast: c.cast.join(', '),
      directors: c.directors.join(', '),
      genres: c.genres.join(', '),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per title
  useEffect(() => {
    setLoaded(false);
    void act(async () => {
      const r = await consoleApi.operator.titleCredits({ metaId });
      show(r.credits);
      setKnown({ people: r.people, genres: r.genres });
      setLoaded(true);
    });
  }, [metaId]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      metaId,
      cast: names(form.cast),
      directors: names(form.directors),
      genres: names(form.genres),
    };
    if (!credits.check(titleCreditsSave, input, () => t('admin.credits.error.names'))) return;
    void act(async () => {
      show((await consoleApi.operator.titleCreditsSave(input)).credits);
      return t('admin.credits.saved');
    });
  };

  return (
    <section className="console-card" aria-labelledby={`${lists}-title`} data-testid="title-credits">
      <h2 id={`${lists}-title`}>{t('admin.credits.title')}</h2>
      {canEdit && <p className="console-hint">{t('admin.credits.hint')}</p>}
      {canEdit ? (
        <form className="console-form" onSubmit={submit} noValidate>
          {KEYS.map((k) => (
            <Field
              key={k}
              label={t(`admin.credits.${k}`)}
              {...credits.bind(k)}
              name={`credits-${k}`}
              list={`${lists}-${k === 'genres' ? 'genres' : 'people'}`}
              autoComplete="off"
              disabled={!loaded}
            />
          ))}
          <datalist id={`${lists}-people`}>
            {known.people.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          <datalist id={`${lists}-genres`}>
            {known.genres.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          <button type="submit" className="console-button" disabled={busy || !ready || !loaded}>
            {t('admin.credits.save')}
          </button>
        </form>
      ) : (
        <dl>
          {KEYS.map((k) => (
            <div key={k}>
              <dt>{t(`admin.credits.${k}`)}</dt>
              <dd>{form[k] || t('admin.credits.none')}</dd>
            </div>
          ))}
        </dl>
      )}
      <Outcome outcome={outcome} />
    </section>
  );
}
