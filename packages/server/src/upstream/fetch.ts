import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { REFUSED_INTERNAL, UpstreamRefused, upstreamAllowList } from './address.ts';
import { pinnedLookup, type Resolved, resolveUpstream } from './resolve.ts';

/** Limits of every upstream read (issue 16: bounded time and size, redirect limit, clear error). */
export interface FetchLimits {
  /** Whole read, headers to last byte. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** The operator's `upstreams.allow` setting (decision 0359); the environment's list always applies too. */
  allow?: string;
}

export const DEFAULT_LIMITS: FetchLimits = {
  timeoutMs: 120_000,
  maxBytes: 1024 * 1024 * 1024,
  maxRedirects: 5,
};

/** A read that failed, in words an operator can act on. */
export class SourceError extends Error {
  override name = 'SourceError';
  /** The address rule refused a hop (decision 0359): nothing was sent there. */
  refused = false;
}

export function isUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** What we send upstream: a product name and nothing else (never cookies, tokens or the viewer's headers). */
const UPSTREAM_HEADERS = { 'user-agent': 'ottkit-lineup-import', accept: '*/*' };

/** One GET to an address already judged by the upstream rule; the answer's body is read by the caller. */
function get(
  url: URL,
  addresses: Resolved[],
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...UPSTREAM_HEADERS, ...headers },
        signal,
        // A fresh connection to exactly the judged addresses (no pooled socket to somewhere else).
        agent: false,
        lookup: pinnedLookup(addresses),
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** An upstream's answer and the URL that gave it, after redirects (what relative URLs in it resolve against). */
export interface Opened {
  res: IncomingMessage;
  url: string;
}

/**
 * GETs an http(s) URL under the upstream rule (decision 0359): every hop's host is resolved once, judged, and
 * connected to at exactly those addresses; redirects are followed here, each one a new hop judged the same way.
 * Resolves with a 2xx answer whose body is the caller's to read; throws SourceError in words (`refused` set when
 * the rule refused a hop). `headers` are added to the product's own (a live pull's Range).
 */
export async function openUpstream(
  url: string,
  limits: FetchLimits,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<Opened> {
  const allow = upstreamAllowList(limits.allow);
  let current = url;
  for (let hop = 0; ; hop++) {
    const target = new URL(current);
    let res: IncomingMessage;
    try {
      // Judged on every hop: a redirect to an internal address is refused like the address itself.
      res = await get(target, await resolveUpstream(target.hostname, allow), signal, headers);
    } catch (e) {
      if (e instanceof UpstreamRefused) {
        const refusal = new SourceError(`${current}: ${REFUSED_INTERNAL}`);
        refusal.refused = true;
        throw refusal;
      }
      if (signal.aborted)
        throw new SourceError(`${current} did not answer within ${limits.timeoutMs / 1000} s`);
      const code = (e as { code?: string }).code;
      throw new SourceError(`${current} could not be reached (${code ?? (e as Error).message})`);
    }
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.destroy();
      if (hop >= limits.maxRedirects)
        throw new SourceError(`${url} redirected more than ${limits.maxRedirects} times (a redirect loop?)`);
      current = new URL(location, current).href;
      if (!isUrl(current)) throw new SourceError(`${url} redirected to a non-HTTP address`);
      continue;
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      throw new SourceError(`${current} answered HTTP ${status}`);
    }
    const length = Number(res.headers['content-length'] ?? 'NaN');
    if (length > limits.maxBytes) {
      res.destroy();
      throw new SourceError(`${current} is ${length} bytes, over the limit of ${limits.maxBytes}`);
    }
    return { res, url: current };
  }
}
