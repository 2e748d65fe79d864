import { statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { IMPORTED_LOGO_PATH, LOGO_DIR } from '../sources/logos.ts';
import { sendFile, sendText } from './send.ts';

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
  if (size === undefined) sendText(method, res, 404, 'No such logo');
  else
    sendFile(
      method,
      res,
      // The name is a digest of the upstream URL and the file is written once: it never changes.
      {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
      },
      file,
      size,
    );
  return true;
}
