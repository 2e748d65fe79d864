import { type ConsoleProgramme, type GuideLang, lineupProgrammeSave } from '@ottkit/api-client/contract';
import type { FormEvent } from 'react';
import type { AdminKey, AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { Field, TextAreaField } from './Field.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

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
  const form = useConsoleForm({
    title: p.title,
    description: p.description,
    start: hhmm(p.start),
    stop: hhmm(p.stop),
    rating: p.rating?.value ?? '',
  });
  const { title, description, start, stop, rating } = form.values;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const from = at(day, start);
    let to = at(day, stop);
    // An end at or before the start is the next day's (a programme that runs past midnight).
    if (from !== undefined && to !== undefined && to <= from) to += DAY_MS;
    const more: Record<string, string> = {};
    if (from === undefined) more.start = t('admin.error.time');
    if (to === undefined) more.stop = t('admin.error.time');
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
    const words = (k: string) => {
      const key = FIELD_WORDS[k];
      return key && t(key);
    };
    if (!form.check(lineupProgrammeSave, input, words, more)) return;
    void act(async () => {
      await consoleApi.operator.lineupProgrammeSave(input);
      await onDone(true);
      return t('admin.guide.saved');
    });
  };

  return (
    <form className="console-form" onSubmit={submit} noValidate data-testid="programme-form">
      <Field label={t('admin.guide.title')} {...form.bind('title')} />
      <TextAreaField label={t('admin.guide.description')} rows={3} {...form.bind('description')} />
      <div className="console-row">
        <Field label={t('admin.guide.start')} type="time" {...form.bind('start')} />
        <Field
          label={t('admin.guide.stop')}
          hint={t('admin.guide.stopHint')}
          type="time"
          {...form.bind('stop')}
        />
      </div>
      {p.rating && (
        <Field
          label={t('admin.guide.ratingValue', { system: p.rating.system })}
          {...form.bind('rating', 'ratingValue')}
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
