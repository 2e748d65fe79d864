/**
 * The service worker (decision 0205), built by integration.ts into /sw.js with its CONFIG written above it.
 * Caches the application shell only: the offline pages, icons, manifests and the hashed /_astro/ bundles, in a
 * cache named after the build. The offline pages, icons, manifests and favicon are drawn in the operator's brand,
 * which can change between builds (decision 0402): they come from the network when there is one, and the copy is
 * kept fresh for when there is none. Pages are never cached (they carry the viewer's data); the API, media and the
 * operator console are never touched (the worker does not answer them, so the browser fetches them as usual).
 * Erasable TypeScript only: the build strips the types with node:module, nothing is bundled.
 */
interface WorkerConfig {
  version: string;
  cachePrefix: string;
  precache: string[];
  shellPrefixes: string[];
  offline: Record<string, string>;
  langs: string[];
  defaultLang: string;
  langCookie: string;
  skipWaiting: string;
  brandHeader: string;
}
declare const CONFIG: WorkerConfig;
declare const URLPattern: (new (init: { pathname?: string }) => unknown) | undefined;

// The few service-worker types used here (the site compiles against the DOM library, not the worker one).
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
/** Static routing (Chromium 123+): rules the browser applies itself, before and without waking the worker. */
interface RouterRule {
  condition: { requestMode?: RequestMode; requestMethod?: string; urlPattern?: unknown };
  source: 'network' | 'fetch-event';
}
interface InstallEventLike extends ExtendableEventLike {
  addRoutes?(rules: RouterRule[]): Promise<void>;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install', listener: (event: InstallEventLike) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { navigationPreload?: { enable(): Promise<void> } };
  location: Location;
  navigator: { languages: readonly string[] };
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
}

const sw = self as unknown as WorkerScope;
const CACHE = CONFIG.cachePrefix + CONFIG.version;

sw.addEventListener('install', (event) => {
  // Fetched past the HTTP cache, so this build's cache holds this build's files. No skipWaiting here: a new
  // build waits until the viewer chooses Reload (or closes every tab), so a page never meets another build.
  event.waitUntil(
    Promise.all([
      caches
        .open(CACHE)
        .then((cache) => cache.addAll(CONFIG.precache.map((path) => new Request(path, { cache: 'reload' })))),
      addRoutes(event),
    ]),
  );
});

/**
 * Everything but page navigations and GETs of the shell goes straight to the network, decided by the browser
 * without a fetch event (decision 0265). A request that only passes through the worker still waits for it: a
 * keepalive report sent on pagehide (the VOD progress on leaving) was lost when the page went away during that
 * round trip. Browsers without static routing keep the fetch handler's allow-list below.
 */
async function addRoutes(event: InstallEventLike): Promise<void> {
  if (!event.addRoutes || typeof URLPattern !== 'function') return;
  const path = (pathname: string) => new URLPattern({ pathname });
  const shell = CONFIG.shellPrefixes.map((prefix) => (prefix.endsWith('/') ? `${prefix}*` : prefix));
  try {
    await event.addRoutes([
      { condition: { urlPattern: path('/admin{/*}?') }, source: 'network' },
      { condition: { requestMode: 'navigate' }, source: 'fetch-event' },
      ...shell.map(
        (p): RouterRule => ({
          condition: { requestMethod: 'GET', urlPattern: path(p) },
          source: 'fetch-event',
        }),
      ),
      { condition: { urlPattern: path('*') }, source: 'network' },
    ]);
  } catch {
    // A browser that knows fewer conditions refuses the rules: the fetch handler's allow-list still applies.
  }
}

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CONFIG.cachePrefix) && name !== CACHE) await caches.delete(name);
      }
      // Pages go to the network while the worker starts, so having one costs a navigation nothing.
      await sw.registration.navigationPreload?.enable();
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data === CONFIG.skipWaiting) void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname === '/admin' || url.pathname.startsWith('/admin/')) return;
    event.respondWith(navigate(event));
    return;
  }
  if (CONFIG.shellPrefixes.some((prefix) => url.pathname.startsWith(prefix))) {
    event.respondWith(fromShell(request, url));
  }
});

/** Network first (pages are live and personal); the offline page in the viewer's language when it fails. */
async function navigate(event: FetchEventLike): Promise<Response> {
  try {
    const page = (await event.preloadResponse) ?? (await fetch(event.request));
    const brand = page.headers.get(CONFIG.brandHeader);
    const lang = page.headers.get('content-language') ?? '';
    if (brand && CONFIG.langs.includes(lang)) event.waitUntil(refreshOffline(brand, lang));
    return page;
  } catch {
    const offline = await caches.match(CONFIG.offline[await language()] ?? '', { cacheName: CACHE });
    return offline ?? Response.error();
  }
}

/**
 * Hashed bundles never change: this build's copy, else the network, and kept. The brand's files (icons, manifests,
 * offline pages, favicon): the network (each revalidated, a 304 when unchanged), this build's copy offline.
 */
async function fromShell(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(CACHE);
  if (!url.pathname.startsWith('/_astro/')) {
    try {
      const response = await fetch(request);
      if (response.ok && CONFIG.precache.includes(url.pathname))
        await cache.put(url.pathname, response.clone());
      return response;
    } catch {
      return (await cache.match(request, { ignoreSearch: true })) ?? Response.error();
    }
  }
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Where the worker notes the brand and language of the last page it passed on (a key of its cache, never answered). */
const SEEN_KEY = '/offline/.seen';

/** The brand and language of the last page the worker passed on; none before the first. */
async function lastSeen(cache: Cache): Promise<{ brand: string; lang: string } | undefined> {
  try {
    return (await (await cache.match(SEEN_KEY))?.json()) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * When a page's brand or language differs from the last one's (decision 0402): the offline page of that language
 * and its stylesheet again, so the page shown offline is in the language the viewer was reading, under the brand
 * as it is now. A failure keeps the copies there are, and the next page tries again.
 */
async function refreshOffline(brand: string, lang: string): Promise<void> {
  const cache = await caches.open(CACHE);
  const seen = await lastSeen(cache);
  if (seen?.brand === brand && seen.lang === lang) return;
  const page = CONFIG.offline[lang];
  try {
    for (const path of CONFIG.precache.filter((p) => p === page || p.endsWith('.css'))) {
      const response = await fetch(path, { cache: 'no-cache' });
      if (!response.ok) return;
      await cache.put(path, response);
    }
    await cache.put(SEEN_KEY, new Response(JSON.stringify({ brand, lang })));
  } catch {
    // Offline again: the copies stay.
  }
}

/**
 * The language of the last page the viewer read (the server's own choice by spec §1, the operator's default
 * included); before any, spec §1 as far as the worker knows it: the stored choice, the browser's, the default.
 */
async function language(): Promise<string> {
  const seen = await lastSeen(await caches.open(CACHE));
  if (seen && CONFIG.langs.includes(seen.lang)) return seen.lang;
  const stored = await sw.cookieStore?.get(CONFIG.langCookie).catch(() => null);
  if (stored && CONFIG.langs.includes(stored.value)) return stored.value;
  for (const tag of sw.navigator.languages) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (CONFIG.langs.includes(primary)) return primary;
  }
  return CONFIG.defaultLang;
}
