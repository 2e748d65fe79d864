import { BlockList, isIP } from 'node:net';

/**
 * Where upstreams may live (issue 35, decision 0359): every URL the server fetches (line-ups, Xtream panels,
 * guides, logos, live pulls) is refused when it resolves to an address inside the machine or its private
 * networks, unless the operator's allow-list names it.
 */

/** The one text of a refusal: it never says whether anything listens there (no probing). */
export const REFUSED_INTERNAL = 'refused: internal address';

/** The environment's allow-list, added to the `upstreams.allow` setting (the test runs put loopback in it). */
export const UPSTREAM_ALLOW_ENV = 'OTTKIT_UPSTREAM_ALLOW';

export class UpstreamRefused extends Error {
  override name = 'UpstreamRefused';
  constructor() {
    super(REFUSED_INTERNAL);
  }
}

const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches loopback
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['fc00::', 7], // unique-local
  ['ff00::', 8], // multicast
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96). */
function carriedIpv4(ip: string): string | undefined {
  const m = /^(?:::ffff:|::|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = Number.parseInt(m[2] as string, 16);
  const lo = Number.parseInt(m[3] as string, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** The address as the rule judges it: brackets dropped, an IPv4 carried in IPv6 taken out. */
function plain(address: string): { ip: string; family: 'ipv4' | 'ipv6' } | undefined {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const v = isIP(ip);
  if (v === 4) return { ip, family: 'ipv4' };
  if (v !== 6) return undefined;
  const v4 = carriedIpv4(ip);
  return v4 && isIP(v4) === 4 ? { ip: v4, family: 'ipv4' } : { ip, family: 'ipv6' };
}

/** Loopback, link-local, private, unique-local, CGNAT, multicast or unspecified; anything not an address is. */
export function isInternalAddress(address: string): boolean {
  const p = plain(address);
  return !p || INTERNAL.check(p.ip, p.family);
}

/** The operator's exceptions: networks (CIDR or one address) and host names, as one list. */
export interface AllowList {
  hosts: Set<string>;
  nets: BlockList;
  empty: boolean;
}

/**
 * Reads an allow-list: entries separated by commas or spaces, each a CIDR (`10.1.2.0/24`, `fd00::/8`), an
 * address, or a host name (`panel.internal`, allowed whatever it resolves to). Throws on a malformed entry.
 */
export function parseAllowList(text: string): AllowList {
  const list: AllowList = { hosts: new Set(), nets: new BlockList(), empty: true };
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [addr = '', bits, extra] = entry.split('/');
    const p = plain(addr);
    if (p && extra === undefined) {
      const max = p.family === 'ipv4' ? 32 : 128;
      const n = bits === undefined ? max : Number(bits);
      if (!Number.isInteger(n) || n < 0 || n > max || (bits !== undefined && !/^\d+$/.test(bits)))
        throw new Error(`'${entry}' has no valid prefix length (0 to ${max})`);
      list.nets.addSubnet(p.ip, n, p.family);
    } else if (
      bits === undefined &&
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(entry)
    ) {
      list.hosts.add(entry.toLowerCase());
    } else {
      throw new Error(`'${entry}' is neither an address, a network (CIDR) nor a host name`);
    }
    list.empty = false;
  }
  return list;
}

/** The allow-list in force: the `upstreams.allow` setting's entries and the environment's. */
export function upstreamAllowList(setting = ''): AllowList {
  return parseAllowList(`${setting} ${process.env[UPSTREAM_ALLOW_ENV] ?? ''}`);
}

/** Whether the rule lets the server connect to `address` for `host` (the URL's host name). */
export function mayConnect(allow: AllowList, host: string, address: string): boolean {
  if (!isInternalAddress(address)) return true;
  if (allow.hosts.has(host.toLowerCase())) return true;
  const p = plain(address);
  return !!p && allow.nets.check(p.ip, p.family);
}
