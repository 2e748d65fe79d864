import { describe, expect, it, vi } from 'vitest';
import { CLUSTER_PACKAGES, hasProbe, missingPackages } from './debian.mjs';
import { POSTGRES_PACKAGES } from './postgres.mjs';

describe('Debian packages the project installs (decision 0367)', () => {
  it('probes a file, a command on PATH or a function', () => {
    expect(hasProbe('/')).toBe(true);
    expect(hasProbe('/no/such/file/here')).toBe(false);
    expect(hasProbe('sh')).toBe(true);
    expect(hasProbe('no-such-command-ottkit')).toBe(false);
    expect(hasProbe(() => true)).toBe(true);
    expect(hasProbe(() => false)).toBe(false);
  });

  it('asks for every missing need in one list, each package once, and says why for each', () => {
    const said = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const packages = missingPackages([
        ['sh', ['dash'], 'present, not asked'],
        ['/no/such/chromium', ['chromium', 'fonts-dejavu-core'], 'for the browser tests'],
        [() => false, ['ffmpeg'], 'for live sources'],
        [() => false, ['fonts-dejavu-core', 'x'], 'again'],
      ]);
      expect(packages).toEqual(['chromium', 'fonts-dejavu-core', 'ffmpeg', 'x']);
      expect(said).toHaveBeenCalledTimes(3);
      expect(said.mock.calls[0]?.[0]).toMatch(/chromium fonts-dejavu-core for the browser tests/);
    } finally {
      said.mockRestore();
    }
  });

  it('names the cluster and PostgreSQL needs as data the test command installs together', () => {
    expect(CLUSTER_PACKAGES.flatMap(([, p]) => p)).toEqual(['redis-server', 'nginx', 'libnginx-mod-http-js']);
    const [probe, packages] = POSTGRES_PACKAGES;
    expect(packages).toEqual(['postgresql']);
    // Its probe is the server's pg_ctl, not the folder the client package also makes.
    expect(typeof probe).toBe('function');
  });
});
