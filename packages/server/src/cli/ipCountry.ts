import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadIpCountryTable, parseIpCountryCsv } from '../domain/ipCountry.ts';
import { type Command, UsageError, withStore } from './command.ts';

/** `ip-country load`: loads the IP-to-country table now (serve also reloads `<data>/ip-country.csv` itself). */
export const ipCountryCommand: Command = {
  name: 'ip-country',
  usage:
    '  ip-country load FILE.csv                                          the IP-to-country table (access rules)',
  run: (args) =>
    withStore(args, {}, async ({ db, config, positionals }) => {
      const [verb, file] = positionals;
      if (verb !== 'load' || !file) throw new UsageError();
      const n = await loadIpCountryTable(db, parseIpCountryCsv(readFileSync(resolve(file), 'utf8')));
      console.log(`ip-country: ${n} ranges loaded into ${config.dataDir}`);
      return 0;
    }),
};
