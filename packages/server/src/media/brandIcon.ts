import { renameSync, rmSync } from 'node:fs';
import { APP_ICONS, BRAND_ICON_MIN_SIDE, THEME_BACKGROUND } from '@ottkit/api-client/contract';
import { brandIconFile } from './brandIconFile.ts';
import { checkImageSize, ImageRefused } from './imageSize.ts';
import { imageFormatOf, resizeImage } from './resizeImage.ts';

/** Why an app icon is refused, in words for the operator. */
export class IconRefused extends Error {}

/**
 * A maskable icon's safe zone is the circle of 80 % of its side (W3C manifest, "icon masks"): the picture is
 * scaled to that and centred on the app's background colour, so a platform's circle or squircle never cuts it.
 */
const SAFE_ZONE = 0.8;

/**
 * Makes the app's icons from the operator's picture (decision 0405): a square PNG or JPEG of at least
 * BRAND_ICON_MIN_SIDE, judged by its header before ffmpeg decodes it. Each of APP_ICONS is written beside the old
 * set first, then all three replace it, so a refused or failed upload leaves the icons as they were.
 */
export async function storeBrandIcon(dataDir: string, bytes: Buffer): Promise<void> {
  if (!imageFormatOf(bytes)) throw new IconRefused('The icon must be a PNG or JPEG picture.');
  let size: { width: number; height: number };
  try {
    size = checkImageSize(bytes);
  } catch (e) {
    if (e instanceof ImageRefused) throw new IconRefused(e.message);
    throw e;
  }
  const { width, height } = size;
  const shown = `${width} × ${height} px`;
  // Exactly square: the manifest names each icon's size, and a picture a pixel off would be drawn a pixel short.
  if (width !== height)
    throw new IconRefused(
      `The icon must be square: this one is ${shown}. Crop it to a square and upload it again.`,
    );
  if (width < BRAND_ICON_MIN_SIDE)
    throw new IconRefused(
      `The icon must be at least ${BRAND_ICON_MIN_SIDE} × ${BRAND_ICON_MIN_SIDE} px, so that it is sharp on a phone’s home screen: this one is ${shown}.`,
    );
  const made: string[] = [];
  try {
    for (const icon of APP_ICONS) {
      const side = icon.maskable ? Math.round(icon.size * SAFE_ZONE) : icon.size;
      const out = `${brandIconFile(dataDir, icon.file)}.new`;
      await resizeImage(bytes, out, {
        maxW: side,
        maxH: side,
        as: 'png',
        ...(icon.maskable ? { padTo: { side: icon.size, colour: THEME_BACKGROUND } } : {}),
      });
      made.push(out);
    }
  } catch (e) {
    for (const f of made) rmSync(f, { force: true });
    if (e instanceof ImageRefused) throw new IconRefused(e.message);
    throw new IconRefused(
      'The icon could not be read as a picture: save it again as PNG and upload it again.',
    );
  }
  for (const f of made) renameSync(f, f.slice(0, -'.new'.length));
}
