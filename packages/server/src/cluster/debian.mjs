// Debian packages the project installs itself when they are missing (decision 0001): Chromium and ffmpeg for
// `npm test` and `npm start`, redis-server and nginx (with its njs module) for the cluster (decision 0262). Plain
// JavaScript so scripts/ottkit.mjs runs it on any Node (before any install); it lives in the server package, whose
// cluster command and tests import it, and the project's scripts import it from here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** True when `probe` is there: an absolute file path, a command on PATH, or a function that answers. */
export function hasProbe(probe) {
  if (typeof probe === 'function') return probe();
  if (probe.startsWith('/')) return existsSync(probe);
  return spawnSync('sh', ['-c', `command -v ${probe}`], { stdio: 'ignore' }).status === 0;
}

function apt(args, env) {
  const sudo = process.getuid && process.getuid() !== 0;
  const [cmd, argv] = sudo ? ['sudo', ['apt-get', ...args]] : ['apt-get', args];
  const res = spawnSync(cmd, argv, { stdio: 'inherit', env });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`'${cmd} ${argv.join(' ')}' failed with exit code ${res.status}`);
}

/**
 * What a command needs from Debian: `[probe, packages, why]` each, installed with apt-get (sudo when not root)
 * when what they bring (`probe`: a file, a command or a function) is missing. All that is missing goes in one `apt-get update`
 * and one `apt-get install`: on a fresh machine each install of its own read the package lists again.
 */
export function ensureDebianAll(needs) {
  const packages = missingPackages(needs);
  if (packages.length === 0) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  apt(['update', '-q'], env);
  apt(['install', '-y', '-q', '--no-install-recommends', ...packages], env);
}

/** The packages of the needs whose probe is missing, each once, in order; says why for each need it installs. */
export function missingPackages(needs) {
  const missing = needs.filter(([probe]) => !hasProbe(probe));
  for (const [, packages, why] of missing) {
    console.log(`ottkit: installing Debian ${packages.join(' ')} ${why} (apt-get install)`);
  }
  return [...new Set(missing.flatMap(([, packages]) => packages))];
}

/** The same for one need. */
export function ensureDebian(probe, packages, why) {
  ensureDebianAll([[probe, packages, why]]);
}

/** Where Debian's nginx keeps its dynamic modules, and the njs module the edge needs. */
export const NGINX_MODULES_DIR = '/usr/lib/nginx/modules';
export const NJS_MODULE = `${NGINX_MODULES_DIR}/ngx_http_js_module.so`;

/** Everything the cluster runs on (decision 0262): Redis, nginx and nginx's njs module. */
export const CLUSTER_PACKAGES = [
  ['redis-server', ['redis-server'], 'for the cluster (shared limits, locks, invalidation)'],
  ['nginx', ['nginx'], 'for the cluster edge'],
  [NJS_MODULE, ['libnginx-mod-http-js'], 'for the media-token check at the edge'],
];

export function ensureClusterPackages() {
  ensureDebianAll(CLUSTER_PACKAGES);
}
