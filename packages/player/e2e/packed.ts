import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { TYPES } from './fixture-origin.ts';

const PACKAGE_DIR = new URL('..', import.meta.url).pathname;

/**
 * The package as a partner gets it: `pnpm pack` of the built package (build it first), unpacked into a temp
 * folder. Answers the unpacked folder (it holds `dist/` and `examples/`) and a function that removes it.
 */
export function packAndUnpack(): { dir: string; remove: () => void } {
  const tmp = mkdtempSync(join(tmpdir(), 'ottkit-player-packed-'));
  execFileSync('npx', ['-y', 'pnpm@10.34.8', 'pack', '--pack-destination', tmp], {
    cwd: PACKAGE_DIR,
    stdio: 'pipe',
  });
  const tarball = execFileSync('sh', ['-c', `ls ${tmp}/*.tgz`], { encoding: 'utf8' }).trim();
  execFileSync('tar', ['-xzf', tarball, '-C', tmp]);
  return { dir: join(tmp, 'package'), remove: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** A plain static server for a folder on 127.0.0.1 and a free port: the partner's page origin. */
export function serveFolder(dir: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || !extname(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ origin: `http://127.0.0.1:${port}`, server });
    }),
  );
}
