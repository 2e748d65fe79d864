import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@ottkit/api-client/client';
import { describe, expect, it } from 'vitest';

// The contract is the one source of API paths (DESIGN §3): the site calls the API through the typed client
// only, so no API path is written by hand anywhere in the site's code. Tests may name paths to fake answers.
// The journeys (e2e/) and benchmarks (bench/) call the API themselves: they take each path from the contract's
// routes, test files included, so a path the contract changes cannot leave them calling the old one.
const SITE = fileURLToPath(new URL('..', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = /\.(ts|tsx|astro|mjs|js)$/;
const EXEMPT = /\.test\.tsx?$|\.test-helpers\.ts$/;

/** The first segment of every path of the contract: /liveapi, /vodapi, /api, /drmLicense, /dataReport. */
const prefixes = [
  ...new Set(
    Object.values(routes).flatMap((calls) => Object.values(calls).map((c) => c.path.split('/')[1] as string)),
  ),
];
/**
 * A path under one of them inside a string or template literal (after a quote, or after `${…}`), also as a URL,
 * a route glob (`**` first) or a raw request line (`GET ` first).
 */
const literal = new RegExp(
  `['"\`}](?:https?://[^'"\`\\s]*|\\*\\*|[A-Z]+ )?/(?:${prefixes.join('|')})/[A-Za-z0-9]`,
);

function sourceFiles(dir: string, exempt: RegExp | null = EXEMPT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path, exempt);
    return SCANNED.test(e.name) && !exempt?.test(e.name) ? [path] : [];
  });
}

/** `file:line: text` of every hand-written API path in the given files. */
export function handWrittenApiPaths(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (literal.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** A request made by hand: fetch, a beacon, XMLHttpRequest. */
const rawRequest = /\bfetch\(|\bsendBeacon\b|\bXMLHttpRequest\b/;
/**
 * The fetches the clients are given are the only ones: the browser's (refresh once on an expired session,
 * lib/api.ts) and the console guard's server-side client, which forwards the operator's cookie (lib/consoleGuard.ts).
 * The service worker (pwa/worker.ts) forwards the page's own requests for pages and the shell; it never answers
 * the API (decision 0205, e2e/pwa.spec.ts).
 */
const CLIENT_FETCH = new Set([
  'src/stores/session.ts',
  'src/lib/api.ts',
  'src/lib/consoleGuard.ts',
  // The fetch /liveTv's server render gives its client: it keeps the parsed line-up while the server answers 304.
  'src/lib/keptLineup.ts',
  'src/pwa/worker.ts',
  // The operator's app icon, fetched from the server's media address (not the API) for the site's icon route.
  'src/pwa/serve.ts',
]);

describe('API paths in the site', () => {
  it('are derived from the contract: every API area is known', () => {
    expect(prefixes.sort()).toEqual(['api', 'dataReport', 'drmLicense', 'liveapi', 'vodapi']);
  });

  it('are never written by hand: the typed client makes every call', () => {
    expect(handWrittenApiPaths(sourceFiles(SITE))).toEqual([]);
  });

  it('would be found in a string, a template or a URL', () => {
    const lines = [
      "fetch('/api/account/manifest/property')",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source line as text, placeholder included.
      'fetch(`/api/member-site/sandbox/${path}`)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source line as text, placeholder included.
      'const url = `${base}/vodapi/api/profile/history/progress/report/v1`;',
      'new URL("https://x.example/liveapi/api/v5/channel/unencrypted/list")',
      "page.route('**/dataReport/metric/batchpost/v1', watch)",
      "s.write('GET /liveapi/api/v5/channel/unencrypted/list HTTP/1.1')",
      "import { browserApi } from '../lib/api.ts'; // not a path",
    ];
    expect(lines.map((l) => literal.test(l))).toEqual([true, true, true, true, true, true, false]);
  });

  it('are never called by hand either: fetch and beacons only inside the fetch the client is given', () => {
    const raw = sourceFiles(SITE)
      .filter((file) => !CLIENT_FETCH.has(relative(SITE, file)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            rawRequest.test(line) ? [`${relative(SITE, file)}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(raw).toEqual([]);
  });
});

describe('API paths in the journeys and benchmarks', () => {
  it('are never written by hand: each comes from the contract (routes.<area>.<call>.path)', () => {
    const files = ['e2e', 'bench'].flatMap((dir) => sourceFiles(join(ROOT, dir), null));
    expect(files.length).toBeGreaterThan(50);
    expect(handWrittenApiPaths(files)).toEqual([]);
  });
});
