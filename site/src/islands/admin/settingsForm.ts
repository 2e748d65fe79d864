import type { ConsoleSettings } from '@ottkit/api-client/contract';

/** The settings as the console's form holds them (decision 0425): the number of transcodes as typed. */
export type SettingsForm = Omit<ConsoleSettings, 'transcode.parallel'> & { 'transcode.parallel': string };

/** The settings the server answered, as the form holds them. */
export const asForm = (s: ConsoleSettings): SettingsForm => ({
  ...s,
  'transcode.parallel': String(s['transcode.parallel']),
});
