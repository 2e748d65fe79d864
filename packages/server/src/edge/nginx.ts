import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrCode } from '@ottkit/api-client';
import { type CallDescriptor, contract } from '@ottkit/api-client/contract';
import { EDGE_HEADER, EDGE_KEY_HEADER, EDGE_REVOKED_PATH, EDGE_TOKEN, edgeKey } from '../origin/edge.ts';

/** The nginx edge files the project ships (decision 0261), beside this module so the package carries them. */
export const EDGE_DIR = dirname(fileURLToPath(import.meta.url));
export const EDGE_TEMPLATE = join(EDGE_DIR, 'ottkit-edge.conf.template');
export const EDGE_NJS = join(EDGE_DIR, 'ottkit-edge.js');

export interface EdgeOptions {
  /** What nginx listens on: `127.0.0.1:8080`, `80`, `443 ssl`… */
  listen: string;
  /** The ottkit processes, `host:port` each. */
  upstreams: string[];
  /** The server's secret (OTTKIT_SECRET or `<dataDir>/secrets.json`): nginx checks media tokens with it. */
  secret: string;
  /** Where nginx keeps cached media (`edge/`, `shield/`) and the shield's socket; nginx's user alone may open it. */
  cacheDir: string;
  /** The live segment duration, seconds: playlists are kept half of it. */
  segmentSec: number;
  /** The njs file (`ottkit-edge.js` beside this module by default). */
  njsFile?: string;
  cacheMax?: string;
  /** Largest request body (uploads go through the edge to the console). */
  bodyMax?: string;
  /** How long segments and inits are kept. */
  segmentCache?: string;
  /**
   * How long the viewers missing one new segment at the edge wait for the one fetch that fills it before asking the
   * shield (`proxy_cache_lock_timeout`; decisions 0318, 0345). nginx's waiters look again every 500 ms, or at this
   * time when it is shorter; the shield's own lock keeps ottkit to one request per segment whatever this is.
   */
  segmentLockWait?: string;
}

const PROXY_HEADERS = [
  'proxy_set_header Connection "";',
  'proxy_set_header Host $host;',
  'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  // nginx's id of the request: ottkit answers it back and writes it in its log lines (decision 0397).
  'proxy_set_header X-Request-Id $request_id;',
];

/** The paths of the contract's read-only calls (decision 0318), as one regular-expression alternation. */
export function readOnlyApiPattern(): string {
  const calls = Object.values(contract).flatMap((area) => Object.values(area) as CallDescriptor[]);
  const paths = calls.filter((c) => c.readOnly).map((c) => safe('read-only path', c.path, /^[\w/.-]+$/));
  return [...new Set(paths)]
    .sort()
    .map((p) => p.replaceAll('.', '\\.'))
    .join('|');
}

/** Quotes a value for an nginx string (the secret is hex or base64url; anything else is refused). */
function safe(name: string, value: string, pattern: RegExp): string {
  if (!pattern.test(value))
    throw new Error(`edge: ${name} '${value.slice(0, 40)}' has characters nginx would misread`);
  return value;
}

/** The edge configuration for these processes: the template with its placeholders filled. */
export function renderEdgeConfig(o: EdgeOptions): string {
  if (o.upstreams.length === 0) throw new Error('edge: at least one ottkit process (upstream) is needed');
  const values: Record<string, string> = {
    NJS_FILE: safe('njs file', o.njsFile ?? EDGE_NJS, /^[\w./-]+$/),
    CACHE_DIR: safe('cache folder', o.cacheDir, /^[\w./-]+$/),
    CACHE_MAX: o.cacheMax ?? '2g',
    BODY_MAX: o.bodyMax ?? '8g',
    SEGMENT_CACHE: o.segmentCache ?? '1d',
    SEGMENT_LOCK_WAIT: safe('segment lock wait', o.segmentLockWait ?? '100ms', /^\d+(ms|s)$/),
    UPSTREAMS: o.upstreams
      .map((u) => `    server ${safe('upstream', u, /^[\w.:[\]-]+$/)} max_fails=3 fail_timeout=2s;`)
      .join('\n'),
    LISTEN: safe('listen', o.listen, /^[\w.:[\] ]+$/),
    MEDIA_SECRET: safe('secret', o.secret, /^[\w-]{32,}$/),
    // Half a segment, in whole seconds (nginx keeps cache validity in seconds), at least one.
    PLAYLIST_SEC: String(Math.max(1, Math.floor(o.segmentSec / 2))),
    EDGE_HEADER,
    EDGE_TOKEN,
    EDGE_KEY_HEADER,
    EDGE_KEY: edgeKey(o.secret),
    REVOKED_PATH: EDGE_REVOKED_PATH,
    INTERNAL_ERR: String(ErrCode.INTERNAL),
    READ_ONLY_API: readOnlyApiPattern(),
    PROXY_HEADERS: PROXY_HEADERS.map((h) => `        ${h}`).join('\n'),
  };
  return readFileSync(EDGE_TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    const v = values[k];
    if (v === undefined) throw new Error(`edge template: unknown placeholder ${k}`);
    return v;
  });
}

/**
 * A whole nginx.conf for one edge on this machine (the cluster command): the edge inside an http block, with
 * every file nginx writes (pid, logs, temporary bodies) under `dir`, so it runs beside a system nginx.
 */
export function renderStandaloneNginx(
  dir: string,
  edge: string,
  modulesDir = '/usr/lib/nginx/modules',
): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `    ${t}_temp_path ${dir}/tmp/${t};`)
    .join('\n');
  // Run by root (a container), nginx would hand its workers to 'nobody', who cannot enter the private data
  // folder the cache lives in: on this loopback-only edge they stay root. Real servers: docs/deploy.md.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  return `# Rendered by the ottkit cluster command; see docs/deploy.md.
${user}load_module ${modulesDir}/ngx_http_js_module.so;
daemon off;
master_process on;
worker_processes auto;
worker_rlimit_nofile 20000;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 16384; }
http {
    # Which requests reached an ottkit process (an address in the third field): the cluster tests and bench count
    # them. The second field is the tier and its cache status (edge:HIT, shield:MISS); a request the edge passed only
    # to the shield (its socket) reached no process by that step, and shows '-' (the shield logs its own fetch).
    # The fourth field is the request's time and its upstream's (seconds), for the bench's reasons of a slow tail.
    map $upstream_addr $ottkit_upstream { "" -; "~^unix:[^ ,]*((, | : )unix:[^ ,]*)*$" -; default $upstream_addr; }
    map $server_addr $ottkit_tier { ~^unix: shield; default edge; }
    log_format ottkit '$status $ottkit_tier:$upstream_cache_status $ottkit_upstream $request_time/$upstream_response_time $uri$ottkit_ll_directives';
    access_log ${dir}/access.log ottkit buffer=256k flush=1s;
    types { application/vnd.apple.mpegurl m3u8; video/mp4 mp4 m4s; }
    # Cached files go out by the kernel; a viewer's connection stays open for its whole session.
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    default_type application/octet-stream;
${temp}
${edge}
}
`;
}
