import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { type AddressInfo, createConnection, createServer } from 'node:net';

export interface RunningRedis {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Waits until the port accepts connections, or throws after `ms`. */
export async function waitForPort(port: number, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!(await portOpen(port))) {
    if (Date.now() > until) throw new Error(`${what} did not open 127.0.0.1:${port} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops a child process: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts Debian's `redis-server` on 127.0.0.1:port with its files in `dir` (no persistence: what ottkit keeps
 * there is short-lived by design, decision 0260). Used by the shared-state tests and the cluster command; the
 * project's own commands install the package when it is missing (scripts/ottkit.mjs).
 */
export async function startRedis(dir: string, port: number): Promise<RunningRedis> {
  if (spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      "redis-server is missing: 'node scripts/ottkit.mjs test' (npm test) and 'npm run cluster' install it, or 'apt-get install redis-server'",
    );
  }
  mkdirSync(dir, { recursive: true });
  const args = [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
  ];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  await waitForPort(port, 10_000, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, port, child, stop: () => stopChild(child) };
}

/** A loopback port free right now (the OS picks it), for a server started by a test. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
