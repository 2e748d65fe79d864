import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's layers (decisions 0190-0192), read from the sources: a file that breaks one fails here, named.
const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Non-test TypeScript files under `dir` (paths relative to src/). */
function sources(dir: string): string[] {
  return readdirSync(join(src, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !/\.test(-helpers)?\.ts$/.test(f))
    .map((f) => join(dir, f));
}

/** What a file imports (static `import … from`, `export … from` and dynamic `import()`), as paths under src/. */
function imports(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] as string,
  );
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(src, resolve(join(src, dirname(file)), s)));
}

/** The code of a file without comments and string contents, so a word in a comment or a text does not count. */
function code(file: string): string {
  return readFileSync(join(src, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/(['"`])(?:\\.|(?!\1)[^\\])*\1/g, '""');
}

describe('domain/ is pure', () => {
  const files = sources('domain');
  it('reads every domain file', () => {
    expect(files.length).toBeGreaterThan(30);
  });
  for (const file of files) {
    it(`${file}: no console, no process, nothing from http/ or cli/`, () => {
      const body = code(file);
      expect(body, 'the domain does not print: return the facts, let cli/ or http/ say them').not.toMatch(
        /\bconsole\s*\./,
      );
      expect(body, 'the domain reads no environment, argv or exit code: take them as arguments').not.toMatch(
        /\bprocess\b/,
      );
      const outward = imports(file).filter((p) => /^(http|cli)\//.test(p) || p === 'cli.ts');
      expect(outward, 'throw DomainError (domain/errors.ts); take Session from domain/sessions.ts').toEqual(
        [],
      );
    });
  }
});

describe('seed/ only seeds', () => {
  it('only the places that seed an empty store import it', () => {
    const all = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !/\.test(-helpers)?\.ts$/.test(f) && !f.startsWith('seed/'))
      .filter((f) => imports(f).some((p) => p.startsWith('seed/')));
    expect(all.sort()).toEqual(['app.ts', 'cli/benchLineup.ts', 'dataStore.ts']);
  });
});

describe('one operator CLI', () => {
  it('only src/cli.ts reads process.argv; every command lives under src/cli/ and is registered there', () => {
    const all = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    expect(all.filter((f) => /process\.argv/.test(code(f)))).toEqual(['cli.ts']);
  });
});
