import { atom } from 'nanostores';
import type { GuideMask } from '../lib/guideMask.ts';

/**
 * The current profile's guide mask on /liveTv (issue 20 §2, decision 0310): set from what the server rendered the
 * page for (the session's profile); null for a profile that sees everything. A profile switch reloads the page.
 */
export const $guideMask = atom<GuideMask | null>(null);
