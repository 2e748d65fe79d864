// The installable app's icons (issue 40): no schema here, so the site's page scripts may import it.

/**
 * The installable app's icons (decision 0205), by file name under `/icons/` on the site. With the operator's own icon
 * (decision 0405) the server keeps the same three files, made from it, under BRAND_ICON_PREFIX.
 */
export const APP_ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
] as const;
/** Where the server serves the operator's icons (`${BRAND_ICON_PREFIX}icon-192.png?v=…`, decision 0405). */
export const BRAND_ICON_PREFIX = '/media/brand/';
/** The smallest side of an operator's icon: the largest icon made from it, never enlarged. */
export const BRAND_ICON_MIN_SIDE = 512;
/** The address of one of the operator's icons at a version (the app property's `brand.iconVersion`). */
export const brandIconAddress = (file: string, version: string): string =>
  `${BRAND_ICON_PREFIX}${file}?v=${version}`;
