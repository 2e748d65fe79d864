import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND_LOGO_PATH } from '@ottkit/api-client/contract';

/**
 * Where the operator's logo is kept (issue 40, decision 0403): one file under `<dataDir>/brand`, a PNG or a
 * sanitised SVG (media/brandLogo.ts writes it, http/brandLogo.ts serves it). The app property names it with its
 * version, so a new logo is a new address and the old one may be cached for good.
 */
export const BRAND_DIR = 'brand';
export const BRAND_LOGO_FILES = [
  { name: 'logo.png', type: 'image/png' },
  { name: 'logo.svg', type: 'image/svg+xml; charset=utf-8' },
] as const;

/** The stored logo's file, type and size; undefined when there is none. */
export function storedBrandLogo(dataDir: string) {
  for (const f of BRAND_LOGO_FILES) {
    const file = join(dataDir, BRAND_DIR, f.name);
    if (existsSync(file)) return { ...f, file, stat: statSync(file) };
  }
  return undefined;
}

/** The logo's address with its version, or '' when there is none. */
export function brandLogoUrl(dataDir: string): string {
  const s = storedBrandLogo(dataDir);
  return s
    ? `${BRAND_LOGO_PATH}?v=${Math.round(s.stat.mtimeMs).toString(36)}${s.stat.size.toString(36)}`
    : '';
}

/** Removes the logo; false when there was none. */
export function removeBrandLogo(dataDir: string): boolean {
  const s = storedBrandLogo(dataDir);
  if (!s) return false;
  rmSync(s.file, { force: true });
  return true;
}
