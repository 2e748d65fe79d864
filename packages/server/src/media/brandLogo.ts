import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND_DIR, BRAND_LOGO_FILES } from './brandLogoFile.ts';
import { ImageRefused } from './imageSize.ts';
import { imageFormatOf, resizeImage } from './resizeImage.ts';
import { looksLikeSvg, sanitizeSvgLogo } from './svgLogo.ts';

/** The header's logo box at 2x: 40 px high, up to 240 px wide (decision 0403). */
const BOX = { maxW: 480, maxH: 80 };

/** Why a logo is refused, in words for the operator. */
export class LogoRefused extends Error {}

/**
 * Stores a new logo in place of the old one (decision 0403): an SVG sanitised (svgLogo.ts's SvgRefused says what it
 * may not have), a PNG or JPEG fitted to the box by ffmpeg. Anything else, or a picture ffmpeg cannot read, is
 * refused in words. The old logo goes only once the new one is written.
 */
export async function storeBrandLogo(dataDir: string, bytes: Buffer): Promise<void> {
  const dir = join(dataDir, BRAND_DIR);
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
  for (const f of BRAND_LOGO_FILES)
    if (join(dir, f.name) !== kept) rmSync(join(dir, f.name), { force: true });
}
