import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DEFAULT_LANG, LANG_COOKIE, LANGS } from '../i18n/langs.ts';
import {
  BRAND_VERSION_HEADER,
  CACHE_PREFIX,
  FAVICON_PATH,
  ICONS,
  OFFLINE_CSS,
  offlinePath,
  SHELL_PREFIXES,
  SKIP_WAITING,
  SW_PATH,
} from './paths.ts';

/** The CSP hash of pwa/register.js, which PwaScript.astro renders inline byte for byte. */
export function registerScriptHash(): `sha256-${string}` {
  const source = readFileSync(fileURLToPath(new URL('./register.js', import.meta.url)));
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}

/**
 * Writes the installable app's worker into the built client folder once Astro has finished (decision 0205):
 * /sw.js with the build's version, a hash of every built file, client and server, so any change to what a page can
 * load makes a new version and a new cache. The icons, manifests and offline pages it precaches are the site's
 * own routes, drawn in the operator's brand on each request (decision 0402).
 */
export function pwa(): AstroIntegration {
  return {
    name: 'ottkit-pwa',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const version = await writeShell(fileURLToPath(dir));
        logger.info(`service worker ${SW_PATH} for build ${version}`);
      },
    },
  };
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** A hash of every file under `distDir` (its path and content) but the worker itself. */
export async function buildVersion(distDir: string, skip: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesUnder(distDir)) {
    if (file === skip) continue;
    hash.update(relative(distDir, file).split(sep).join('/'));
    hash.update('\0');
    hash.update(
      createHash('sha256')
        .update(await readFile(file))
        .digest(),
    );
  }
  return hash.digest('hex').slice(0, 16);
}

export async function writeShell(clientDir: string): Promise<string> {
  const siteRoot = join(clientDir, '..', '..');
  const workerFile = join(clientDir, ...SW_PATH.split('/').filter(Boolean));
  const version = await buildVersion(join(clientDir, '..'), workerFile);
  const config = {
    version,
    cachePrefix: CACHE_PREFIX,
    precache: [FAVICON_PATH, OFFLINE_CSS, ...ICONS.map((i) => i.path), ...LANGS.map(offlinePath)],
    shellPrefixes: [...SHELL_PREFIXES],
    offline: Object.fromEntries(LANGS.map((lang) => [lang, offlinePath(lang)])),
    langs: [...LANGS],
    defaultLang: DEFAULT_LANG,
    langCookie: LANG_COOKIE,
    skipWaiting: SKIP_WAITING,
    brandHeader: BRAND_VERSION_HEADER,
  };
  const source = await readFile(join(siteRoot, 'src', 'pwa', 'worker.ts'), 'utf8');
  const body = `const CONFIG = ${JSON.stringify(config)};\n${stripTypeScriptTypes(source)}`;
  await writeFile(workerFile, body);
  return version;
}
