import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from './catalogue.ts';
import { catalogues, LANGS } from './index.ts';

/**
 * A catalogue key no code uses is a text nobody sees, and usually the sign of a copy (issue 15 §2: the live and
 * account areas once held their own copies of the kit's and the player's texts). Code names a key as a string
 * literal (`t('live.guide')`, a table of keys), or builds it from a prefix in a template literal
 * (`t(\`account.recharge.${status}\`)`), which counts every key under that prefix as used. A counted text is named
 * by its base (`pluralKey(lang, 'vod.titleCount', n)`, plural.ts), which counts its `.one` and `.other`.
 */
const srcDir = fileURLToPath(new URL('..', import.meta.url));
const catalogueDir = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.startsWith(catalogueDir) ? [] : sources(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const code = sources(srcDir).map((path) => readFileSync(path, 'utf8'));
const literals = new Set(code.flatMap((text) => [...text.matchAll(/['"`]([\w.-]+)['"`]/g)].map((m) => m[1])));
const prefixes = code.flatMap((text) => [...text.matchAll(/`([\w.]+\.)\$\{/g)].map((m) => m[1] ?? ''));
const counted = (key: string) =>
  /\.(one|other)$/.test(key) && literals.has(key.replace(/\.(one|other)$/, ''));
const used = (key: string) =>
  literals.has(key) || counted(key) || prefixes.some((prefix) => key.startsWith(prefix));

describe('catalogue keys', () => {
  it('are each used by some code of the site', () => {
    expect(Object.keys(en).filter((key) => !used(key))).toEqual([]);
  });

  it('the check sees keys named literally and keys built from a prefix', () => {
    expect(used('nav.liveTv')).toBe(true);
    expect(prefixes.length).toBeGreaterThan(0);
    expect(used('no.such.key')).toBe(false);
    expect(used('vod.titleCount.one')).toBe(true);
  });

  it.each(LANGS.filter((lang) => lang !== 'en'))('%s has every key English has', (lang) => {
    const keys = new Set(Object.keys(catalogues[lang]));
    expect(Object.keys(en).filter((key) => !keys.has(key))).toEqual([]);
  });
});
