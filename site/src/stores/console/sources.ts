import type { Source } from '@ottkit/api-client/contract';
import { atom, onMount } from 'nanostores';
import { consoleApi } from '../../lib/console.ts';
import { $jobs, jobRunning, loadJobs } from './jobs.ts';

/** /admin/sources' line-up sources with their status; null until the first answer (issue 38). */
export const $sources = atom<Source[] | null>(null);

/** The sources and the jobs, together: a change to one (an import, a removal) shows in both. */
export async function loadSources(): Promise<void> {
  const [{ sources }] = await Promise.all([consoleApi.operator.sourceList({}), loadJobs()]);
  $sources.set(sources);
}

// A card's status follows its job: when a job is seen ended that was not before, the sources are read again
// (issue 37: no reload). By job, not by a count of running ones: an import that ends before the list first shows it
// running, or between the sources' and the jobs' answers of one read, was missed that way and its card stayed
// "not read yet".
onMount($sources, () => {
  let ended: Set<string> | undefined;
  return $jobs.subscribe((jobs) => {
    if (!jobs) return;
    const now = new Set(jobs.filter((j) => !jobRunning(j)).map((j) => j.jobId));
    const news = ended !== undefined && [...now].some((id) => !ended?.has(id));
    ended = now;
    if (news) void loadSources().catch(() => undefined);
  });
});
