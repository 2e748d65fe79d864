import { drawChannelLogos } from '../media/drawnLogo.ts';
import { seedBenchLineup } from '../seed/lineup.ts';
import { type Command, parseCommandArgs, UsageError, withStore } from './command.ts';

/**
 * `bench-lineup --channels 500`: loads a synthetic line-up of N channels with its whole guide (7 days back, 3
 * ahead) and its drawn logos (decision 0354) into the data folder, for the large line-up benchmarks. Start
 * `serve` afterwards.
 */
export const benchLineupCommand: Command = {
  name: 'bench-lineup',
  usage:
    '  bench-lineup [--channels N]                                       replace the line-up with N synthetic channels',
  run: (args) => {
    const options = { channels: { type: 'string', default: '500' } } as const;
    const count = Number(parseCommandArgs(args, options).values.channels);
    if (!Number.isInteger(count) || count < 1 || count > 10000)
      throw new UsageError('--channels must be an integer 1-10000');
    return withStore(args, options, async ({ db, config }) => {
      const started = performance.now();
      const r = seedBenchLineup(db, count, Date.now());
      const ms = Math.round(performance.now() - started);
      console.log(
        `bench line-up: ${r.channels} channels, ${r.programs} programmes in ${ms} ms (${config.dataDir})`,
      );
      // Drawn now, as a line-up's first viewer would have had them drawn (decision 0354).
      const drawing = performance.now();
      const logos = await drawChannelLogos(db, config.dataDir);
      console.log(
        `bench line-up: ${logos.drawn} of ${logos.of} drawn logos rasterised in ${Math.round(performance.now() - drawing)} ms`,
      );
      return 0;
    });
  },
};
