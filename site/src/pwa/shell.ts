import { createT, LANGS, type Lang } from '../i18n/index.ts';
import { hexToRgb } from './icons.ts';
import { ICONS, manifestPath, OFFLINE_CSS, offlinePath } from './paths.ts';

/**
 * The installable app's static files, made at build time from the i18n catalogues and the design tokens
 * (decision 0205): a manifest and an offline page per language, and the offline page's stylesheet.
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

export function coloursFrom(tokensCss: string): Colours {
  const c = (name: string) => tokenColour(tokensCss, name);
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

export function manifestFor(lang: Lang, colours: Colours) {
  const t = createT(lang);
  return {
    id: '/',
    lang,
    dir: 'ltr',
    name: t('pwa.name'),
    short_name: t('pwa.shortName'),
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
 * "Try again" is a link to the address the viewer asked for, which the worker answers with this page).
 */
export function offlineHtml(lang: Lang, colours: Colours): string {
  const t = createT(lang);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="theme-color" content="${colours.background}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="${manifestPath(lang)}">
<link rel="stylesheet" href="${OFFLINE_CSS}">
<title>${escapeHtml(t('pwa.offline.title'))} · ottkit</title>
</head>
<body>
<main class="offline" data-offline-page>
<img src="${ICONS[0].path}" width="96" height="96" alt="">
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

/** Every file of the shell, path → body, for the build to write and the worker to precache. */
export function shellFiles(colours: Colours): Map<string, string> {
  const files = new Map<string, string>();
  files.set(OFFLINE_CSS, offlineCss(colours));
  for (const lang of LANGS) {
    files.set(manifestPath(lang), `${JSON.stringify(manifestFor(lang, colours), null, 2)}\n`);
    files.set(offlinePath(lang), offlineHtml(lang, colours));
  }
  return files;
}
