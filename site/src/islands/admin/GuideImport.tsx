import { GUIDE_UPLOAD_MAX_BYTES, type Job, lineupGuideImport } from '@ottkit/api-client/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi, fieldErrors } from '../../lib/console.ts';
import { Field } from './Field.tsx';
import { JobList, jobRunning } from './JobList.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';

const POLL_MS = 700;

/** Imports an XMLTV guide by URL or as an uploaded file, as a job over the line-up importer; shows the jobs. */
export function GuideImport({ t, ready }: { t: AdminT; ready: boolean }) {
  // Its own outcome: the day's reloads above must not clear what the import said.
  const { busy, outcome, act } = useConsoleAction(t);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [jobs, setJobs] = useState<Job[]>([]);

  const reload = useCallback(async () => {
    setJobs((await consoleApi.operator.jobList({})).jobs);
  }, []);
  useEffect(() => {
    void reload().catch(() => undefined);
  }, [reload]);
  const anyRunning = jobs.some(jobRunning);
  useEffect(() => {
    if (!anyRunning) return;
    const timer = setInterval(() => void reload().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [anyRunning, reload]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const text = file ? await file.text() : undefined;
      const input = {
        name: name.trim(),
        ...(url.trim() ? { url: url.trim() } : {}),
        ...(text !== undefined ? { file: text } : {}),
      };
      const bad = fieldErrors(lineupGuideImport, input) ?? {};
      const shown: Record<string, string> = {};
      if (bad.name) shown.name = t('admin.error.lineupName');
      if (bad.url) shown.url = url.trim() && !file ? t('admin.error.url') : t('admin.error.guideSource');
      if (bad.file || (file && file.size > GUIDE_UPLOAD_MAX_BYTES)) shown.file = t('admin.error.file');
      setErrors(shown);
      if (Object.keys(shown).length > 0) return;
      await consoleApi.operator.lineupGuideImport(input);
      await reload();
    });
  };

  return (
    <section className="console-card" aria-labelledby="guide-import-title">
      <h2 id="guide-import-title">{t('admin.guide.import')}</h2>
      <form className="console-form" onSubmit={submit} noValidate>
        <Field
          label={t('admin.guide.importName')}
          error={errors.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          label={t('admin.guide.importUrl')}
          error={errors.url}
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Field
          label={t('admin.guide.importFile')}
          error={errors.file}
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
