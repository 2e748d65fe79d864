import { accentTokens } from '@ottkit/api-client/contract';
import { createT, type Lang } from '../i18n/index.ts';
import { hexToRgb } from './icons.ts';
import { FAVICON_PATH, ICONS, manifestPath, OFFLINE_CSS, SMALL_ICON_PATH } from './paths.ts';

/**
 * The installable app's files (decision 0205), made from the i18n catalogues, the design tokens and the operator's
 * brand (decision 0402): a manifest and an offline page per language, the offline page's stylesheet and the
 * favicon. Served by the site on each request (pages/manifest, pages/offline, pages/favicon.svg.ts), so a rebrand
 * shows on the next load.
 */
export interface Colours {
  background: string;
  surface: string;
  text: string;
  muted: string;
  accent: string;
  mark: string;
  /** The icons' square: the favicon's colour. */
  brand: string;
}

/** Reads `--ok-color-<name>: #rrggbb` from tokens.css: the tokens stay the one place for colours. */
export function tokenColour(css: string, name: string): string {
  const m = new RegExp(`--ok-color-${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(css);
  if (!m?.[1]) throw new Error(`tokens.css has no --ok-color-${name} as #rrggbb`);
  hexToRgb(m[1]);
  return m[1].toLowerCase();
}

/** The shell's colours: the tokens', with the operator's accent colour (and what it derives) when one is set. */
export function coloursFrom(tokensCss: string, accentColor = ''): Colours {
  const own = accentColor ? accentTokens(accentColor) : {};
  const c = (name: string) => own[`--ok-color-${name}`] ?? tokenColour(tokensCss, name);
  return {
    background: c('bg'),
    surface: c('surface'),
    text: c('text'),
    muted: c('text-muted'),
    accent: c('accent'),
    mark: c('on-accent'),
    brand: c('accent-text'),
  };
}

export function manifestFor(lang: Lang, colours: Colours, name: string) {
  const t = createT(lang);
  return {
    id: '/',
    lang,
    dir: 'ltr',
    name: t('pwa.name', { name }),
    short_name: t('pwa.shortName', { name }),
    description: t('pwa.description'),
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    theme_color: colours.background,
    background_color: colours.background,
    icons: ICONS.map((icon) => ({
      src: icon.path,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.maskable ? 'maskable' : 'any',
    })),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The page the worker shows for a navigation when the network is gone. Static and self-contained (no script;
 * "Try again" is a link to the address the viewer asked for, which the worker answers with this page). With the
 * operator's own icon (`ownIcon`, decision 0405) its tab shows that icon, as the pages do.
 */
export function offlineHtml(lang: Lang, colours: Colours, name: string, ownIcon = false): string {
  const t = createT(lang);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="theme-color" content="${colours.background}">
${ownIcon ? `<link rel="icon" href="${SMALL_ICON_PATH}" type="image/png">` : `<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`}
<link rel="manifest" href="${manifestPath(lang)}">
<link rel="stylesheet" href="${OFFLINE_CSS}">
<title>${escapeHtml(t('pwa.offline.title'))} · ${escapeHtml(name)}</title>
</head>
<body>
<main class="offline" data-offline-page>
<img src="${SMALL_ICON_PATH}" width="96" height="96" alt="">
<h1>${escapeHtml(t('pwa.offline.title'))}</h1>
<p>${escapeHtml(t('pwa.offline.body'))}</p>
<a class="retry" href="">${escapeHtml(t('pwa.offline.retry'))}</a>
</main>
</body>
</html>
`;
}

export function offlineCss(c: Colours): string {
  return `html,body{margin:0;min-height:100%;background:${c.background};color:${c.text};font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.offline{min-height:100vh;display:grid;place-content:center;justify-items:center;gap:1rem;padding:2rem;text-align:center}
.offline img{border-radius:20px}
.offline h1{margin:0;font-size:1.75rem}
.offline p{margin:0;max-width:32rem;color:${c.muted};line-height:1.5}
.retry{display:inline-block;margin-top:.5rem;padding:.6rem 1.4rem;border-radius:6px;background:${c.accent};color:${c.mark};text-decoration:none;font-weight:600}
.retry:focus-visible{outline:2px solid ${c.text};outline-offset:2px}
`;
}

/** The favicon: the app icons' mark (a play triangle on a rounded square) in the brand's colour, named. */
export function faviconSvg(colours: Colours, name: string): string {
  const title = escapeHtml(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" role="img" aria-label="${title}"><title>${title}</title><rect width="32" height="32" rx="6" fill="${colours.brand}"/><path d="M12 9l12 7-12 7z" fill="${colours.mark}"/></svg>\n`;
}
