import type { Library } from '@ottkit/api-client/contract';
import { atom } from 'nanostores';
import { consoleApi } from '../../lib/console.ts';
import { followJobEnds, loadJobs } from './jobs.ts';

/** /admin/libraries' film libraries with their last import; null until the first answer (issue 42). */
export const $libraries = atom<Library[] | null>(null);

/** The libraries and the jobs, together: an import shows in both. */
export async function loadLibraries(): Promise<void> {
  const [{ libraries }] = await Promise.all([consoleApi.operator.libraryList({}), loadJobs()]);
  $libraries.set(libraries);
}

// A library's last import follows its job (no reload).
followJobEnds($libraries, loadLibraries);
