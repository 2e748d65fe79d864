import type { AppProperty } from '@ottkit/api-client';
import { APP_ICONS } from '@ottkit/api-client/contract';
import type { Lang } from '../i18n/langs.ts';

/**
 * Where the installable app's files live (decision 0205): one place for the build that writes them, the layouts
 * that link them, the worker that caches them and the tests. Small on purpose: page scripts import it.
 */
export const SW_PATH = '/sw.js';
/** The tab's icon, drawn in the brand (pages/favicon.svg.ts). */
export const FAVICON_PATH = '/favicon.svg';
/** Everything the worker may answer from its cache is under one of these (never the API, media or /admin). */
export const SHELL_PREFIXES = ['/_astro/', '/icons/', '/offline/', '/manifest/', FAVICON_PATH] as const;
/** A manifest per language: a manifest has one `lang`, so each language links its own. */
export const manifestPath = (lang: Lang) => `/manifest/${lang}.webmanifest`;
export const offlinePath = (lang: Lang) => `/offline/${lang}.html`;
export const OFFLINE_CSS = '/offline/offline.css';
/** The app's icons on the site (pages/icons): drawn, or made from the operator's icon (decision 0405). */
export const ICONS = APP_ICONS.map((icon) => ({ ...icon, path: `/icons/${icon.file}` }));
/** The smallest icon: the offline page's picture, and the tab's icon when it is the operator's. */
export const SMALL_ICON_PATH = `/icons/${APP_ICONS[0].file}`;
/** Caches are named per build: a new build never reads or mixes an older build's files. */
export const CACHE_PREFIX = 'ottkit-shell-';
/** The page asks a waiting worker to take over with this message (after the viewer chose Reload). */
export const SKIP_WAITING = 'ottkit:skip-waiting';

/** The header a page says its brand's version in (decision 0402), read by the worker. */
export const BRAND_VERSION_HEADER = 'x-brand-version';

/** A short version of what the shell is drawn from (the name, the accent colour, the icon): changes when they do. */
export function brandVersion(config: AppProperty | null): string {
  const text = `${config?.serviceName ?? ''}\n${config?.brand.accentColor ?? ''}\n${config?.brand.iconVersion ?? ''}`;
  // FNV-1a: small and the same everywhere (this file is loaded by page scripts; no crypto here).
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/**
 * The favicon a page links: the play mark drawn in the brand (an SVG), or the smallest of the icons made from the
 * operator's own icon (decision 0405). With the brand's version, so that a browser keeps it for good and asks again
 * only after a rebrand, instead of revalidating it (a round of the site's middleware) on every page it loads.
 */
export function favicon(config: AppProperty | null): { href: string; type: string } {
  const v = `?v=${brandVersion(config)}`;
  return config?.brand.iconVersion
    ? { href: `${SMALL_ICON_PATH}${v}`, type: 'image/png' }
    : { href: `${FAVICON_PATH}${v}`, type: 'image/svg+xml' };
}
