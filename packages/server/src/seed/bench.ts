#!/usr/bin/env node
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDataStore } from '../dataStore.ts';
import { seedBenchLineup } from './lineup.ts';

/**
 * `node src/seed/bench.ts --channels 500 [--data DIR]`: loads a synthetic line-up of N channels with its whole
 * guide (7 days back, 3 ahead) into the data folder, for the large line-up benchmark. Start `serve` afterwards.
 */
export function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: { channels: { type: 'string', default: '500' }, data: { type: 'string' } },
  });
  const count = Number(values.channels);
  if (!Number.isInteger(count) || count < 1 || count > 10000) {
    console.error('--channels must be an integer 1-10000');
    return 2;
  }
  const { config, db } = openDataStore(values.data);
  try {
    const started = performance.now();
    const r = seedBenchLineup(db, count, Date.now());
    const ms = Math.round(performance.now() - started);
    console.log(
      `bench line-up: ${r.channels} channels, ${r.programs} programmes in ${ms} ms (${config.dataDir})`,
    );
    return 0;
  } finally {
    db.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
