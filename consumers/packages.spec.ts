import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { PUBLISHED, tarball } from './pack.ts';

// Issue 15 §4: each published tarball passes publint (every level, strict) and arethetypeswrong (ESM-only
// profile: the packages ship no CommonJS, decision 0195), and carries what a partner needs.

const ROOT = new URL('..', import.meta.url).pathname;

/** The files of a tarball (without the leading `package/`) and its packed package.json. */
function contents(file: string) {
  const files = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((f) => f.replace(/^package\//, ''));
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }),
  );
  return { files, manifest };
}

for (const name of PUBLISHED) {
  test(`${name}: publint finds nothing to fix or suggest`, async () => {
    const data = readFileSync(tarball(name));
    const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    const { messages, pkg } = await publint({ pack: { tarball: buffer }, level: 'suggestion', strict: true });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, pkg) ?? m.code}`)).toEqual([]);
  });

  test(`${name}: arethetypeswrong finds no type resolution problem`, () => {
    // Stylesheets are entry points without types, so attw leaves them out (it resolves them as modules).
    const stylesheets = Object.keys(contents(tarball(name)).manifest.exports).filter((e) =>
      e.endsWith('.css'),
    );
    const args = [tarball(name), '--profile', 'esm-only', '--format', 'ascii'];
    if (stylesheets.length) args.push('--exclude-entrypoints', ...stylesheets);
    let out = '';
    try {
      out = execFileSync(join(ROOT, 'node_modules/.bin/attw'), args, {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      throw new Error(`attw failed for ${name}:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
    }
    // Exit 0, and no problem mark outside the CommonJS resolutions the ESM-only profile ignores.
    const marked = out
      .split('\n')
      .filter((l) => /💀|❌|⚠️|🥴|❗️|🐛|🤨|🚭|🎭/u.test(l) && !l.includes('(ignored'));
    expect(marked).toEqual([]);
    expect(out).toContain(`"@ottkit/${name}"`);
  });

  test(`${name}: the tarball holds the licence, a README and the build, and no sources`, () => {
    const { files, manifest } = contents(tarball(name));
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'dist/index.js']));
    expect(files.filter((f) => f.startsWith('src/'))).toEqual([]);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toContain('MIT License');
    expect(manifest).toMatchObject({ license: 'MIT', engines: { node: expect.any(String) } });
    expect(manifest.repository).toMatchObject({ directory: `packages/${name}` });
    expect(manifest.exports['./package.json']).toBe('./package.json');
    // No workspace protocol and nothing of ours that is not published.
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
  });
}

test('the player bundles its engines, so it does not ask for them; the kit asks for react-dom', () => {
  const player = contents(tarball('player'));
  expect(player.manifest.dependencies ?? {}).toEqual({});
  expect(player.files.some((f) => /^dist\/hls-.*\.js$/.test(f))).toBe(true);
  expect(player.files.some((f) => /^dist\/shaka-.*\.js$/.test(f))).toBe(true);
  expect(player.files).toEqual(
    expect.arrayContaining(['dist/licenses/hls.js.LICENSE', 'dist/licenses/shaka-player.LICENSE']),
  );
  expect(contents(tarball('ui')).manifest.peerDependencies).toMatchObject({
    react: expect.any(String),
    'react-dom': expect.any(String),
  });
});

test('the React entries are client components', () => {
  const firstBytes = (pkg: 'ui' | 'player', file: string) =>
    execFileSync('tar', ['-xzOf', tarball(pkg), `package/${file}`], { encoding: 'utf8' }).slice(0, 13);
  expect(firstBytes('ui', 'dist/index.js')).toBe('"use client";');
  expect(firstBytes('player', 'dist/react/index.js')).toBe('"use client";');
});
