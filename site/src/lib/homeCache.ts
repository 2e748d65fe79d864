import type { AppProperty, BannerItem, Channel, Playlist, VodCard } from '@ottkit/api-client';
import { layoutConfigOf } from '../stores/vodLayout.ts';
import { PLAYLIST_PAGE_SIZE } from '../stores/vodPaging.ts';
import type { serverApi } from './api.ts';

/**
 * The public part of /home (banner, categories, rows, live row), shared by every viewer of one language and
 * configuration for HOME_CACHE_MS (issue 21.7, decision 0131). Personal parts (continue watching, more like
 * this) are an island; the only per-viewer change made here is the premium lock (`unlockedFor`).
 * `OTTKIT_SITE_HOME_CACHE_MS=0` turns the cache off (every request asks the API, as before).
 */
export const HOME_CACHE_MS = Number(process.env.OTTKIT_SITE_HOME_CACHE_MS ?? 30_000);
/** Most cached variants (languages × configurations seen); the oldest goes first. */
const MAX_ENTRIES = 16;
/** The home rows shown (the root's levelType 99 lists). */
const MAX_ROWS = 20;
/** Channels in the home live row. */
const LIVE_ROW_SIZE = 20;

export interface HomePublic {
  banners: BannerItem[];
  categories: Playlist[];
  rows: Array<Playlist & { list: VodCard[] }>;
  rowsFailed: boolean;
  liveChannels: Channel[];
}

type Api = ReturnType<typeof serverApi>;

/** Reads the public part from the API as a visitor without a session sees it. */
export async function loadHomePublic(api: Api, appConfig: AppProperty | null): Promise<HomePublic> {
  const layout = layoutConfigOf(appConfig);
  const [bannerRes, rootRes, lineupRes] = await Promise.allSettled([
    api.live.bannerList({}),
    api.vod.playlistRoot({}),
    layout.home_live_layout_switch ? api.live.channelList({}) : Promise.resolve(null),
  ]);
  const playlists = rootRes.status === 'fulfilled' ? rootRes.value.playlists : [];
  const homeLists = playlists.filter((p) => p.levelType === 99).slice(0, MAX_ROWS);
  let rows: HomePublic['rows'] = [];
  let rowsFailed = rootRes.status === 'rejected';
  if (homeLists.length > 0) {
    try {
      const batch = await api.vod.batchPlaylist({
        playlistIds: homeLists.map((p) => p.playlistId),
        showListType: 2,
        pageSize: PLAYLIST_PAGE_SIZE,
      });
      rows = batch.playlists.filter((p) => p.list.length > 0);
    } catch (e) {
      console.error('home: batchPlaylist failed', e);
      rowsFailed = true;
    }
  }
  const column = layout.home_live_category;
  const liveChannels =
    lineupRes.status === 'fulfilled' && lineupRes.value
      ? lineupRes.value.channelListInfo
          .filter((c) => !column || c.columnIds.includes(column))
          .slice(0, LIVE_ROW_SIZE)
      : [];
  if (bannerRes.status === 'rejected') console.error('home: banners failed', bannerRes.reason);
  return {
    banners: bannerRes.status === 'fulfilled' ? bannerRes.value.bannerList : [],
    categories: playlists.filter((p) => p.levelType === 1),
    rows,
    rowsFailed,
    liveChannels,
  };
}

/** Whether a load is complete enough to share: a failed part is asked again by the next request. */
const complete = (h: HomePublic) => !h.rowsFailed;

export interface SharedCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/**
 * A small cache shared by all requests: an entry lives `ttlMs` (0 turns the cache off), only values `keep`
 * accepts are stored, at most MAX_ENTRIES keys (the oldest goes first), and one load is in flight per key, so
 * a burst of requests on a cold or expired key makes one set of API calls.
 */
export function createSharedCache<T>(
  options: { ttlMs?: number; now?: () => number; keep?: (value: T) => boolean } = {},
): SharedCache<T> {
  const { ttlMs = HOME_CACHE_MS, now = Date.now, keep = () => true } = options;
  const entries = new Map<string, { value: T; at: number }>();
  const inFlight = new Map<string, Promise<T>>();
  return {
    async get(key, load) {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = load()
          .then((value) => {
            if (keep(value)) {
              entries.delete(key);
              entries.set(key, { value, at: now() });
              while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
            }
            return value;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * What the public part depends on besides the catalogue: the language and the configuration it was built
 * with (a changed configuration is a new key, so it shows at once).
 */
export const homeKey = (lang: string, appConfig: AppProperty | null) =>
  `${lang}\n${JSON.stringify(appConfig ?? null)}`;

/** The public part of /home for the page. */
export const homeCache = createSharedCache<HomePublic>({ keep: complete });

/** Rights answers per session token, for the premium lock; short-lived and bounded like the cache above. */
const vodRights = new Map<string, { vod: boolean; at: number }>();
const MAX_SESSIONS = 2_000;

/**
 * Whether this session's plan includes VOD (then no card is locked: the server locks premium titles only for
 * viewers without it). Asked once per session per HOME_CACHE_MS; no session or a failed answer: locked.
 */
export async function sessionHasVod(api: Api, token: string | undefined, now = Date.now()): Promise<boolean> {
  if (!token) return false;
  const hit = vodRights.get(token);
  if (hit && now - hit.at < Math.max(HOME_CACHE_MS, 1)) return hit.vod;
  let vod = false;
  try {
    vod = (await api.account.urvQuery({})).rights.vod;
  } catch {
    return false;
  }
  vodRights.set(token, { vod, at: now });
  if (vodRights.size > MAX_SESSIONS) vodRights.delete(vodRights.keys().next().value as string);
  return vod;
}

/** The rows as a viewer with VOD rights sees them: nothing locked. */
export function unlockedFor(rows: HomePublic['rows'], hasVod: boolean): HomePublic['rows'] {
  return hasVod ? rows.map((r) => ({ ...r, list: r.list.map((c) => ({ ...c, locked: false })) })) : rows;
}
