import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `ottkit-server edge-config`, as an operator runs it (docs/deploy.md): the rendered file, and a clear refusal.
const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, 'edge-config', ...args], {
    encoding: 'utf8',
    env: { ...process.env, OTTKIT_SECRET: 'b'.repeat(48) },
  });

describe('edge-config', () => {
  it('renders the edge for the named processes, with the shield in the cache folder and the lock wait asked for', () => {
    const r = run(
      '--cache-dir',
      '/srv/edge-cache',
      '--segment-lock-wait',
      '250ms',
      '10.0.0.1:4321',
      '10.0.0.2:4321',
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('server 10.0.0.1:4321 max_fails=3');
    expect(r.stdout).toContain('server 10.0.0.2:4321 max_fails=3');
    expect(r.stdout).toContain('listen unix:/srv/edge-cache/shield.sock');
    expect(r.stdout).toContain('proxy_cache_lock_timeout 250ms;');
  });

  it('refuses a lock wait nginx would misread, in words, with no configuration printed', () => {
    const r = run('--segment-lock-wait', '1s; include /etc/passwd', '10.0.0.1:4321');
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("segment lock wait '1s; include /etc/passwd'");
  });
});
