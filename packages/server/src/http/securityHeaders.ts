import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Security headers of everything that is not the API (pages, static files, media; decision 0163). The API has
 * its own, stricter set (`API_HEADERS`). Pages get their Content-Security-Policy from Astro (hashes of the
 * inline scripts it renders); this adds `frame-ancestors`, which only a header can carry, and a baseline
 * policy where nobody set one.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** For answers without a policy of their own (static files, media, plain errors). */
export const BASELINE_CSP = "default-src 'self'; object-src 'none'; base-uri 'none'";

/**
 * Pages that act on the viewer's account (log in, approve a TV's QR code, change a password, buy): never
 * framed, whatever the operator allows, so no other site can overlay them and steal a click.
 */
const NEVER_FRAMED = /^\/(my|login|member)(\/|$)/;

/** Origins an operator lets frame its pages: `https://partner.example` or `'self'`, space separated. */
export function parseFrameAncestors(value: string | undefined): string[] {
  const list = (value ?? '').split(/\s+/).filter(Boolean);
  for (const origin of list) {
    // Scheme, host name and port only: nothing that could end the directive or add another.
    if (origin !== "'self'" && !/^https?:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i.test(origin)) {
      throw new Error(`OTTKIT_FRAME_ANCESTORS takes origins like https://partner.example, got '${origin}'`);
    }
  }
  return list;
}

export function frameAncestors(pathname: string, allowed: readonly string[]): string {
  return allowed.length === 0 || NEVER_FRAMED.test(pathname) ? "'none'" : allowed.join(' ');
}

/** Adds `frame-ancestors` to a policy (or the baseline) unless it already names one. */
export function withFrameAncestors(policy: string | undefined, ancestors: string): string {
  const base = (policy ?? BASELINE_CSP).trim().replace(/;\s*$/, '');
  return /(^|;)\s*frame-ancestors\s/.test(base) ? base : `${base}; frame-ancestors ${ancestors}`;
}

/**
 * Sets the headers on `res` now and completes its Content-Security-Policy when the head is written, whoever
 * writes it (Astro passes its headers to writeHead; static files and the origin set theirs too).
 */
export function applySecurityHeaders(
  res: ServerResponse,
  pathname: string,
  allowed: readonly string[],
): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  const ancestors = frameAncestors(pathname, allowed);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const at = rest.findIndex((r) => typeof r === 'object' && r !== null && !Array.isArray(r));
    const given = at >= 0 ? (rest[at] as OutgoingHttpHeaders) : undefined;
    const key = given && Object.keys(given).find((k) => k.toLowerCase() === 'content-security-policy');
    if (given && key) {
      rest[at] = { ...given, [key]: withFrameAncestors(String(given[key]), ancestors) };
    } else {
      const set = res.getHeader('content-security-policy');
      res.setHeader(
        'content-security-policy',
        withFrameAncestors(set === undefined ? undefined : String(set), ancestors),
      );
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
}
