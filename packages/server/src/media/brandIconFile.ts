import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ICONS } from '@ottkit/api-client/contract';
import { BRAND_DIR } from './brandLogoFile.ts';

/**
 * Where the operator's app icon is kept (issue 40, decision 0405): the three icons made from it (APP_ICONS' files)
 * under `<dataDir>/brand`, beside the logo (media/brandIcon.ts writes them, http/brandFiles.ts serves them).
 */
export const brandIconFile = (dataDir: string, file: string) => join(dataDir, BRAND_DIR, file);

/** The largest icon: its time and size are the set's version (the three are written together). */
const LARGEST = APP_ICONS[1].file;

/** The icon's version ('' when there is none): the app property's `brand.iconVersion`. */
export function brandIconVersion(dataDir: string): string {
  const file = brandIconFile(dataDir, LARGEST);
  if (!existsSync(file)) return '';
  const s = statSync(file);
  return `${Math.round(s.mtimeMs).toString(36)}${s.size.toString(36)}`;
}

/** Removes the icons; false when there were none. */
export function removeBrandIcon(dataDir: string): boolean {
  const had = brandIconVersion(dataDir) !== '';
  for (const icon of APP_ICONS) rmSync(brandIconFile(dataDir, icon.file), { force: true });
  return had;
}
