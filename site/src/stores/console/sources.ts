import type { Source } from '@ottkit/api-client/contract';
import { atom } from 'nanostores';
import { consoleApi } from '../../lib/console.ts';
import { followJobEnds, loadJobs } from './jobs.ts';

/** /admin/sources' line-up sources with their status; null until the first answer (issue 38). */
export const $sources = atom<Source[] | null>(null);

/** The sources and the jobs, together: a change to one (an import, a removal) shows in both. */
export async function loadSources(): Promise<void> {
  const [{ sources }] = await Promise.all([consoleApi.operator.sourceList({}), loadJobs()]);
  $sources.set(sources);
}

// A card's status follows its job (issue 37: no reload).
followJobEnds($sources, loadSources);
