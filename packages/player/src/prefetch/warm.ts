import { liveEdge, variants } from './playlist.ts';

/** A channel to keep warm: its live playlist URL as the player would load it, and when that URL expires. */
export interface PrefetchTarget {
  src: string;
  expiresAt?: number;
}

/** What a load gets from the warm cache: the bytes of one URL, and how long fetching them took. */
export interface WarmHit {
  data: string | ArrayBuffer;
  fetchMs: number;
  /**
   * How long ago it was fetched, for a low-latency playlist (issue 41): hls.js then knows how far the live edge
   * has moved since, starts nearer it and asks for the newest playlist at once. A standard start keeps the
   * playlist's own moment (its warm segment is where hls.js starts from it).
   */
  ageMs?: number;
}

/** Bytes the player may prefetch per minute for its warm channels (decision 0201; player README). */
export const PREFETCH_BUDGET_BYTES_PER_MINUTE = 6_000_000;
/** A warm channel's live playlist and first segment are fetched again this often … */
export const PREFETCH_REFRESH_MS = 4_000;
/** … and dropped once this old (a zap then starts cold for them; the master and init segment stay). */
export const PREFETCH_STALE_MS = 6_000;
/** At most this many channels are warm: above, below, and the one under the pointer or focus. */
export const PREFETCH_MAX_TARGETS = 3;

interface Entry extends WarmHit {
  at: number;
  /** Live entries (media playlist, edge segment) go stale; master and init do not. */
  live: boolean;
  /** The channel it belongs to. */
  owner: string;
  /** A low-latency playlist: its age is handed out with it. */
  dated?: boolean;
}

export interface WarmOptions {
  fetch?: typeof fetch;
  now?: () => number;
  budgetBytesPerMinute?: number;
  /** False turns preloading off (metered or Save-Data connections by default). */
  allowed?: () => boolean;
  /** True when a zap would start in low-latency mode: a channel with parts is warmed by its first parts. */
  lowLatency?: () => boolean;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/** Absolute, as engines request it (hosts may hand page-relative URLs). */
function resolve(url: string): string {
  try {
    return new URL(url, globalThis.location?.href).href;
  } catch {
    return url;
  }
}

/**
 * Marks the network request of a prefetch (`prefetch=1`; the ottkit origin's PREFETCH_QUERY_PARAM, decision 0258):
 * an origin that relays channels on demand then opens no idle upstream for a neighbour nobody watches yet. The
 * cache keeps the URL as the engine will ask for it, unmarked.
 */
export function markPrefetch(url: string): string {
  try {
    const u = new URL(url, globalThis.location?.href);
    u.searchParams.set('prefetch', '1');
    return u.href;
  } catch {
    return url;
  }
}

/** Save-Data, a cellular link or a 2G-class connection: the viewer pays for bytes, nothing is fetched ahead. */
export function preloadAllowed(): boolean {
  const c = (
    globalThis.navigator as { connection?: { saveData?: boolean; type?: string; effectiveType?: string } }
  )?.connection;
  if (!c) return true;
  return !c.saveData && c.type !== 'cellular' && !/2g/.test(c.effectiveType ?? '');
}

/**
 * The neighbours' first seconds, fetched ahead (issue 20 §1): for each target, its master playlist, the lowest
 * variant's live playlist, init segment and the segment a live start plays first (in low-latency mode, on a
 * channel with parts, the parts it plays first: decision 0443), refreshed while the channel
 * stays a target and within a byte budget per minute. A load takes what it finds here instead of the network.
 */
export function createWarmCache(options: WarmOptions = {}) {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  const now = options.now ?? Date.now;
  const budget = options.budgetBytesPerMinute ?? PREFETCH_BUDGET_BYTES_PER_MINUTE;
  const allowed = options.allowed ?? preloadAllowed;
  const lowLatency = options.lowLatency ?? (() => false);
  const every = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const stopEvery = options.clearInterval ?? ((h) => globalThis.clearInterval(h as number));
  const entries = new Map<string, Entry>();
  /** Bytes fetched, with when: the last minute's sum is held under the budget. */
  const spent: { at: number; bytes: number }[] = [];
  let targets: PrefetchTarget[] = [];
  /**
   * The channel being loaded now (a zap to a warm one): what was fetched for it stays until it is taken or goes
   * stale, although the host's new list of neighbours no longer names it. In low-latency mode hls.js asks for its
   * first parts one after another, and the host's new list often came between them.
   */
  let loading: string | null = null;
  let timer: unknown = null;
  let total = 0;
  /** Bytes of each target's last live refresh (media playlist + segment): the next one is about as big. */
  const refreshBytes = new Map<string, number>();

  const spentLastMinute = () => {
    const since = now() - 60_000;
    while (spent.length && (spent[0]?.at ?? 0) < since) spent.shift();
    return spent.reduce((sum, s) => sum + s.bytes, 0);
  };

  async function get(url: string, owner: string, live: boolean, text: boolean): Promise<Entry | null> {
    // A round still running for a channel that stopped being a target (the viewer zapped to it, or moved on)
    // fetches nothing more for it: the engine loads what it needs itself, unmarked.
    if (!targets.some((t) => t.src === owner)) return null;
    const had = entries.get(url);
    if (had && (!live || now() - had.at < PREFETCH_REFRESH_MS)) return had;
    if (spentLastMinute() >= budget) return null;
    const started = now();
    const res = await doFetch(markPrefetch(url), { credentials: 'omit' });
    if (!res.ok) return null;
    const data = text ? await res.text() : await res.arrayBuffer();
    const bytes = typeof data === 'string' ? data.length : data.byteLength;
    spent.push({ at: now(), bytes });
    total += bytes;
    const entry: Entry = { data, fetchMs: now() - started, at: now(), live, owner };
    if (targets.some((t) => t.src === owner)) entries.set(url, entry);
    return entry;
  }

  async function warmOne(t: PrefetchTarget) {
    if (t.expiresAt !== undefined && t.expiresAt <= now()) return;
    const master = await get(t.src, t.src, false, true);
    if (typeof master?.data !== 'string') return;
    const list = variants(master.data, t.src);
    const lowest = list.reduce<(typeof list)[number] | undefined>(
      (low, v) => (!low || v.bandwidth < low.bandwidth ? v : low),
      undefined,
    );
    // A refresh that would run over the minute's budget is skipped: the channel's live parts go stale instead.
    if (spentLastMinute() + (refreshBytes.get(t.src) ?? 0) > budget) return;
    const atStart = total;
    const media = lowest ? await get(lowest.url, t.src, true, true) : master;
    if (typeof media?.data !== 'string') return;
    const playlistBytes = total - atStart;
    const edge = liveEdge(media.data, lowest?.url ?? t.src, 3, lowLatency());
    if (edge.parts) media.dated = true;
    if (edge.init) await get(edge.init, t.src, false, false);
    const beforeSegment = total;
    for (const url of edge.parts ?? (edge.first ? [edge.first] : [])) await get(url, t.src, true, false);
    refreshBytes.set(t.src, playlistBytes + total - beforeSegment);
  }

  function dropStale() {
    const live = new Set(targets.map((t) => t.src));
    for (const [url, e] of entries) {
      const kept = live.has(e.owner) || e.owner === loading;
      if (!kept || (e.live && now() - e.at >= PREFETCH_STALE_MS)) entries.delete(url);
    }
  }

  async function round() {
    dropStale();
    if (!allowed()) return;
    for (const t of targets) await warmOne(t).catch(() => {});
  }

  return {
    /** The channels to keep warm now (the first PREFETCH_MAX_TARGETS); the others are dropped. */
    set(next: readonly PrefetchTarget[]) {
      targets = next.slice(0, PREFETCH_MAX_TARGETS).map((t) => ({ ...t, src: resolve(t.src) }));
      dropStale();
      if (targets.length === 0 || !allowed()) {
        if (timer !== null) stopEvery(timer);
        timer = null;
        for (const [url, e] of entries) if (e.owner !== loading) entries.delete(url);
        return;
      }
      if (timer === null) timer = every(() => void round(), PREFETCH_REFRESH_MS);
      void round();
    },
    /** A live source starts loading: its warm entries stay for its load whatever the next list of targets. */
    loading(src: string) {
      loading = resolve(src);
    },
    /** The fetched bytes of `url` when warm. Live entries are handed out once (the next reload is fresh). */
    take(url: string): WarmHit | undefined {
      const key = resolve(url);
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.live) {
        entries.delete(key);
        if (now() - e.at >= PREFETCH_STALE_MS) return undefined;
      }
      return { data: e.data, fetchMs: e.fetchMs, ...(e.dated ? { ageMs: now() - e.at } : {}) };
    },
    /** True when `src` (a live playlist URL) has a warm master: a load of it starts on the warmed variant. */
    isWarm: (src: string) => entries.has(resolve(src)),
    /** Bytes prefetched since creation (for the benchmark). */
    get bytes() {
      return total;
    },
    stop() {
      if (timer !== null) stopEvery(timer);
      timer = null;
      targets = [];
      loading = null;
      entries.clear();
    },
  };
}

export type WarmCache = ReturnType<typeof createWarmCache>;
