import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { BRAND_LOGO_PATH } from '@ottkit/api-client/contract';
import { DRAWN_SVG_POLICY, sendFile, sendText } from '../http/send.ts';
import { ImageRefused } from './imageSize.ts';
import { imageFormatOf, resizeImage } from './resizeImage.ts';
import { looksLikeSvg, sanitizeSvgLogo } from './svgLogo.ts';

/**
 * The operator's logo (issue 40, decision 0403): one file under `<dataDir>/brand`, a PNG fitted to the header's
 * box at 2x, or a sanitised SVG. Served at BRAND_LOGO_PATH; the app property names it with its version, so a new
 * logo is a new address and the old one may be cached for good.
 */
const DIR = 'brand';
const FILES = [
  { name: 'logo.png', type: 'image/png' },
  { name: 'logo.svg', type: 'image/svg+xml; charset=utf-8' },
] as const;
/** The header's logo box at 2x: 40 px high, up to 240 px wide. */
const BOX = { maxW: 480, maxH: 80 };

function stored(dataDir: string) {
  for (const f of FILES) {
    const file = join(dataDir, DIR, f.name);
    if (existsSync(file)) return { ...f, file, stat: statSync(file) };
  }
  return undefined;
}

/** The logo's address with its version, or '' when there is none. */
export function brandLogoUrl(dataDir: string): string {
  const s = stored(dataDir);
  return s
    ? `${BRAND_LOGO_PATH}?v=${Math.round(s.stat.mtimeMs).toString(36)}${s.stat.size.toString(36)}`
    : '';
}

/** Why a logo is refused, in words for the operator. */
export class LogoRefused extends Error {}

/**
 * Stores a new logo in place of the old one: an SVG sanitised (svgLogo.ts's SvgRefused says what it may not have), a PNG or JPEG
 * fitted to the box by ffmpeg. Anything else, or a picture ffmpeg cannot read, is refused in words. The old logo
 * goes only once the new one is written.
 */
export async function storeBrandLogo(dataDir: string, bytes: Buffer): Promise<void> {
  const dir = join(dataDir, DIR);
  mkdirSync(dir, { recursive: true });
  let kept: string;
  if (looksLikeSvg(bytes)) {
    const svg = sanitizeSvgLogo(bytes.toString('utf8'));
    kept = join(dir, 'logo.svg');
    writeFileSync(`${kept}.tmp`, svg);
    renameSync(`${kept}.tmp`, kept);
  } else if (imageFormatOf(bytes)) {
    kept = join(dir, 'logo.png');
    try {
      await resizeImage(bytes, kept, { ...BOX, as: 'png' });
    } catch (e) {
      if (e instanceof ImageRefused) throw new LogoRefused(e.message);
      throw new LogoRefused('The logo could not be read as a picture: save it again as PNG or SVG.');
    }
  } else {
    throw new LogoRefused('The logo must be a PNG, JPEG or SVG image.');
  }
  for (const f of FILES) if (join(dir, f.name) !== kept) rmSync(join(dir, f.name), { force: true });
}

/** Removes the logo; false when there was none. */
export function removeBrandLogo(dataDir: string): boolean {
  const s = stored(dataDir);
  if (!s) return false;
  rmSync(s.file, { force: true });
  return true;
}

/** Serves the logo at BRAND_LOGO_PATH (an SVG under a policy where nothing loads or runs); false for other paths. */
export function handleBrandLogo(dataDir: string, pathname: string, method: string, res: ServerResponse) {
  if (pathname !== BRAND_LOGO_PATH) return false;
  const s = stored(dataDir);
  if (!s) {
    sendText(method, res, 404, 'No logo', DRAWN_SVG_POLICY);
    return true;
  }
  sendFile(
    method,
    res,
    {
      'content-type': s.type,
      'x-content-type-options': 'nosniff',
      // The address the pages use carries the logo's version (brandLogoUrl): a new logo is a new address.
      'cache-control': 'public, max-age=31536000, immutable',
      ...DRAWN_SVG_POLICY,
    },
    s.file,
    s.stat.size,
  );
  return true;
}
