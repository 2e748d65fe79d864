import { changeSetting, isSettingKey, readSettings, SETTINGS } from '../domain/appConfig.ts';
import { type Command, UsageError, withStore } from './command.ts';

/** `config`: the app configuration of spec §3 (settings apply at once). */
export const configCommand: Command = {
  name: 'config',
  usage: '  config list | get KEY | set KEY VALUE                              app configuration (spec §3)',
  run: (args) =>
    withStore(args, {}, ({ db, positionals }) => {
      const [verb, key, value] = positionals;
      const settings = readSettings(db) as Record<string, unknown>;
      if (verb === 'list' || verb === undefined) {
        for (const k of Object.keys(SETTINGS)) console.log(`${k}=${String(settings[k])}`);
        return 0;
      }
      if (verb === 'get' && key) {
        if (!isSettingKey(key)) throw new Error(`Unknown setting '${key}'`);
        console.log(String(settings[key]));
        return 0;
      }
      if (verb === 'set' && key && value !== undefined) {
        changeSetting(db, key, value);
        console.log(`${key}=${value}`);
        return 0;
      }
      throw new UsageError();
    }),
};
