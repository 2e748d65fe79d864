import { type ConsoleNotice, noticeCreate } from '@ottkit/api-client/contract';
import { type FormEvent, useState } from 'react';
import type { AdminKey, AdminT } from '../../../i18n/admin.ts';
import type { Lang } from '../../../i18n/langs.ts';
import { consoleApi } from '../../../lib/console.ts';
import { Field, FieldGroup, TextAreaField } from '../Field.tsx';
import { Outcome, useConsoleAction } from '../useConsoleAction.tsx';
import { useConsoleForm } from '../useConsoleForm.ts';
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
  const form = useConsoleForm<NoticeDraft>(EMPTY_DRAFT);
  const draft = form.values;
  const [previewing, setPreviewing] = useState(false);
  const { busy, outcome, act } = useConsoleAction(t);
  const check = () =>
    form.check(noticeCreate, draftToRequest(draft), (field) =>
      t(NOTICE_FIELD_ERRORS[field] ?? 'admin.notices.error.msg'),
    );

  const publish = (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    void act(async () => {
      const { notice } = await consoleApi.operator.noticeCreate(draftToRequest(draft));
      onPublished(notice);
      form.reset();
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
          form.setValues((d) => ({
            ...d,
            modes: e.target.checked ? [...d.modes, m] : d.modes.filter((x) => x !== m),
          }))
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
            rows={3}
            maxLength={2000}
            {...form.bind('msg')}
          />
          <div className="console-row">
            <Field label={t('admin.notices.title')} maxLength={120} {...form.bind('title')} />
            <Field label={t('admin.notices.priority')} type="number" step={1} {...form.bind('priority')} />
          </div>
          <FieldGroup
            className="notice-modes"
            legend={t('admin.notices.where')}
            error={form.errors.displayMode}
          >
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
          </FieldGroup>
          {draft.modes.includes(10) && (
            <Field
              label={t('admin.notices.channels')}
              hint={t('admin.notices.channelsHint')}
              {...form.bind('channels', 'displayChannel')}
            />
          )}
          <fieldset className="notice-group">
            <legend>{t('admin.notices.how')}</legend>
            <div className="console-row">
              <Field
                label={t('admin.notices.times')}
                type="number"
                min={0}
                step={1}
                {...form.bind('times', 'displayTimes')}
              />
              <Field
                label={t('admin.notices.interval')}
                type="number"
                min={0}
                step={1000}
                {...form.bind('interval', 'displayInterval')}
              />
            </div>
          </fieldset>
          <fieldset className="notice-group">
            <legend>{t('admin.notices.looks')}</legend>
            <div className="console-row">
              <Field label={t('admin.notices.background')} type="color" {...form.bind('background')} />
              <Field label={t('admin.notices.textColour')} type="color" {...form.bind('text')} />
              <Field
                label={t('admin.notices.size')}
                type="number"
                min={8}
                max={64}
                {...form.bind('size', 'properties')}
              />
            </div>
          </fieldset>
          <fieldset className="notice-group">
            <legend>{t('admin.notices.schedule')}</legend>
            <div className="console-row">
              <Field
                label={t('admin.notices.startsAt')}
                type="datetime-local"
                {...zone}
                {...form.bind('startsAt')}
              />
              <Field
                label={t('admin.notices.endsAt')}
                type="datetime-local"
                {...zone}
                {...form.bind('endsAt')}
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
