import { existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { APP_ICONS, BRAND_ICON_PREFIX, BRAND_LOGO_PATH } from '@ottkit/api-client/contract';
import { brandIconFile } from '../media/brandIconFile.ts';
import { storedBrandLogo } from '../media/brandLogoFile.ts';
import { DRAWN_SVG_POLICY, sendFile, sendText } from './send.ts';

/** The brand's files are cached for good: the pages' and the site's addresses carry their versions. */
const FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * Serves the operator's brand files: the logo at BRAND_LOGO_PATH (decision 0403), an SVG under the drawn SVGs'
 * policy, where nothing loads or runs; the app icons made from the operator's icon (decision 0405) at
 * BRAND_ICON_PREFIX + each of APP_ICONS' files. False for any other path.
 */
export function handleBrandFiles(dataDir: string, pathname: string, method: string, res: ServerResponse) {
  let found: { file: string; type: string } | undefined;
  if (pathname === BRAND_LOGO_PATH) found = storedBrandLogo(dataDir);
  else {
    const icon = APP_ICONS.find((i) => pathname === `${BRAND_ICON_PREFIX}${i.file}`);
    if (!icon) return false;
    const file = brandIconFile(dataDir, icon.file);
    if (existsSync(file)) found = { file, type: 'image/png' };
  }
  if (!found) {
    sendText(method, res, 404, pathname === BRAND_LOGO_PATH ? 'No logo' : 'No icon', DRAWN_SVG_POLICY);
    return true;
  }
  const headers = {
    'content-type': found.type,
    'x-content-type-options': 'nosniff',
    'cache-control': FOR_GOOD,
  };
  sendFile(method, res, { ...headers, ...DRAWN_SVG_POLICY }, found.file, statSync(found.file).size);
  return true;
}
