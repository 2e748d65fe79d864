import { GUIDE_UPLOAD_MAX_BYTES, lineupGuideImport } from '@ottkit/api-client/contract';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { Field } from './Field.tsx';
import { JobList } from './JobList.tsx';
import { $jobs, loadJobs } from '../../stores/console/jobs.ts';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

/** Imports an XMLTV guide by URL or as an uploaded file, as a job over the line-up importer; shows the jobs. */
export function GuideImport({ t, ready }: { t: AdminT; ready: boolean }) {
  // Its own outcome: the day's reloads above must not clear what the import said.
  const { busy, outcome, act } = useConsoleAction(t);
  const form = useConsoleForm({ name: '', url: '' });
  const [file, setFile] = useState<File | null>(null);
  const jobs = useStore($jobs) ?? [];
  useEffect(() => {
    void loadJobs().catch(() => undefined);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const { name, url } = form.values;
      const text = file ? await file.text() : undefined;
      const input = {
        name: name.trim(),
        ...(url.trim() ? { url: url.trim() } : {}),
        ...(text !== undefined ? { file: text } : {}),
      };
      const words: Record<string, string> = {
        name: t('admin.error.lineupName'),
        url: url.trim() && !file ? t('admin.error.url') : t('admin.error.guideSource'),
        file: t('admin.error.file'),
      };
      const tooBig: Record<string, string> =
        file && file.size > GUIDE_UPLOAD_MAX_BYTES ? { file: words.file as string } : {};
      if (!form.check(lineupGuideImport, input, (k) => words[k], tooBig)) return;
      await consoleApi.operator.lineupGuideImport(input);
      await loadJobs();
    });
  };

  return (
    <section className="console-card" aria-labelledby="guide-import-title">
      <h2 id="guide-import-title">{t('admin.guide.import')}</h2>
      <form className="console-form" onSubmit={submit} noValidate>
        <Field label={t('admin.guide.importName')} {...form.bind('name')} />
        <Field label={t('admin.guide.importUrl')} type="url" inputMode="url" {...form.bind('url')} />
        <Field
          label={t('admin.guide.importFile')}
          error={form.errors.file}
          type="file"
          accept=".xml,.xmltv,text/xml,application/xml"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <p className="console-hint">{t('admin.guide.importHint')}</p>
        <button type="submit" className="console-button" disabled={busy || !ready}>
          {t('admin.guide.importButton')}
        </button>
      </form>
      <Outcome outcome={outcome} />
      <h3>{t('admin.sources.jobs')}</h3>
      <JobList jobs={jobs} t={t} />
    </section>
  );
}
