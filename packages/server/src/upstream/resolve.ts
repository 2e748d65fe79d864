import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { type AllowList, mayConnect, UpstreamRefused } from './address.ts';

export interface Resolved {
  address: string;
  family: 4 | 6;
}

/**
 * The addresses an upstream host may be reached at, resolved once and judged (decision 0359): refused when any
 * of them is internal and not allowed, so a name answering both a public and a private address is refused too.
 * An address literal is judged as it is. Throws UpstreamRefused, or the resolver's error for an unknown name.
 */
export async function resolveUpstream(host: string, allow: AllowList): Promise<Resolved[]> {
  const name = host.replace(/^\[|\]$/g, '');
  const literal = isIP(name);
  const found: Resolved[] = literal
    ? [{ address: name, family: literal as 4 | 6 }]
    : (await lookup(name, { all: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
  if (found.length === 0 || found.some((a) => !mayConnect(allow, name, a.address)))
    throw new UpstreamRefused();
  return found;
}

/**
 * A `lookup` for http.request / net.connect that answers only the addresses already judged: the connection
 * goes to exactly what was checked, so a name that changes its answer in between (DNS rebinding) does not pass.
 */
export function pinnedLookup(addresses: Resolved[]): LookupFunction {
  return (_host, options, callback) => {
    const cb = callback as (...a: unknown[]) => void;
    const wanted = typeof options === 'object' && options?.family ? Number(options.family) : 0;
    const list = addresses.filter((a) => !wanted || a.family === wanted);
    if (list.length === 0) {
      cb(new UpstreamRefused());
      return;
    }
    if (typeof options === 'object' && options?.all) cb(null, list);
    else cb(null, list[0]?.address, list[0]?.family);
  };
}
