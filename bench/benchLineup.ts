import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { channelList } from '../packages/api-client/src/contract/live.ts';

/** The repository root, where the server's CLI runs from. */
export const repoRoot = new URL('..', import.meta.url).pathname;

/**
 * `work`, or a failure naming `what` it waited for once `ms` have passed: a bench on a loaded machine stops with
 * a reason rather than hanging (issue 16: the live guide bench's cold-sync wait once hung for 30 minutes).
 */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`gave up after ${Math.round(ms / 1000)} s waiting for ${what}`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long seeding a line-up, a server's start or one call may take before the bench gives up. */
const SEED_TIMEOUT_MS = 15 * 60_000;
const START_TIMEOUT_MS = 120_000;
const CALL_TIMEOUT_MS = 120_000;

/**
 * A synthetic line-up of `channels` channels with their guides (`cli.ts bench-lineup`), seeded into
 * a new temporary data folder, which it answers (the caller removes it when done).
 */
export function seedBenchLineup(channels: string, prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const r = spawnSync(
    process.execPath,
    ['packages/server/src/cli.ts', 'bench-lineup', '--channels', channels, '--data', dataDir],
    { cwd: repoRoot, encoding: 'utf8', timeout: SEED_TIMEOUT_MS },
  );
  if (r.error || r.signal)
    throw new Error(
      `gave up waiting for the ${channels}-channel line-up to be seeded: ${r.error ?? r.signal}`,
    );
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr}`);
  console.log(r.stdout.trim());
  return dataDir;
}

/**
 * Serves `dataDir` on 127.0.0.1:`port` (tiny media), with the built site when `site` names its entry, and `env`
 * on top (a bench's store: `OTTKIT_DATABASE_URL`).
 */
export function serveBench(
  dataDir: string,
  port: string,
  site?: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const args = ['packages/server/src/cli.ts', 'serve', ...(site ? ['--site', site] : [])];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: port, OTTKIT_DATA_DIR: dataDir, OTTKIT_MEDIA_PROFILE: 'tiny', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listening = new Promise<ChildProcess>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) resolve(child);
    });
  });
  return within(START_TIMEOUT_MS, `the server on port ${port} to listen`, listening).catch((e) => {
    child.kill();
    throw e;
  });
}

/** One channel list call (the contract's channelList, as a guest): its wall time and how many channels it gave. */
export async function listOnce(base: string): Promise<{ ms: number; channels: number }> {
  const started = performance.now();
  const call = async () => {
    const res = await fetch(`${base}${channelList.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await res.json()) as { data?: { channelListInfo?: unknown[] } };
  };
  const body = await within(CALL_TIMEOUT_MS, 'a channel list call to answer', call());
  return { ms: performance.now() - started, channels: body.data?.channelListInfo?.length ?? 0 };
}

/** One contract call as the client makes it (JSON; the token in the query, as the VOD API takes it): its envelope. */
export async function postCall(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ errCode: number; data?: unknown }> {
  const url = `${base}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { errCode: number; data?: unknown };
}
