import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { E2E_DATA_DIR } from './playwright.config.ts';

/** The repository root, where the product runs from. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Runs an operator CLI command against this worker's e2e product's data folder (as an operator would). */
export function operator(...args: string[]): string {
  return execFileSync(
    'node_modules/.bin/node',
    ['packages/server/src/cli.ts', ...args, '--data', E2E_DATA_DIR],
    { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}
