import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_DATA_DIR } from './playwright.config.ts';

/** The repository root, where the product runs from. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const node = 'node_modules/.bin/node';

let socket: string | undefined;
/** This worker's operator runner (e2e/operatorRunner.ts), started on the first command; it ends with the worker. */
function runner(): string {
  if (socket && existsSync(socket)) return socket;
  const path = join(mkdtempSync(join(tmpdir(), 'ottkit-e2e-operator-')), 'cli.sock');
  const child = spawn(node, ['e2e/operatorRunner.ts', path], {
    cwd: repoRoot,
    // Its stdin is this worker's pipe: when the worker ends, the runner reads the end and stops.
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  child.unref();
  // Waited for synchronously: operator() is called from synchronous helpers (codeFor, rechargeCode, …).
  const waitUntil = Date.now() + 60_000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(path)) {
    if (Date.now() > waitUntil || child.exitCode !== null)
      throw new Error('the operator runner did not start');
    Atomics.wait(pause, 0, 0, 50);
  }
  socket = path;
  return path;
}

/**
 * Runs an operator CLI command against a data folder (by default this worker's e2e product's), as an operator
 * would: the CLI's own `main`, in this worker's runner. Answers its stdout; throws, with its stderr, when it
 * exits non-zero.
 */
export function operatorOn(dataDir: string, ...args: string[]): string {
  return execFileSync(
    node,
    ['e2e/operatorClient.mjs', runner(), JSON.stringify([...args, '--data', dataDir])],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

/** Runs an operator CLI command against this worker's e2e product's data folder. */
export const operator = (...args: string[]): string => operatorOn(E2E_DATA_DIR, ...args);

/**
 * Replaces one UTC day of a channel's guide with `programmes` (each starting on that day; `guide-import` reads
 * them from a file, as the operator gives them), through this worker's CLI.
 */
export function importGuideDay(channelId: string, day: string, programmes: unknown[]): void {
  const file = join(tmpdir(), `ottkit-e2e-guide-${process.pid}-${channelId}-${day}.json`);
  writeFileSync(file, JSON.stringify(programmes));
  try {
    operator('guide-import', `epg-${channelId}`, day, file);
  } finally {
    rmSync(file, { force: true });
  }
}
