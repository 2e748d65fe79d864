// A throw-away PostgreSQL from Debian's `postgresql` package (decision 0275): initdb in a folder, pg_ctl on a
// loopback port, trust auth on 127.0.0.1 only. Used by the server suite's PostgreSQL run (`npm test`), the fault
// tests and the cluster command. initdb refuses root: as root everything runs as the `postgres` user.
// Plain JavaScript so scripts/ottkit.mjs runs it on any Node; it lives in the server package (the cluster command
// imports it), and the project's scripts import it from here.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureDebian } from './debian.mjs';

/** The newest installed PostgreSQL's bin folder, or undefined. */
export function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/**
 * Debian's PostgreSQL server, as a need of `ensureDebianAll`: there when a version's `pg_ctl` is (the client
 * package alone brings the folder too).
 */
export const POSTGRES_PACKAGES = [
  () => postgresBin() !== undefined,
  ['postgresql'],
  'for the PostgreSQL store (tests and cluster)',
];

/** Installs Debian's PostgreSQL server when it is missing. */
export function ensurePostgres() {
  ensureDebian(...POSTGRES_PACKAGES);
}

const asRoot = () => process.getuid?.() === 0;

function sh(bin, args, opts = {}) {
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const res = spawnSync(cmd, argv, { encoding: 'utf8', ...opts });
  if (res.error) throw res.error;
  return res;
}

/**
 * Creates the cluster in `dir` when it has none, and starts it on 127.0.0.1:port (`durable: false` for a test
 * run's server: no fsync). Returns its URL and stop/start.
 * The server's socket and lock files stay inside `dir`.
 */
export function startPostgres(dir, port, { durable = true } = {}) {
  const bin = postgresBin();
  if (!bin) {
    throw new Error(
      "PostgreSQL is missing: 'node scripts/ottkit.mjs test' (npm test) and 'npm run cluster' install it, or 'apt-get install postgresql'",
    );
  }
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (asRoot()) {
    chownSync(dir, postgresUid(), postgresGid());
    // The `postgres` user must pass through the private folders around it (search only: it lists nothing there,
    // and each file keeps its own mode).
    for (let p = dirname(dir); p !== dirname(p); p = dirname(p)) {
      const mode = statSync(p).mode;
      if (mode & 0o001) break;
      chmodSync(p, mode | 0o001);
    }
  }
  if (!existsSync(join(data, 'PG_VERSION'))) {
    const init = sh(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  // A throw-away test server need not survive a power cut: no fsync makes the suite's many small commits cheap.
  const sync = durable ? '-c fsync=on' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} ${sync} -c max_connections=300`;
  const running = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      const r = sh(join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-o',
        opts,
        '-l',
        join(dir, 'postgres.log'),
        '-w',
        'start',
      ]);
      if (r.status !== 0)
        throw new Error(`pg_ctl start failed: ${r.stderr || r.stdout} (log: ${join(dir, 'postgres.log')})`);
    },
    /** Creates database `name` when it is missing; returns its URL. */
    database(name) {
      const r = sh(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      if (r.status !== 0 && !/already exists/.test(r.stderr))
        throw new Error(`createdb ${name} failed: ${r.stderr}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    /** The databases made in it (every one but PostgreSQL's own). */
    databases() {
      const r = sh(join(bin, 'psql'), [
        ...['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-Atc'],
        "SELECT datname FROM pg_database WHERE NOT datistemplate AND datname <> 'postgres' ORDER BY datname",
      ]);
      if (r.status !== 0) throw new Error(`listing the databases failed: ${r.stderr}`);
      return r.stdout.split('\n').filter(Boolean);
    },
    /** Drops database `name` when it exists, closing its connections first. */
    drop(name) {
      const r = sh(join(bin, 'dropdb'), [
        ...['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '--if-exists', '--force', name],
      ]);
      if (r.status !== 0) throw new Error(`dropdb ${name} failed: ${r.stderr}`);
    },
    /** `mode` fast rolls back open transactions; immediate is a crash (recovery replays the WAL on start). */
    stop(mode = 'fast') {
      sh(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
    },
  };
  running.start();
  return running;
}

function idOf(flag) {
  const r = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}
const postgresUid = () => idOf('-u');
const postgresGid = () => idOf('-g');
