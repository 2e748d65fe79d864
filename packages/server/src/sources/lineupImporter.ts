import type { LineupImporter } from '../operator/sourceJobs.ts';
import { refreshInWorker } from './refreshWorker.ts';

/**
 * The import the operator's source jobs run (decision 0369): the console's routes, the command line and the app's
 * job recovery hand this to `operator/sourceJobs.ts`, which declares what it needs and imports no importer itself
 * (the importer resizes logos with ffmpeg). Always in a worker thread with a bounded heap, on a connection of its
 * own (decisions 0250, 0445): the server's thread never waits for an import.
 */
export const lineupImporter: LineupImporter = { refresh: refreshInWorker };
