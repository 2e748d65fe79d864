import { createHash } from 'node:crypto';
import { brandIconAddress, DEFAULT_SERVICE_NAME } from '@ottkit/api-client/contract';
import tokens from '@ottkit/ui/tokens.css?raw';
import { apiOrigin } from '../lib/api.ts';
import { drawIcon, encodePng, hexToRgb } from './icons.ts';
import { brandVersion, ICONS } from './paths.ts';
import { type Colours, coloursFrom } from './shell.ts';

// The installable app's files as the site serves them on each request (decision 0402): in the operator's brand as
// it is now, so a rebrand reaches the manifest, icons, favicon and offline pages on the next load, with no rebuild.
// Each answer must be revalidated (`no-cache`) and carries an ETag, so a browser that has it gets a 304.

/** The brand the shell is drawn in: the service's name and the colours, from the request's app configuration. */
export function shellBrand(locals: App.Locals): { name: string; colours: Colours } {
  const config = locals.appConfig;
  return {
    name: config?.serviceName ?? DEFAULT_SERVICE_NAME,
    colours: coloursFrom(tokens, config?.brand.accentColor ?? ''),
  };
}

/**
 * The body with its type, an ETag of its bytes, and `no-cache`; a 304 when the browser has these bytes. Asked for
 * with the current brand's version (`?v=`, as the pages link the favicon), it may be kept for good instead.
 */
export function shellResponse(
  request: Request,
  body: string | Uint8Array,
  type: string,
  locals: App.Locals,
): Response {
  const tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const versioned = new URL(request.url).searchParams.get('v') === brandVersion(locals.appConfig);
  const headers = {
    'content-type': type,
    'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag: tag,
  };
  if (request.headers.get('if-none-match') === tag) return new Response(null, { status: 304, headers });
  return new Response(typeof body === 'string' ? body : Buffer.from(body), { headers });
}

/**
 * Icons by icon and brand: drawing a 512 px icon costs tens of milliseconds, and the operator's own icon is a round
 * trip to the server; a brand has one set.
 */
const made = new Map<string, Buffer>();

function kept(key: string, png: Buffer): Buffer {
  // A few brands at most in a process's life; a bound all the same.
  if (made.size >= 30) made.clear();
  made.set(key, png);
  return png;
}

/**
 * The PNG of one of the app's icons (`icon-192.png`…) in this brand: made from the operator's icon when there is
 * one (decision 0405; the server keeps the files, at its media address), else the play mark drawn in the colours.
 * Undefined for a name that is none, or an operator's icon the server no longer has (removed a moment ago).
 */
export async function iconPng(file: string, locals: App.Locals): Promise<Buffer | undefined> {
  const icon = ICONS.find((i) => i.file === file);
  if (!icon) return undefined;
  const version = locals.appConfig?.brand.iconVersion ?? '';
  if (version) {
    const address = brandIconAddress(icon.file, version);
    const had = made.get(address);
    if (had) return had;
    const res = await fetch(apiOrigin() + address);
    return res.ok ? kept(address, Buffer.from(await res.arrayBuffer())) : undefined;
  }
  const { colours } = shellBrand(locals);
  const key = `${icon.path} ${colours.brand} ${colours.mark}`;
  return (
    made.get(key) ??
    kept(key, encodePng(icon.size, drawIcon(icon, hexToRgb(colours.brand), hexToRgb(colours.mark))))
  );
}
