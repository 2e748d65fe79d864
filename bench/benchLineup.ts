import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The repository root, where the server's CLI runs from. */
export const repoRoot = new URL('..', import.meta.url).pathname;

/**
 * A synthetic line-up of `channels` channels with their guides (`cli.ts bench-lineup`), seeded into
 * a new temporary data folder, which it answers (the caller removes it when done).
 */
export function seedBenchLineup(channels: string, prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const r = spawnSync(
    process.execPath,
    ['packages/server/src/cli.ts', 'bench-lineup', '--channels', channels, '--data', dataDir],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr}`);
  console.log(r.stdout.trim());
  return dataDir;
}

/** Serves `dataDir` on 127.0.0.1:`port` (tiny media), with the built site when `site` names its entry. */
export function serveBench(dataDir: string, port: string, site?: string): Promise<ChildProcess> {
  const args = ['packages/server/src/cli.ts', 'serve', ...(site ? ['--site', site] : [])];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: port, OTTKIT_DATA_DIR: dataDir, OTTKIT_MEDIA_PROFILE: 'tiny' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) resolve(child);
    });
  });
}
