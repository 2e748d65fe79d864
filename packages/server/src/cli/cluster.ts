import { resolve } from 'node:path';
import { loadOrCreateSecret } from '../config.ts';
import { startCluster } from '../cluster/cluster.ts';
import { renderEdgeConfig } from '../edge/nginx.ts';
import { SEGMENT_SEC } from '../media/profiles.ts';
import { type Command, parseCommandArgs, str } from './command.ts';

function positiveInt(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0 || n > 65_000)
    throw new Error(`--${name} must be a positive integer, got '${v}'`);
  return n;
}

/** `cluster`: Redis, an nginx edge and N ottkit processes on loopback until Ctrl-C (decision 0262). */
async function cluster(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, {
    port: { type: 'string' },
    processes: { type: 'string' },
    dir: { type: 'string' },
    site: { type: 'string' },
  });
  const port = positiveInt('port', str(values.port), 8080);
  const processes = positiveInt('processes', str(values.processes), 3);
  const c = await startCluster({
    port,
    processes,
    dir: str(values.dir),
    // The processes run from the repository root: the site entry as an absolute path.
    ...(values.site === undefined ? {} : { site: resolve(str(values.site) as string) }),
    exitOnSignal: true,
  });
  console.log(
    `ottkit cluster: edge ${c.edgeUrl}; processes ${c.processUrls.join(', ')}; Redis ${c.redisUrl}`,
  );
  console.log('Ctrl-C stops them all.');
  return -1;
}

/** `edge-config`: the nginx edge configuration for ottkit processes on real servers (docs/deploy.md). */
async function edgeConfig(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    listen: { type: 'string' },
    'cache-dir': { type: 'string' },
    'segment-lock-wait': { type: 'string' },
  });
  if (positionals.length === 0) {
    console.error('edge-config: name the ottkit processes, host:port each');
    return 2;
  }
  const dataDir = str(values.data);
  const secret = process.env.OTTKIT_SECRET ?? (dataDir ? loadOrCreateSecret(dataDir) : undefined);
  if (!secret) {
    console.error('edge-config: the media-token secret is needed: set OTTKIT_SECRET or pass --data DIR');
    return 2;
  }
  process.stdout.write(
    renderEdgeConfig({
      listen: str(values.listen) ?? '80',
      upstreams: positionals,
      secret,
      cacheDir: str(values['cache-dir']) ?? '/var/cache/nginx/ottkit',
      segmentSec: SEGMENT_SEC,
      segmentLockWait: str(values['segment-lock-wait']),
    }),
  );
  return 0;
}

export const clusterCommand: Command = {
  name: 'cluster',
  usage:
    '  cluster [--port 8080] [--processes 3] [--dir .data/cluster] [--site site/dist/server/entry.mjs]\n' +
    '      Redis, an nginx edge and N ottkit processes on loopback; Ctrl-C stops them all',
  run: cluster,
};

export const edgeConfigCommand: Command = {
  name: 'edge-config',
  usage:
    '  edge-config [--listen 80] [--cache-dir DIR] [--segment-lock-wait 100ms] [--data DIR] HOST:PORT…\n' +
    '      prints the nginx edge configuration for these ottkit processes (OTTKIT_SECRET or --data for the secret)',
  run: edgeConfig,
};
