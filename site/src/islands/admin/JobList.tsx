import { JOB_KINDS, type Job, type JobKind } from '@ottkit/api-client/contract';
import type { AdminT } from '../../i18n/admin.ts';

const known = (kind: string): kind is JobKind => (JOB_KINDS as readonly string[]).includes(kind);

/** What a job works on, in words ("Import of Demo"); a kind this console does not know yet, as the server names it. */
export const jobLabel = (j: Job, t: AdminT): string =>
  known(j.kind)
    ? t(`admin.jobs.kind.${j.kind}`, { target: j.target })
    : t('admin.sources.job', { kind: j.kind, target: j.target });

/** A screen's card of the jobs (the sources' imports, the libraries' imports and transcodes). */
export function JobsCard({ jobs, t }: { jobs: readonly Job[]; t: AdminT }) {
  return (
    <section className="console-card" aria-labelledby="jobs-title">
      <h2 id="jobs-title">{t('admin.sources.jobs')}</h2>
      <JobList jobs={jobs} t={t} />
    </section>
  );
}

/** Jobs with their progress and outcome in words (decision 0213): the sources and guide screens show them. */
export function JobList({ jobs, t }: { jobs: readonly Job[]; t: AdminT }) {
  return (
    <>
      {jobs.length === 0 && <p>{t('admin.sources.noJobs')}</p>}
      <ul className="console-list">
        {jobs.map((j) => (
          <li key={j.jobId} data-testid="job" data-status={j.status}>
            <div>{jobLabel(j, t)}</div>
            <progress className="console-progress" max={100} value={j.progress} aria-label={jobLabel(j, t)} />
            <div role="status">
              <JobState job={j} t={t} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A job's state in words: its status, then its step or error; and, when another server process took it over
 * because its own stopped, that it was resumed (decision 0335).
 */
export function JobState({ job, t }: { job: Job; t: AdminT }) {
  return (
    <>
      {t(`admin.sources.job.${job.status}`)} · {job.status === 'failed' ? job.error : job.message}
      {job.resumedAt !== undefined && (
        <span className="console-job-resumed" data-testid="job-resumed">
          {' '}
          · {t('admin.sources.job.resumed')}
        </span>
      )}
    </>
  );
}
