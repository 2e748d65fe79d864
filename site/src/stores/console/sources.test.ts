import type { Job, Source } from '@ottkit/api-client/contract';
import { describe, expect, it, vi } from 'vitest';

const answers = { sources: [] as Source[], jobs: [] as Job[] };
const sourceList = vi.fn(async () => ({ sources: answers.sources }));
vi.mock('../../lib/console.ts', () => ({
  consoleApi: { operator: { sourceList, jobList: async () => ({ jobs: answers.jobs }) } },
}));
const { $sources, loadSources } = await import('./sources.ts');
const { $jobs } = await import('./jobs.ts');

const job = (jobId: string, status: Job['status']) => ({ jobId, status }) as Job;
const settle = () => new Promise((r) => setTimeout(r, 0));
/** The jobs list as a poll brings it: the store's own reads answer the same. */
async function show(jobs: Job[]) {
  answers.jobs = jobs;
  $jobs.set(jobs);
  await settle();
}

describe("a source card follows its job's end", () => {
  it('reads the sources again when a job is first seen ended, even one never seen running', async () => {
    const stop = $sources.listen(() => {});
    answers.jobs = [job('j-old', 'succeeded')];
    await loadSources();
    await settle();
    const reads = sourceList.mock.calls.length;
    // The first list is only taken in: the jobs that had ended before are not news.
    expect(reads).toBe(1);

    // An import that ended between the sources' and the jobs' answers of one read: the next list shows it over.
    await show([job('j-new', 'succeeded'), job('j-old', 'succeeded')]);
    expect(sourceList.mock.calls.length).toBe(reads + 1);

    // A running job, then the same job ended: one more read; a list with nothing new: none.
    await show([job('j-next', 'running'), job('j-new', 'succeeded'), job('j-old', 'succeeded')]);
    expect(sourceList.mock.calls.length).toBe(reads + 1);
    await show([job('j-next', 'failed'), job('j-new', 'succeeded'), job('j-old', 'succeeded')]);
    expect(sourceList.mock.calls.length).toBe(reads + 2);
    await show([job('j-next', 'failed'), job('j-new', 'succeeded'), job('j-old', 'succeeded')]);
    expect(sourceList.mock.calls.length).toBe(reads + 2);
    stop();
  });
});
