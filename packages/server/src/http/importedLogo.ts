import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { IMPORTED_LOGO_PATH, LOGO_DIR } from '../sources/logos.ts';

/** Serves `/media/logo/imported/<hash>.png`, the logos fetched by a line-up import; false for any other path. */
export function handleImportedLogo(
  dataDir: string,
  pathname: string,
  method: string,
  res: ServerResponse,
): boolean {
  const m = IMPORTED_LOGO_PATH.exec(pathname);
  if (!m) return false;
  const file = join(dataDir, LOGO_DIR, `${m[1]}.png`);
  const size = (() => {
    try {
      return statSync(file).size;
    } catch {
      return undefined;
    }
  })();
  const headers = { 'x-content-type-options': 'nosniff' };
  if (size === undefined) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    res.end('No such logo\n');
    return true;
  }
  res.writeHead(200, {
    ...headers,
    'content-type': 'image/png',
    // The name is a digest of the upstream URL and the file is written once: it never changes.
    'cache-control': 'public, max-age=86400',
    'content-length': size,
  });
  if (method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
  return true;
}
