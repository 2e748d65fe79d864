import type { Job } from '@ottkit/api-client/contract';
import type { AdminT } from '../../i18n/admin.ts';

/** Jobs with their progress and outcome in words (decision 0213): the sources and guide screens show them. */
export function JobList({ jobs, t }: { jobs: readonly Job[]; t: AdminT }) {
  return (
    <>
      {jobs.length === 0 && <p>{t('admin.sources.noJobs')}</p>}
      <ul className="console-list">
        {jobs.map((j) => (
          <li key={j.jobId} data-testid="job" data-status={j.status}>
            <div>{t('admin.sources.job', { kind: j.kind, target: j.target })}</div>
            <progress
              className="console-progress"
              max={100}
              value={j.progress}
              aria-label={t('admin.sources.job', { kind: j.kind, target: j.target })}
            />
            <div role="status">
              {t(`admin.sources.job.${j.status}`)} · {j.status === 'failed' ? j.error : j.message}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export const jobRunning = (j: Job) => j.status === 'queued' || j.status === 'running';
