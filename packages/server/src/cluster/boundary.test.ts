import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EDGE_NJS, EDGE_TEMPLATE } from '../edge/nginx.ts';

// The server package carries what it runs (issue 19 review): no module of its `src` reaches outside the package
// by a relative import (the repository's `scripts/` had been imported by the cluster command). Other packages
// are reached by their names (`@ottkit/api-client`), never by path.
const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(pkg, 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|mts|mjs|js)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

describe('the server package boundary', () => {
  it('imports nothing outside packages/server by path', () => {
    const outside: string[] = [];
    for (const file of files(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = resolve(dirname(file), m[1] as string);
        if (relative(pkg, target).startsWith('..')) outside.push(`${relative(pkg, file)} → ${m[1]}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('carries the nginx edge files it renders (decision 0345), not the repository', () => {
    for (const f of [EDGE_TEMPLATE, EDGE_NJS]) {
      expect(relative(pkg, f).startsWith('..')).toBe(false);
      expect(existsSync(f)).toBe(true);
    }
  });
});
