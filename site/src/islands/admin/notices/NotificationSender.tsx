import { type Job, notificationBroadcastStart, notificationSend } from '@ottkit/api-client/contract';
import { type FormEvent, useEffect, useState } from 'react';
import type { AdminKey, AdminT } from '../../../i18n/admin.ts';
import { consoleApi } from '../../../lib/console.ts';
import { Field, TextAreaField } from '../Field.tsx';
import { JobList } from '../JobList.tsx';
import { jobRunning } from '../../../stores/console/jobs.ts';
import { Outcome, useConsoleAction } from '../useConsoleAction.tsx';
import { useConsoleForm } from '../useConsoleForm.ts';
import { useConfirm } from '../useConfirm.tsx';

const FIELD_WORDS: Record<string, AdminKey> = {
  to: 'admin.notify.error.to',
  title: 'admin.notify.error.subject',
  content: 'admin.notify.error.content',
};

/**
 * A notification to one subscriber's message centre (support, editors) or to every subscriber (editors, when
 * `mayBroadcast`); sending to everybody asks first.
 */
export function NotificationSender({
  t,
  ready,
  mayBroadcast,
}: {
  t: AdminT;
  ready: boolean;
  mayBroadcast: boolean;
}) {
  const [all, setAll] = useState(false);
  const form = useConsoleForm({ to: '', title: '', content: '' });
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);
  // Sending to everybody runs as a job (decision 0282): its progress is polled until it ends.
  const [job, setJob] = useState<Job | null>(null);
  useEffect(() => {
    if (!job || !jobRunning(job)) return;
    const timer = setInterval(() => {
      consoleApi.operator.jobGet({ jobId: job.jobId }).then(
        (r) => setJob(r.job),
        () => undefined,
      );
    }, 700);
    return () => clearInterval(timer);
  }, [job]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const { to, title, content } = form.values;
    const body = all ? { title, content } : { to, title, content };
    const words = (f: string) => t(FIELD_WORDS[f] ?? 'admin.notify.error.content');
    if (!form.check(all ? notificationBroadcastStart : notificationSend, body, words)) return;
    if (all && !(await confirm(t('admin.notify.allConfirm')))) return;
    void act(async () => {
      let text: string | undefined;
      if (all) {
        setJob((await consoleApi.operator.notificationBroadcastStart({ title, content })).job);
      } else {
        await consoleApi.operator.notificationSend({ to, title, content });
        text = t('admin.notify.sentOne', { who: to.trim() });
      }
      form.setValues((v) => ({ ...v, title: '', content: '' }));
      return text;
    });
  };

  return (
    <section className="console-card" aria-labelledby="notify-title">
      <h2 id="notify-title">{t('admin.notify.title')}</h2>
      <p className="console-hint">{t('admin.notify.text')}</p>
      <form className="console-form" onSubmit={send} noValidate>
        {mayBroadcast && (
          <fieldset className="notice-group">
            <legend>{t('admin.notify.who')}</legend>
            <label className="notice-mode">
              <input type="radio" name="who" checked={!all} onChange={() => setAll(false)} />
              {t('admin.notify.one')}
            </label>
            <label className="notice-mode">
              <input type="radio" name="who" checked={all} onChange={() => setAll(true)} />
              {t('admin.notify.all')}
            </label>
          </fieldset>
        )}
        {!all && <Field label={t('admin.notify.to')} autoComplete="off" {...form.bind('to')} />}
        <Field label={t('admin.notify.subject')} maxLength={120} {...form.bind('title')} />
        <TextAreaField
          label={t('admin.notify.content')}
          rows={3}
          maxLength={2000}
          {...form.bind('content')}
        />
        <div className="console-row">
          <button type="submit" className="console-button" disabled={busy || !ready}>
            {t('admin.notify.send')}
          </button>
        </div>
        <Outcome outcome={outcome} />
        {job && (
          <div data-testid="broadcast-job">
            <JobList jobs={[job]} t={t} />
          </div>
        )}
      </form>
      {dialog}
    </section>
  );
}
