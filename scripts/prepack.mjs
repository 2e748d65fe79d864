#!/usr/bin/env node
// `prepack` of each published package (runs in the package folder on `pnpm pack` / `pnpm publish`):
// 1. the repository's one LICENSE is copied in, so the tarball carries it (the copy is git-ignored);
// 2. the package is built when `dist/` is missing or older than any of its sources, so a tarball never holds a
//    stale build, and a pack right after `pnpm run build` (the test run) costs no second build.
// See docs/decisions/0195-published-packages.md.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const pkgDir = process.cwd();
const root = join(import.meta.dirname, '..');
copyFileSync(join(root, 'LICENSE'), join(pkgDir, 'LICENSE'));

/** Newest (or oldest) modification time of the files under `dir`, recursively. */
function mtimes(dir, pick) {
  let found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const t = entry.isDirectory() ? mtimes(path, pick) : statSync(path).mtimeMs;
    if (t !== undefined) found = found === undefined ? t : pick(found, t);
  }
  return found;
}

const inputs = ['src', 'package.json', 'tsup.config.ts'].map((p) => join(pkgDir, p)).filter(existsSync);
const newestInput = Math.max(
  ...inputs.map((p) => (statSync(p).isDirectory() ? mtimes(p, Math.max) : statSync(p).mtimeMs)),
);
const dist = join(pkgDir, 'dist');
const builtAt = existsSync(dist) ? mtimes(dist, Math.min) : undefined;
if (builtAt !== undefined && builtAt >= newestInput) process.exit(0);

console.log(
  `prepack: building ${pkgDir} (dist/ ${builtAt === undefined ? 'missing' : 'older than its sources'})`,
);
// pnpm sets npm_execpath to itself when it runs a script; the package's own build script does the work.
const pnpm = process.env.npm_execpath;
const [cmd, args] = pnpm
  ? [process.execPath, [pnpm, 'run', 'build']]
  : ['npx', ['-y', 'pnpm@10.34.8', 'run', 'build']];
const res = spawnSync(cmd, args, { cwd: pkgDir, stdio: 'inherit' });
process.exit(res.status ?? 1);
