import type { LineupImporter } from '../operator/sourceJobs.ts';
import { refreshSource } from './importer.ts';
import { refreshInWorker } from './refreshWorker.ts';

/**
 * The import the operator's source jobs run (decision 0369): the console's routes, the command line and the app's
 * job recovery hand this to `operator/sourceJobs.ts`, which declares what it needs and imports no importer itself
 * (the importer resizes logos with ffmpeg).
 */
export const lineupImporter: LineupImporter = { refresh: refreshSource, inWorker: refreshInWorker };
