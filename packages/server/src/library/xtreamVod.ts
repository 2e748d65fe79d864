import type { Lang } from '@ottkit/api-client/contract';
import type { FetchLimits } from '../sources/input.ts';
import { apiCall, base, str, type XtreamAccount } from '../sources/xtream.ts';
import { entriesSeen, entryOf, type Raw } from './feed.ts';
import type { LibraryScan } from './scan.ts';

// An Xtream Codes account's films and series (issue 42, decision 0435): the same account a line-up source reads
// its live channels from. Films (get_vod_streams, each with get_vod_info's plot, cast, director and genre) and
// series (get_series, each with get_series_info's seasons and episodes) become a library's entries with their
// pictures (a film's icon and backdrop, a series' cover), known by the panel's ids so a refresh keeps them; a video whose container is HLS is played from the panel, any other is
// transcoded from it.

/** Entries one panel may give: more are read up to this and said. */
const PANEL_LIMIT = 50_000;
/** Per-title calls (a film's info, a series' episodes) in flight at once: a panel is one server. */
const AT_ONCE = 4;

type Json = Record<string, unknown>;

const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const names = (v: unknown) =>
  str(v)
    .split(/[,/|]/)
    .map((s) => s.trim())
    .filter(Boolean);
/** A panel's picture list (`backdrop_path`), or one picture: its first address. */
const first = (v: unknown) => str(Array.isArray(v) ? v[0] : v);
/** Container extensions a panel names: letters and digits only (it goes into a path). */
const extension = (v: unknown) => (/^[a-z0-9]{1,5}$/i.test(str(v)) ? str(v).toLowerCase() : 'mp4');

/** Runs `work` on each of `items`, AT_ONCE at a time, in order of completion. */
async function eachAtOnce<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
}

/** The account's films and series as a library's entries, and each it could not take with why. */
export async function readXtreamLibrary(
  account: XtreamAccount,
  lang: Lang,
  limits: FetchLimits,
): Promise<LibraryScan> {
  const root = base(account);
  const secret = `${encodeURIComponent(account.user)}/${encodeURIComponent(account.password)}`;
  const video = (kind: 'movie' | 'series', id: string, ext: string) =>
    `${root}/${kind}/${secret}/${encodeURIComponent(id)}.${ext}`;
  const category = async (action: string) =>
    new Map(
      list(await apiCall(account, action, limits)).map((c) => [str(c.category_id), str(c.category_name)]),
    );
  const [filmGroups, seriesGroups] = [
    await category('get_vod_categories'),
    await category('get_series_categories'),
  ];
  const films = list(await apiCall(account, 'get_vod_streams', limits));
  const series = list(await apiCall(account, 'get_series', limits));

  const raws: Raw[] = [];
  const scan: LibraryScan = { entries: [], unreadable: [], seen: '' };
  if (films.length + series.length > PANEL_LIMIT)
    scan.truncated = `only the first ${PANEL_LIMIT} films and series were read`;
  const filmsRead = films.slice(0, PANEL_LIMIT);
  await eachAtOnce(filmsRead, async (f) => {
    const id = str(f.stream_id);
    // A film's texts are in its info; a panel that does not answer it still gives the film by its name.
    const info = ((await apiCall(account, `get_vod_info&vod_id=${encodeURIComponent(id)}`, limits).catch(
      () => ({}),
    )) ?? {}) as Json;
    const i = (info.info ?? {}) as Json;
    raws.push({
      id: id ? `movie/${id}` : '',
      kind: 'movie',
      titles: { '': str(f.name).trim() },
      plots: { '': str(i.plot ?? i.description) },
      year: str(i.releasedate ?? i.release_date).slice(0, 4) || undefined,
      genres: [...names(i.genre), filmGroups.get(str(f.category_id)) ?? ''].filter(Boolean),
      cast: names(i.cast ?? i.actors),
      directors: names(i.director),
      rating: str(i.mpaa_rating ?? i.age) || undefined,
      media: id
        ? [{ url: video('movie', id, extension(f.container_extension)), duration: str(i.duration_secs) }]
        : [],
      poster: str(f.stream_icon) || str(i.movie_image) || str(i.cover_big),
      backdrop: first(i.backdrop_path),
    });
  });
  await eachAtOnce(series.slice(0, Math.max(0, PANEL_LIMIT - filmsRead.length)), async (s) => {
    const seriesId = str(s.series_id);
    const name = str(s.name).trim();
    const detail = (await apiCall(
      account,
      `get_series_info&series_id=${encodeURIComponent(seriesId)}`,
      limits,
    ).catch(() => undefined)) as Json | undefined;
    const seasons = (detail?.episodes ?? {}) as Record<string, unknown>;
    if (!detail || typeof seasons !== 'object') {
      scan.unreadable.push({ path: `series/${seriesId}`, reason: 'the panel did not give its episodes' });
      return;
    }
    for (const [season, episodes] of Object.entries(seasons)) {
      for (const e of list(episodes)) {
        const id = str(e.id);
        const number = str(e.episode_num);
        const info = (e.info ?? {}) as Json;
        raws.push({
          id: id ? `episode/${id}` : '',
          kind: 'episode',
          titles: { '': str(e.title).trim() || `Episode ${number}` },
          plots: { '': str(info.plot) },
          year: str(s.releaseDate ?? s.release_date).slice(0, 4) || undefined,
          genres: [...names(s.genre), seriesGroups.get(str(s.category_id)) ?? ''].filter(Boolean),
          cast: names(s.cast),
          directors: names(s.director),
          series: name,
          season: str(e.season) || season,
          episode: number,
          media: id
            ? [
                {
                  url: video('series', id, extension(e.container_extension)),
                  duration: str(info.duration_secs),
                },
              ]
            : [],
          // The series' pictures (an episode's go to its series).
          poster: str(s.cover),
          backdrop: first(s.backdrop_path),
        });
      }
    }
  });
  // In the panel's order of ids, whatever order the calls ended in: a preview reads the same twice.
  const ids = new Set<string>();
  for (const raw of raws.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))) {
    const e = entryOf(raw, lang, ids, 'xtream');
    if ('reason' in e) scan.unreadable.push(e);
    else scan.entries.push(e);
  }
  scan.seen = entriesSeen(scan.entries);
  return scan;
}
