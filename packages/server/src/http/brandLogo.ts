import type { ServerResponse } from 'node:http';
import { BRAND_LOGO_PATH } from '@ottkit/api-client/contract';
import { storedBrandLogo } from '../media/brandLogoFile.ts';
import { DRAWN_SVG_POLICY, sendFile, sendText } from './send.ts';

/**
 * Serves the operator's logo at BRAND_LOGO_PATH (decision 0403): an SVG under the drawn SVGs' policy, where nothing
 * loads or runs; cached for good, since the pages' address carries its version. False for any other path.
 */
export function handleBrandLogo(dataDir: string, pathname: string, method: string, res: ServerResponse) {
  if (pathname !== BRAND_LOGO_PATH) return false;
  const s = storedBrandLogo(dataDir);
  if (!s) {
    sendText(method, res, 404, 'No logo', DRAWN_SVG_POLICY);
    return true;
  }
  const headers = {
    'content-type': s.type,
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=31536000, immutable',
    ...DRAWN_SVG_POLICY,
  };
  sendFile(method, res, headers, s.file, s.stat.size);
  return true;
}
