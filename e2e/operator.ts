import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, where the product runs from. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Runs an operator CLI command against the e2e product's data folder (as an operator would). */
export function operator(...args: string[]): string {
  return execFileSync(
    'node_modules/.bin/node',
    ['packages/server/src/cli.ts', ...args, '--data', '.data/e2e'],
    { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}
