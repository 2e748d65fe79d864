import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Server processes of the job tests (cluster-jobs, job-resume): a fixture script started with its own environment,
 * which prints `owner <name>`, `job <id>` (when it started one) and `ready`, then its log lines.
 */
export interface JobProc {
  child: ChildProcess;
  lines: string[];
  owner: string;
  job?: string;
}

/** Starts `fixture` with `args` and `env`, kept in `children` (the test kills them); resolves once it is ready. */
export function startJobProcess(
  fixture: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  children: ChildProcess[],
): Promise<JobProc> {
  const child = spawn(process.execPath, [fixture, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const p: JobProc = { child, lines: [], owner: '' };
  return new Promise((resolve, reject) => {
    let rest = '';
    child.stdout?.on('data', (b: Buffer) => {
      const parts = (rest + b.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        p.lines.push(line);
        if (line.startsWith('owner ')) p.owner = line.slice(6);
        if (line.startsWith('job ')) p.job = line.slice(4);
        if (line === 'ready') resolve(p);
      }
    });
    child.once('exit', (code) => reject(new Error(`a server process stopped before it was ready (${code})`)));
  });
}

/** Polls `f` every 100 ms until it answers something truthy; fails after `ms` naming what it waited for. */
export async function until<T>(what: string, f: () => T | undefined | false, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
