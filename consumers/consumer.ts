import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
/** npm's download cache, kept between runs: a second run installs from it without waiting on the registry. */
const NPM_CACHE = join(ROOT, '.data/consumers/npm-cache');

export interface Consumer {
  /** The consumer's folder, in the OS temp folder (outside the workspace, so nothing resolves from it). */
  dir: string;
  /** Runs `node <args>` in the consumer's folder and answers what it printed. */
  node: (...args: string[]) => string;
  remove: () => void;
}

/**
 * A throwaway consumer: the fixture folder `fixtures/<name>` copied to a temp folder with a package.json of
 * `dependencies` (tarball paths become `file:` dependencies), installed with npm from the registry the way a
 * partner installs, not with the workspace's pnpm.
 */
export function createConsumer(name: string, dependencies: Record<string, string>): Consumer {
  const dir = mkdtempSync(join(tmpdir(), `ottkit-consumer-${name}-`));
  cpSync(join(ROOT, 'consumers/fixtures', name), dir, { recursive: true });
  const deps = Object.fromEntries(
    Object.entries(dependencies).map(([dep, spec]) => [dep, spec.endsWith('.tgz') ? `file:${spec}` : spec]),
  );
  const manifest = { name: `ottkit-consumer-${name}`, private: true, type: 'module', dependencies: deps };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  execFileSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', `--cache=${NPM_CACHE}`],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], timeout: 540_000 },
  );
  return {
    dir,
    node: (...args) =>
      execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8', timeout: 120_000, stdio: 'pipe' }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
