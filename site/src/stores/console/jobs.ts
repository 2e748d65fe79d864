import type { Job } from '@ottkit/api-client/contract';
import { atom, onMount } from 'nanostores';
import { consoleApi } from '../../lib/console.ts';

/** While a job runs, its progress is asked this often. */
export const JOB_POLL_MS = 700;

export const jobRunning = (j: Job) => j.status === 'queued' || j.status === 'running';

/** The operator jobs (imports, refreshes, batches…) as the server lists them; null until the first answer. */
export const $jobs = atom<Job[] | null>(null);

export async function loadJobs(): Promise<void> {
  $jobs.set((await consoleApi.operator.jobList({})).jobs);
}

// Followed while a screen listens and a job runs: polled then, quiet otherwise; a reload shows the same progress,
// since the jobs are the server's.
onMount($jobs, () => {
  let timer: ReturnType<typeof setInterval> | undefined;
  const follow = (jobs: readonly Job[] | null) => {
    const running = jobs?.some(jobRunning) ?? false;
    if (running && !timer) timer = setInterval(() => void loadJobs().catch(() => undefined), JOB_POLL_MS);
    if (!running && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const stop = $jobs.subscribe(follow);
  return () => {
    stop();
    if (timer) clearInterval(timer);
  };
});
