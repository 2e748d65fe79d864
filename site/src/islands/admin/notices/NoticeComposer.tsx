import { type ConsoleNotice, noticeCreate } from '@ottkit/api-client/contract';
import { type FormEvent, useState } from 'react';
import type { AdminKey, AdminT } from '../../../i18n/admin.ts';
import type { Lang } from '../../../i18n/langs.ts';
import { consoleApi, fieldErrors } from '../../../lib/console.ts';
import { Field, TextAreaField } from '../Field.tsx';
import { Outcome, useConsoleAction } from '../useConsoleAction.tsx';
import { zoneHere } from '../when.ts';
import { NoticePreview } from './NoticePreview.tsx';
import {
  draftToRequest,
  EMPTY_DRAFT,
  FORM_MODES,
  isMarqueeMode,
  isPopupMode,
  NOTICE_FIELD_ERRORS,
  type NoticeDraft,
} from './noticeForm.ts';

interface Props {
  lang: Lang;
  t: AdminT;
  ready: boolean;
  onPublished: (n: ConsoleNotice) => void;
}

/** The compose form (issue 18 §6): the spec's notice fields, where it shows, how often, its look and schedule. */
export function NoticeComposer({ lang, t, ready, onPublished }: Props) {
  // The zone the two times are read in, said under each (issue 37); known in the browser only, so after hydration.
  const zone = ready ? { hint: t('admin.notices.zone', { zone: zoneHere() }) } : {};
  const [draft, setDraft] = useState<NoticeDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewing, setPreviewing] = useState(false);
  const { busy, outcome, act } = useConsoleAction(t);
  const set = (patch: Partial<NoticeDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const err = (field: string) => errors[field];
  const text = (field: keyof NoticeDraft) => ({
    name: field,
    value: draft[field] as string,
    onChange: (e: { target: { value: string } }) => set({ [field]: e.target.value }),
  });

  const check = (): boolean => {
    const bad = fieldErrors(noticeCreate, draftToRequest(draft)) ?? {};
    const words: Record<string, string> = {};
    for (const field of Object.keys(bad)) {
      words[field] = t(NOTICE_FIELD_ERRORS[field] ?? ('admin.notices.error.msg' as AdminKey));
    }
    setErrors(words);
    return Object.keys(words).length === 0;
  };

  const publish = (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    void act(async () => {
      const { notice } = await consoleApi.operator.noticeCreate(draftToRequest(draft));
      onPublished(notice);
      setDraft(EMPTY_DRAFT);
      setPreviewing(false);
      return t('admin.notices.published');
    });
  };

  const modeBox = (m: number) => (
    <label key={m} className="notice-mode">
      <input
        type="checkbox"
        name="displayMode"
        value={m}
        checked={draft.modes.includes(m)}
        onChange={(e) =>
          set({ modes: e.target.checked ? [...draft.modes, m] : draft.modes.filter((x) => x !== m) })
        }
      />
      {t(`admin.notices.mode.${m}` as AdminKey)}
    </label>
  );

  return (
    <>
      <section className="console-card" aria-labelledby="compose-title">
        <h2 id="compose-title">{t('admin.notices.compose')}</h2>
        <form className="console-form" onSubmit={publish} noValidate>
          <TextAreaField
            label={t('admin.notices.msg')}
            hint={t('admin.notices.msgHint')}
            error={err('msg')}
            rows={3}
            maxLength={2000}
            {...text('msg')}
          />
          <div className="console-row">
            <Field label={t('admin.notices.title')} error={err('title')} maxLength={120} {...text('title')} />
            <Field
              label={t('admin.notices.priority')}
              error={err('priority')}
              type="number"
              step={1}
              {...text('priority')}
            />
          </div>
          <fieldset
            className="notice-modes"
            aria-invalid={err('displayMode') ? true : undefined}
            aria-describedby={err('displayMode') ? 'notice-modes-error' : undefined}
          >
            <legend>{t('admin.notices.where')}</legend>
            <div className="notice-mode-groups">
              <fieldset className="notice-mode-set">
                <legend className="notice-mode-head">{t('admin.notices.marquees')}</legend>
                {FORM_MODES.filter(isMarqueeMode).map(modeBox)}
              </fieldset>
              <fieldset className="notice-mode-set">
                <legend className="notice-mode-head">{t('admin.notices.popups')}</legend>
                {FORM_MODES.filter(isPopupMode).map(modeBox)}
              </fieldset>
            </div>
            {err('displayMode') && (
              <p id="notice-modes-error" className="console-error" role="alert">
                {err('displayMode')}
              </p>
            )}
          </fieldset>
          {draft.modes.includes(10) && (
            <Field
              label={t('admin.notices.channels')}
              hint={t('admin.notices.channelsHint')}
              error={err('displayChannel')}
              {...text('channels')}
            />
          )}
          <fieldset className="notice-group">
            <legend>{t('admin.notices.how')}</legend>
            <div className="console-row">
              <Field
                label={t('admin.notices.times')}
                error={err('displayTimes')}
                type="number"
                min={0}
                step={1}
                {...text('times')}
              />
              <Field
                label={t('admin.notices.interval')}
                error={err('displayInterval')}
                type="number"
                min={0}
                step={1000}
                {...text('interval')}
              />
            </div>
          </fieldset>
          <fieldset className="notice-group">
            <legend>{t('admin.notices.looks')}</legend>
            <div className="console-row">
              <Field label={t('admin.notices.background')} type="color" {...text('background')} />
              <Field label={t('admin.notices.textColour')} type="color" {...text('text')} />
              <Field
                label={t('admin.notices.size')}
                error={err('properties')}
                type="number"
                min={8}
                max={64}
                {...text('size')}
              />
            </div>
          </fieldset>
          <fieldset className="notice-group">
            <legend>{t('admin.notices.schedule')}</legend>
            <div className="console-row">
              <Field
                label={t('admin.notices.startsAt')}
                error={err('startsAt')}
                type="datetime-local"
                {...zone}
                {...text('startsAt')}
              />
              <Field
                label={t('admin.notices.endsAt')}
                error={err('endsAt')}
                type="datetime-local"
                {...zone}
                {...text('endsAt')}
              />
            </div>
          </fieldset>
          <div className="console-row">
            <button
              type="button"
              className="console-button secondary"
              disabled={!ready}
              aria-expanded={previewing}
              aria-controls="notice-preview"
              onClick={() => {
                check();
                setPreviewing(true);
              }}
            >
              {t('admin.notices.preview')}
            </button>
            <button type="submit" className="console-button" disabled={busy || !ready}>
              {t('admin.notices.publish')}
            </button>
          </div>
          <Outcome outcome={outcome} />
        </form>
      </section>
      <div id="notice-preview">{previewing && <NoticePreview draft={draft} lang={lang} t={t} />}</div>
    </>
  );
}
