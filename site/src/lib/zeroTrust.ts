import type { ZeroTrustManifest } from '@ottkit/api-client';

/** Where the opened manifest is kept in this browser; the server never sees it (spec §1 zero-trust). */
export const ZERO_TRUST_STORAGE_KEY = 'ottkit.zeroTrustManifest';

/**
 * Reads a share link's fragment. `#/shareKey/{key}` gives the key; `#/shareKey` or `#/shareKey/` with
 * nothing after it is a link whose key is missing; anything else is not a share link.
 */
export function parseShareKey(hash: string): { kind: 'key'; key: string } | { kind: 'missing' } | null {
  const m = /^#\/shareKey(?:\/(.*))?$/.exec(hash);
  if (!m) return null;
  const key = decodeURIComponent(m[1] ?? '').trim();
  return key ? { kind: 'key', key } : { kind: 'missing' };
}

/** The manifest this browser opened earlier, if any and still valid. */
export function storedManifest(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()) {
  try {
    const raw = storage?.getItem(ZERO_TRUST_STORAGE_KEY);
    if (!raw) return null;
    // The manifest was checked against its schema when it was opened; this only guards against damage,
    // without shipping the schema library to every page.
    const m = JSON.parse(raw) as Partial<ZeroTrustManifest> | null;
    const urls = [m?.apiBaseUrl, m?.mediaBaseUrl];
    if (m?.version !== 1 || typeof m.operatorName !== 'string' || !urls.every((u) => typeof u === 'string'))
      return null;
    return { ...m, areaBaseUrls: m.areaBaseUrls ?? {} } as ZeroTrustManifest;
  } catch {
    return null;
  }
}

export function storeManifest(manifest: ZeroTrustManifest, storage: Pick<Storage, 'setItem'> = localStorage) {
  storage.setItem(ZERO_TRUST_STORAGE_KEY, JSON.stringify(manifest));
}

/** A media URL as the manifest wants it: signed paths from the API are moved to the operator's media host. */
export function mediaUrl(url: string, manifest: ZeroTrustManifest | null = storedManifest()): string {
  if (!manifest?.mediaBaseUrl || !url.startsWith('/')) return url;
  return manifest.mediaBaseUrl.replace(/\/+$/, '') + url;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Whether the product may start (spec §1 zero-trust): `open`, or not yet (`waiting`: a share link is being
 * opened, after which the page starts afresh) or never on this page (`blocked`: a required manifest this browser
 * does not hold, a link without a key, or a key that did not open it). Blocked means nothing plays and nothing
 * personal is fetched, so the browser's API client holds every call while this is not `open`. Decided from the
 * page itself, not from the start-up script having run, so an island that starts first is held too.
 */
export function zeroTrustGate(
  page: { hash: string; required: boolean; blockedShown: boolean } = currentPage(),
  storage?: Pick<Storage, 'getItem'>,
): 'open' | 'waiting' | 'blocked' {
  if (page.blockedShown) return 'blocked';
  const share = parseShareKey(page.hash);
  if (share) return share.kind === 'missing' ? 'blocked' : 'waiting';
  if (page.required && !storedManifest(storage ?? safeLocalStorage())) return 'blocked';
  return 'open';
}

function currentPage() {
  if (typeof document === 'undefined') return { hash: '', required: false, blockedShown: false };
  return {
    hash: location.hash,
    required: document.body?.dataset.zeroTrust === 'required',
    blockedShown: document.documentElement.dataset.zeroTrustBlocked === 'true',
  };
}
