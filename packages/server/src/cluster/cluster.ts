import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureClusterPackages, NGINX_MODULES_DIR } from './debian.mjs';
import { ensurePostgres, startPostgres } from './postgres.mjs';
import { ensurePrivateDir, loadOrCreateSecret, repoRoot } from '../config.ts';
import { type EdgeOptions, renderEdgeConfig, renderStandaloneNginx } from '../edge/nginx.ts';
import { SEGMENT_SEC } from '../media/profiles.ts';
import { type RunningRedis, startRedis, stopChild, waitForPort } from '../shared/redisServer.ts';

export interface ClusterOptions {
  /** Everything the cluster writes: `.data/cluster/` by default. */
  dir?: string;
  /** The edge's port; the processes take the next ones (port+1…), Redis port+20. */
  port?: number;
  processes?: number;
  /** Redis's port; port + 20 by default. */
  redisPort?: number;
  /** PostgreSQL's port; port + 21 by default. */
  postgresPort?: number;
  /** The built site's server entry, for pages (API and media only without it). */
  site?: string;
  /** Extra environment of every ottkit process (OTTKIT_MEDIA_PROFILE=tiny in tests). */
  env?: Record<string, string>;
  /** Start again a process that died (the cluster command); tests that kill one on purpose may turn it off. */
  restart?: boolean;
  /** Stop everything on SIGINT and SIGTERM, from the first step on, then exit (the cluster command). */
  exitOnSignal?: boolean;
  log?: (line: string) => void;
  /** Edge settings beyond the defaults (tests shorten the segment lock wait to send every waiter to the shield). */
  edge?: Pick<EdgeOptions, 'segmentLockWait'>;
}

export interface RunningCluster {
  edgeUrl: string;
  /** Each ottkit process's own address (the same-bytes test asks them directly). */
  processUrls: string[];
  redisUrl: string;
  /** The one PostgreSQL database every process uses (decision 0275). */
  databaseUrl: string;
  dataDir: string;
  /** nginx's log of every request: `<status> <cache status> <upstream address or -> <path>` (flushed each second). */
  edgeLog: string;
  /** The pid of process i (0-based) now. */
  pid(i: number): number | undefined;
  /** Waits until process i answers again (after a kill, the cluster restarts it). */
  waitFor(i: number, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

// Beside this module, so the package finds its own command wherever it is installed.
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

/**
 * Starts on loopback a PostgreSQL (the store, decision 0275), a Redis, N ottkit processes over one data folder
 * (the secrets, keys and media) and an nginx edge in front (decision 0262). The first process starts alone (it
 * migrates, seeds and prepares media); the others follow once it listens. Stops everything on `stop()`.
 */
export async function startCluster(o: ClusterOptions = {}): Promise<RunningCluster> {
  ensureClusterPackages();
  ensurePostgres();
  const dir = o.dir ?? join(repoRoot, '.data', 'cluster');
  const port = o.port ?? 8080;
  const n = o.processes ?? 3;
  const log = o.log ?? ((l: string) => console.log(l));
  const dataDir = join(dir, 'data');
  ensurePrivateDir(dir);
  ensurePrivateDir(dataDir);
  const secret = loadOrCreateSecret(dataDir);
  const children: (ChildProcess | undefined)[] = [];
  let stopping = false;
  let redis: RunningRedis | undefined;
  let postgres: ReturnType<typeof startPostgres> | undefined;
  let nginx: ChildProcess | undefined;

  const stop = async () => {
    stopping = true;
    if (nginx) await stopChild(nginx);
    await Promise.all(children.map((c) => (c ? stopChild(c, 10_000) : undefined)));
    await redis?.stop();
    postgres?.stop('fast');
  };
  if (o.exitOnSignal) {
    const onSignal = () => {
      log('cluster: stopping');
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }

  try {
    redis = await startRedis(join(dir, 'redis'), o.redisPort ?? port + 20);
    const redisUrl = redis.url;
    postgres = startPostgres(join(dir, 'postgres'), o.postgresPort ?? port + 21);
    const databaseUrl = postgres.database('ottkit');
    const ports = Array.from({ length: n }, (_, i) => port + 1 + i);
    const spawnOne = (i: number) => {
      const args = [CLI, 'serve', ...(o.site ? ['--site', o.site] : [])];
      const child = spawn(process.execPath, args, {
        cwd: repoRoot,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          ...o.env,
          OTTKIT_DATA_DIR: dataDir,
          OTTKIT_REDIS_URL: redisUrl,
          OTTKIT_DATABASE_URL: databaseUrl,
          // One database for all: never a test run's schema per data folder.
          OTTKIT_DATABASE_PER_FILE: '',
          OTTKIT_TRUST_PROXY: 'true',
          // Loopback over plain http: the edge is the only client, cookies without Secure.
          OTTKIT_SECURE_COOKIES: 'false',
          HOST: '127.0.0.1',
          PORT: String(ports[i]),
        },
      });
      children[i] = child;
      let up = false;
      const started = new Promise<void>((resolve, reject) => {
        waitForPort(ports[i] as number, 180_000, `ottkit ${i + 1}`).then(() => {
          up = true;
          resolve();
        }, reject);
        child.once('exit', () => {
          if (!up) reject(new Error(`ottkit ${i + 1} stopped before it listened (its message is above)`));
        });
      });
      started.catch(() => {});
      child.once('exit', (code, signal) => {
        if (stopping) return;
        log(`cluster: ottkit ${i + 1} (pid ${child.pid}) exited (${signal ?? code})`);
        // One that never came up would only fail again: its message says why.
        if (o.restart === false || !up) return;
        setTimeout(() => {
          if (stopping) return;
          log(`cluster: starting ottkit ${i + 1} again`);
          spawnOne(i);
        }, 500);
      });
      return started;
    };
    await spawnOne(0);
    await Promise.all(ports.slice(1).map((_, i) => spawnOne(i + 1)));

    const nginxDir = join(dir, 'nginx');
    // A fresh cache each start; the folder is nginx's alone (it holds the shield's socket, decision 0345).
    rmSync(join(nginxDir, 'cache'), { recursive: true, force: true });
    mkdirSync(join(nginxDir, 'cache'), { recursive: true, mode: 0o700 });
    for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(join(nginxDir, 'tmp', t), { recursive: true });
    }
    const edge = renderEdgeConfig({
      listen: `127.0.0.1:${port}`,
      upstreams: ports.map((p) => `127.0.0.1:${p}`),
      secret,
      cacheDir: join(nginxDir, 'cache'),
      segmentSec: SEGMENT_SEC,
      ...o.edge,
    });
    const conf = join(nginxDir, 'nginx.conf');
    writeFileSync(conf, renderStandaloneNginx(nginxDir, edge, NGINX_MODULES_DIR), { mode: 0o600 });
    nginx = spawn('nginx', ['-c', conf, '-p', nginxDir, '-e', join(nginxDir, 'error.log')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForPort(port, 10_000, 'nginx');
    return {
      edgeUrl: `http://127.0.0.1:${port}`,
      processUrls: ports.map((p) => `http://127.0.0.1:${p}`),
      redisUrl,
      databaseUrl,
      dataDir,
      edgeLog: join(nginxDir, 'access.log'),
      pid: (i) => children[i]?.pid,
      waitFor: (i, ms = 60_000) => waitForPort(ports[i] as number, ms, `ottkit ${i + 1}`),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
