import { type ConsoleProgramme, type GuideLang, lineupProgrammeSave } from '@ottkit/api-client/contract';
import { type FormEvent, useId, useState } from 'react';
import type { AdminKey, AdminT } from '../../i18n/admin.ts';
import { consoleApi, fieldErrors } from '../../lib/console.ts';
import { Field } from './Field.tsx';

const DAY_MS = 86_400_000;
/** HH:MM of an instant, in UTC (the guide is stored per UTC day). */
export const hhmm = (at: number) => new Date(at).toISOString().slice(11, 16);
/** An HH:MM on `day` (UTC) as epoch ms; undefined when it is not a time. */
function at(day: string, time: string): number | undefined {
  const m = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return Date.parse(`${day}T${time.trim()}:00Z`);
}

const FIELD_WORDS: Record<string, AdminKey> = {
  title: 'admin.error.title',
  description: 'admin.error.description',
  stop: 'admin.error.stop',
};

/** Edits one programme: title and description in the chosen language, start and end (UTC), rating when it has one. */
export function ProgrammeForm({
  t,
  channelId,
  day,
  lang,
  programme: p,
  busy,
  act,
  onDone,
}: {
  t: AdminT;
  channelId: string;
  day: string;
  lang: GuideLang;
  programme: ConsoleProgramme;
  busy: boolean;
  act: (work: () => Promise<unknown>) => Promise<void>;
  onDone: (saved: boolean) => Promise<void>;
}) {
  const id = useId();
  const [title, setTitle] = useState(p.title);
  const [description, setDescription] = useState(p.description);
  const [start, setStart] = useState(hhmm(p.start));
  const [stop, setStop] = useState(hhmm(p.stop));
  const [rating, setRating] = useState(p.rating?.value ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const from = at(day, start);
    let to = at(day, stop);
    // An end at or before the start is the next day's (a programme that runs past midnight).
    if (from !== undefined && to !== undefined && to <= from) to += DAY_MS;
    const bad: Record<string, string> = {};
    if (from === undefined) bad.start = t('admin.error.time');
    if (to === undefined) bad.stop = t('admin.error.time');
    const input = {
      logicalChannelId: channelId,
      day,
      programId: p.programId,
      lang,
      title: title.trim(),
      description: description.trim(),
      start: from ?? 0,
      stop: to ?? 0,
      ...(p.rating ? { ratingValue: rating.trim() } : {}),
    };
    for (const k of Object.keys(fieldErrors(lineupProgrammeSave, input) ?? {})) {
      const words = FIELD_WORDS[k];
      if (words) bad[k] ??= t(words);
    }
    setErrors(bad);
    if (Object.keys(bad).length > 0) return;
    void act(async () => {
      await consoleApi.operator.lineupProgrammeSave(input);
      await onDone(true);
      return t('admin.guide.saved');
    });
  };

  return (
    <form className="console-form" onSubmit={submit} noValidate data-testid="programme-form">
      <Field
        label={t('admin.guide.title')}
        error={errors.title}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <div className="console-field">
        <label htmlFor={`${id}-desc`}>{t('admin.guide.description')}</label>
        <textarea
          id={`${id}-desc`}
          rows={3}
          value={description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-desc-error` : undefined}
          onChange={(e) => setDescription(e.target.value)}
        />
        {errors.description && (
          <p id={`${id}-desc-error`} className="console-error" role="alert">
            {errors.description}
          </p>
        )}
      </div>
      <div className="console-row">
        <Field
          label={t('admin.guide.start')}
          error={errors.start}
          type="time"
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
        <Field
          label={t('admin.guide.stop')}
          hint={t('admin.guide.stopHint')}
          error={errors.stop}
          type="time"
          value={stop}
          onChange={(e) => setStop(e.target.value)}
        />
      </div>
      {p.rating && (
        <Field
          label={t('admin.guide.ratingValue', { system: p.rating.system })}
          value={rating}
          onChange={(e) => setRating(e.target.value)}
        />
      )}
      <div className="console-row">
        <button type="submit" className="console-button" disabled={busy}>
          {t('admin.guide.save')}
        </button>
        <button type="button" className="console-button secondary" onClick={() => void onDone(false)}>
          {t('admin.channels.cancel')}
        </button>
      </div>
    </form>
  );
}
