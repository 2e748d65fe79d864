import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The published packages, by folder under `packages/` (the server is private: decision 0199). */
export const PUBLISHED = ['api-client', 'ui', 'player'] as const;
export type Published = (typeof PUBLISHED)[number];

const ROOT = new URL('..', import.meta.url).pathname;

/** The tarball of `name` packed by the global setup (`OTTKIT_TARBALL_<NAME>`, set for every test file). */
export function tarball(name: Published): string {
  const path = process.env[`OTTKIT_TARBALL_${name.replace('-', '_').toUpperCase()}`];
  if (!path) throw new Error(`no tarball for ${name}: run through consumers/playwright.config.ts`);
  return path;
}

/**
 * Playwright global setup: `pnpm pack` of each published package into one temp folder (its prepack builds the
 * package only when `dist/` is older than its sources), handed to the test files by environment; answers the
 * teardown that removes the folder.
 */
export default function packAll(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-tarballs-'));
  for (const name of PUBLISHED) {
    const before = new Set(readdirSync(dir));
    execFileSync('npx', ['-y', 'pnpm@10.34.8', 'pack', '--pack-destination', dir], {
      cwd: join(ROOT, 'packages', name),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const packed = readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.tgz'));
    if (!packed) throw new Error(`pnpm pack of ${name} made no tarball`);
    process.env[`OTTKIT_TARBALL_${name.replace('-', '_').toUpperCase()}`] = join(dir, packed);
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
