import type { EpgProgram } from '@ottkit/api-client';

/** A catch-up programme for guide tests: its id is also its title. */
export const programme = (programId: string, start: number, stop: number): EpgProgram => ({
  programId,
  start,
  stop,
  title: programId,
  content: '',
  isCatchup: true,
  multilingualList: [],
});
