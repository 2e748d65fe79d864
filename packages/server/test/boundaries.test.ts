import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * What a file loads when it runs, as paths under src/ (or a package's name, e.g. `node:child_process`): static
 * `import … from`, `export … from`, bare `import '…'` and `import('…')`. `import type` and `export type` are left out:
 * they are erased. `import { type A }` is kept: with `verbatimModuleSyntax` it stays as `import {} from '…'`, and
 * Node loads that module (decision 0369). Comments on lines of their own are dropped first, so a commented-out
 * import does not count; only those, so that a slash and star inside a string (a glob) start no comment.
 */
const loadsCache = new Map<string, string[]>();
function loads(file: string): string[] {
  const cached = loadsCache.get(file);
  if (cached) return cached;
  const text = readFileSync(join(src, file), 'utf8')
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const specs = [
    // The clause holds names, braces, commas, `*` and `as`, and no further import or export, so a match never
    // runs on into code or into the next statement.
    ...[
      ...text.matchAll(
        /^\s*(?:import|export)\s+(type\s+)?(?:(?!\b(?:import|export)\b)[\w$\s{},*])*?\bfrom\s*['"]([^'"]+)['"]/gm,
      ),
    ]
      .filter((m) => !m[1])
      .map((m) => m[2] as string),
    ...[...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1] as string),
    ...[...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] as string),
  ];
  const found = specs.map((s) => {
    if (!s.startsWith('.')) return s;
    const path = relative(src, resolve(join(src, dirname(file)), s));
    // A path the walk cannot open would hide what lies behind it: say so rather than pass.
    if (!existsSync(join(src, path))) throw new Error(`${file} imports ${s}, which is not under src/`);
    return path;
  });
  loadsCache.set(file, found);
  return found;
}

/** What domain/ and operator/ must not reach, however far down: a process, the HTTP layer, the CLI. */
const FORBIDDEN = (p: string) =>
  p === 'node:child_process' || p === 'child_process' || /^(http|cli)\//.test(p) || p === 'cli.ts';

/**
 * Every forbidden module `file` reaches through what it loads, each with the shortest chain that reaches it
 * (`domain/x.ts → media/y.ts → node:child_process`); empty when there is none.
 */
function forbiddenChains(file: string): string[] {
  const from = new Map<string, string | null>([[file, null]]);
  const chains: string[] = [];
  const chainTo = (p: string): string[] => {
    const before = from.get(p);
    return before ? [...chainTo(before), p] : [p];
  };
  const queue = [file];
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
    for (const p of loads(f)) {
      if (FORBIDDEN(p)) chains.push([...chainTo(f), p].join(' → '));
      else if (!from.has(p) && existsSync(join(src, p))) {
        from.set(p, f);
        queue.push(p);
      }
    }
  }
  return [...new Set(chains)];
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

describe("operator/ is the console's rules, not its HTTP", () => {
  const files = sources('operator');
  it('reads every operator file', () => {
    expect(files.length).toBeGreaterThan(20);
  });
  for (const file of files) {
    it(`${file}: nothing from http/ or cli/`, () => {
      const outward = imports(file).filter((p) => /^(http|cli)\//.test(p) || p === 'cli.ts');
      expect(outward, "throw DomainError (domain/errors.ts); cookies are http/operatorSession.ts's").toEqual(
        [],
      );
    });
  }
});

describe('domain/ and operator/ reach no process, no http/ and no cli/, however far down (decision 0369)', () => {
  for (const file of [...sources('domain'), ...sources('operator')]) {
    it(file, () => {
      expect(
        forbiddenChains(file),
        'take the work that starts a process (ffmpeg, an import) as a function or object the caller passes in',
      ).toEqual([]);
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
