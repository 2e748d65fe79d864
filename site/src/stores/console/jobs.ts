import type { Job } from '@ottkit/api-client/contract';
import { atom, onMount, type ReadableAtom } from 'nanostores';
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

/**
 * While `store` is listened to, `load` runs again each time a job is seen ended that was not before: a screen's
 * list follows its jobs (a source's status, a library's last import) with no reload. By job, not by a count of
 * running ones: a job that ends before the list first shows it running, or between the list's and the jobs'
 * answers of one read, was missed that way (issue 37).
 */
export function followJobEnds(store: ReadableAtom<unknown>, load: () => Promise<void>): void {
  onMount(store, () => {
    let ended: Set<string> | undefined;
    return $jobs.subscribe((jobs) => {
      if (!jobs) return;
      const now = new Set(jobs.filter((j) => !jobRunning(j)).map((j) => j.jobId));
      const news = ended !== undefined && [...now].some((id) => !ended?.has(id));
      ended = now;
      if (news) void load().catch(() => undefined);
    });
  });
}
