// Debian packages the project installs itself when they are missing (decision 0001): Chromium and ffmpeg for
// `npm test` and `npm start`, redis-server and nginx (with its njs module) for the cluster (decision 0262). Plain
// JavaScript so scripts/ottkit.mjs runs it on any Node (before any install); it lives in the server package, whose
// cluster command and tests import it, and the project's scripts import it from here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** True when `probe` is there: an absolute file path, or a command on PATH. */
export function hasProbe(probe) {
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

/** Installs Debian packages with apt-get (sudo when not root) when what they bring (`probe`) is missing. */
export function ensureDebian(probe, packages, why) {
  if (hasProbe(probe)) return;
  console.log(`ottkit: installing Debian ${packages.join(' ')} ${why} (apt-get install)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  apt(['update', '-q'], env);
  apt(['install', '-y', '-q', '--no-install-recommends', ...packages], env);
}

/** Where Debian's nginx keeps its dynamic modules, and the njs module the edge needs. */
export const NGINX_MODULES_DIR = '/usr/lib/nginx/modules';
export const NJS_MODULE = `${NGINX_MODULES_DIR}/ngx_http_js_module.so`;

/** Everything the cluster runs on (decision 0262): Redis, nginx and nginx's njs module. */
export function ensureClusterPackages() {
  ensureDebian('redis-server', ['redis-server'], 'for the cluster (shared limits, locks, invalidation)');
  ensureDebian('nginx', ['nginx'], 'for the cluster edge');
  ensureDebian(NJS_MODULE, ['libnginx-mod-http-js'], 'for the media-token check at the edge');
}
