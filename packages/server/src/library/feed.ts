import { createHash } from 'node:crypto';
import { type Lang, isLang } from '@ottkit/api-client/contract';
import { parse as parseCsv } from 'csv-parse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { drained, type FetchLimits, openSource, SourceError } from '../sources/input.ts';
import type { LibraryEntry, LibraryScan, Unreadable } from './scan.ts';
import { type LibraryMeta, type ReadFields, shaped } from './sidecar.ts';

// A feed library (issue 42, decision 0435): an MRSS feed (RSS 2.0 with Yahoo's Media RSS) or a CSV of titles,
// fetched under the upstream rule and the line-up sources' limits, read into the same entries as a folder's
// files. An entry whose media is HLS already is played from its URL (remoteVideos.ts); any other is transcoded
// from its URL. An entry without a title or media is listed with the reason. The formats are in the server's
// README.

/** The `media:category` scheme that names an MRSS item's series rather than a genre. */
export const SERIES_SCHEME = 'urn:ottkit:series';

/** Entries one feed may hold: a feed of more is read up to them and says so. */
export const FEED_LIMITS = { entries: 200_000 } as const;

/** An http(s) address that parses (a feed's text is not trusted to hold one). */
const isAddress = (url: string) => /^https?:\/\//i.test(url) && URL.canParse(url);

/** An HLS URL: its path ends `.m3u8`, or the feed says its type is an HLS playlist. */
const isHls = (url: string, type = '') => /mpegurl/i.test(type) || /\.m3u8$/i.test(new URL(url).pathname);

/** An entry's fields before they are checked (both formats, and an Xtream panel's films and episodes). */
export interface Raw extends ReadFields {
  id: string;
  /** Media URLs with the type the feed gives, first preferred. */
  media: { url: string; type?: string; duration?: string; lang?: string }[];
  /** Picture addresses (decision 0435): a poster (2:3) and a backdrop (16:9). */
  poster?: string;
  backdrop?: string;
}

/** A picture's address when it is an http(s) one. */
const picture = (url: string | undefined) => (url && isAddress(url.trim()) ? url.trim() : undefined);

/** An entry's pictures' addresses, for its digest: none when it names none. */
const pictures = (raw: Raw) => {
  const [poster, backdrop] = [picture(raw.poster), picture(raw.backdrop)];
  return poster || backdrop ? [{ poster, backdrop }] : [];
};

/** The feed at `url` read whole: its entries, and each it could not take with why. Throws SourceError in words. */
export async function readFeed(url: string, lang: Lang, limits: FetchLimits): Promise<LibraryScan> {
  const chunks = openSource(url, limits)[Symbol.asyncIterator]();
  const first = await chunks.next();
  const head = first.done ? '' : Buffer.from(first.value).toString('utf8', 0, 512);
  const start = head.replace(/^\ufeff/, '').trimStart();
  async function* all() {
    if (!first.done) yield first.value;
    for (let n = await chunks.next(); !n.done; n = await chunks.next()) yield n.value;
  }
  const scan: LibraryScan = { entries: [], unreadable: [], seen: '' };
  const ids = new Set<string>();
  const take = (raw: Raw) => {
    if (scan.entries.length + scan.unreadable.length >= FEED_LIMITS.entries) {
      scan.truncated = `only the first ${FEED_LIMITS.entries} entries were read`;
      return;
    }
    const e = entryOf(raw, lang, ids);
    if ('reason' in e) scan.unreadable.push(e);
    else scan.entries.push(e);
  };
  try {
    if (/^<(!doctype html|html)/i.test(start))
      throw new SourceError(`${url} answered a web page, not a feed`);
    if (start.startsWith('<')) await readMrss(all(), url, lang, take);
    else if (start === '') throw new SourceError(`${url} answered nothing`);
    else await readCsv(all(), url, take);
  } finally {
    // Refused or stopped early: the upstream's answer is let go at once, not at its time limit.
    await chunks.return?.(undefined);
  }
  scan.seen = entriesSeen(scan.entries);
  return scan;
}

/** Entries' ids and digests, hashed: what a watch compares (a feed or panel whose hash moved has changed). */
export function entriesSeen(entries: LibraryEntry[]): string {
  const h = createHash('sha256');
  for (const e of entries) h.update(`${e.path}\0${e.digest}\n`);
  return h.digest('base64url');
}

/** An entry, or why it cannot be one; `ids` are the entries' ids taken so far. */
export function entryOf(
  raw: Raw,
  lang: Lang,
  ids: Set<string>,
  from: LibraryEntry['from'] = 'feed',
): LibraryEntry | Unreadable {
  const name = raw.id || Object.values(raw.titles).find(Boolean) || '(an entry without an id)';
  const path = name.slice(0, 500);
  const fail = (reason: string): Unreadable => ({ path, reason });
  const urls = raw.media.filter((m) => isAddress(m.url));
  if (raw.media.length === 0) return fail('it names no media URL');
  if (urls.length === 0) return fail('its media is not an http(s) URL');
  // HLS first: played from where it is; else the first address, transcoded from there.
  const media = urls.find((m) => isHls(m.url, m.type)) ?? (urls[0] as Raw['media'][number]);
  const id = raw.id || media.url;
  if (ids.has(id)) return fail('its id repeats an earlier entry’s');
  const shape = shaped({ ...raw, titles: withLang(raw.titles, lang), plots: withLang(raw.plots, lang) });
  if (!shape.ok) return fail(shape.reason);
  ids.add(id);
  const meta: LibraryMeta = shape.meta;
  const duration = Math.round(Number(media.duration ?? 0));
  const audio = media.lang && isLang(media.lang.slice(0, 2)) ? [media.lang.slice(0, 2)] : [];
  return {
    path: id.slice(0, 500),
    size: 0,
    modifiedAt: 0,
    meta,
    from,
    media: { url: media.url, hls: isHls(media.url, media.type) },
    ...(picture(raw.poster) ? { poster: picture(raw.poster) } : {}),
    ...(picture(raw.backdrop) ? { backdrop: picture(raw.backdrop) } : {}),
    // What the entry says, hashed: a later read that differs is a changed entry (its URL, texts or pictures;
    // pictures only when it has some, so an entry without any hashes as before them).
    digest: createHash('sha256')
      .update(JSON.stringify([media.url, meta, ...pictures(raw)]))
      .digest('base64url')
      .slice(0, 22),
    audioLanguages: audio,
    subtitleLanguages: [],
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : 0,
  };
}

/** Texts given without a language are the library's. */
const withLang = (m: Partial<Record<string, string>>, lang: Lang) =>
  Object.fromEntries(Object.entries(m).map(([l, t]) => [l === '' ? lang : l.slice(0, 2).toLowerCase(), t]));

/**
 * MRSS: each `<item>`'s `title` or `media:title` and `description` or `media:description` (an `xml:lang`
 * attribute says their language), `guid` (else `link`) as its id, every `media:content` (also inside
 * `media:group`) with its `url`, `type`, `duration` and `lang`, `category` and `media:category` as genres,
 * `media:rating`, `media:credit` by role (actor, director), and the first `media:thumbnail` as its poster.
 * An item with an episode number (`itunes:episode` or `podcast:episode`, the podcast namespaces' fields that
 * feed producers know; MRSS has none) is an episode: of season `itunes:season`/`podcast:season` (else 1), of
 * the series a `media:category` with scheme `urn:ottkit:series` names, else of the feed's channel `title` (a
 * podcast-style feed is one show). Every other item is a film.
 */
async function readMrss(
  chunks: AsyncIterable<Uint8Array>,
  url: string,
  lang: Lang,
  take: (raw: Raw) => void,
): Promise<void> {
  const parser = new SaxesParser();
  let item: Raw | undefined;
  let text = '';
  /** The channel's own title (the series of its episodes that name none), and whether inside its `<image>`. */
  let show = '';
  let inImage = false;
  const blank = (): Raw => ({
    id: '',
    kind: 'movie',
    titles: {},
    plots: {},
    genres: [],
    cast: [],
    directors: [],
    media: [],
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    text = '';
    if (tag.name === 'item') {
      item = blank();
      return;
    }
    if (tag.name === 'image') inImage = true;
    if (!item) return;
    const attrs = tag.attributes as Record<string, string>;
    if (tag.name === 'media:thumbnail' && attrs.url && !item.poster) item.poster = attrs.url;
    if (tag.name === 'media:content' && attrs.url) {
      item.media.push({
        url: attrs.url.trim(),
        type: attrs.type,
        duration: attrs.duration,
        lang: attrs.lang,
      });
    }
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('cdata', (t) => {
    text += t;
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    if (tag.name === 'image') inImage = false;
    if (!item) {
      if (tag.name === 'title' && !inImage && !show) show = text.trim();
      return;
    }
    if (tag.name === 'item') {
      if (item.episode !== undefined) {
        item.kind = 'episode';
        item.season ??= '1';
        item.series ??= show || undefined;
      }
      take(item);
      item = undefined;
      return;
    }
    const value = text.trim();
    const attrs = tag.attributes as Record<string, string>;
    const at = attrs['xml:lang'] ?? '';
    const l = at ? at.slice(0, 2).toLowerCase() : lang;
    switch (tag.name) {
      case 'title':
      case 'media:title':
        if (value && !item.titles[l]) item.titles[l] = value;
        break;
      case 'description':
      case 'media:description':
        if (value && !item.plots[l]) item.plots[l] = value;
        break;
      case 'guid':
        item.id = value;
        break;
      case 'link':
        if (!item.id) item.id = value;
        break;
      case 'category':
      case 'media:category':
        if (value && attrs.scheme === SERIES_SCHEME) item.series = value;
        else if (value) item.genres.push(value);
        break;
      case 'itunes:episode':
      case 'podcast:episode':
        if (value) item.episode = value;
        break;
      case 'itunes:season':
      case 'podcast:season':
        if (value) item.season = value;
        break;
      case 'media:rating':
        if (value) item.rating = value;
        break;
      case 'media:credit': {
        const role = (attrs.role ?? '').toLowerCase();
        if (role === 'actor' || role === 'cast') item.cast.push(value);
        else if (role === 'director') item.directors.push(value);
        break;
      }
    }
    text = '';
  });
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const c of chunks) parser.write(decoder.decode(c, { stream: true }));
    parser.write(decoder.decode()).close();
  } catch (e) {
    if (e instanceof SourceError) throw e;
    // Only where, in the operator's words: saxes's own message names its internals.
    const where = /^(\d+):(\d+):/.exec((e as Error).message);
    throw new SourceError(
      `${url} is not well-formed XML${where ? ` (line ${where[1]}, column ${where[2]})` : ''}: nothing was changed`,
    );
  }
}

/** A CSV list cell: names split by `|` (or `;`). */
const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(/[|;]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * CSV with a header row (names in any case): `title` and `media` required; `id`, `type` (movie or episode),
 * `plot`, `title_<lang>` and `plot_<lang>` (en, es, pt), `year`, `genres`, `cast` and `directors` (split by `|`),
 * `rating`, `series`, `season`, `episode`, `duration` (seconds), `poster` and `backdrop` (picture addresses)
 * optional.
 */
async function readCsv(
  chunks: AsyncIterable<Uint8Array>,
  url: string,
  take: (raw: Raw) => void,
): Promise<void> {
  const parser = parseCsv({
    bom: true,
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    max_record_size: 64 * 1024,
  });
  let checked = false;
  const feeding = (async () => {
    try {
      for await (const c of chunks) {
        if (parser.destroyed) return;
        if (!parser.write(c)) await drained(parser);
      }
      if (!parser.destroyed) parser.end();
    } catch (e) {
      parser.destroy(e as Error);
    }
  })();
  try {
    for await (const row of parser as AsyncIterable<Record<string, string>>) {
      if (!checked) {
        checked = true;
        const names = Object.keys(row);
        if (!names.some((n) => n === 'title' || /^title_[a-z]{2}$/.test(n)) || !names.includes('media'))
          throw new SourceError(`${url} is a CSV without a title and a media column: see the feed format`);
      }
      const perLang = (field: string) =>
        Object.fromEntries(
          Object.entries(row).flatMap(([k, v]) =>
            k === field ? [['', v]] : k.startsWith(`${field}_`) ? [[k.slice(field.length + 1), v]] : [],
          ),
        );
      const type = (row.type ?? 'movie').toLowerCase();
      take({
        id: row.id ?? '',
        kind: type === 'episode' ? 'episode' : 'movie',
        titles: perLang('title'),
        plots: perLang('plot'),
        year: row.year,
        genres: list(row.genres),
        cast: list(row.cast),
        directors: list(row.directors),
        rating: row.rating || undefined,
        series: row.series || undefined,
        season: row.season || undefined,
        episode: row.episode || undefined,
        media: row.media ? [{ url: row.media, duration: row.duration }] : [],
        poster: row.poster,
        backdrop: row.backdrop,
      });
    }
  } catch (e) {
    if (e instanceof SourceError) throw e;
    const line = (e as { lines?: number }).lines;
    throw new SourceError(
      `${url} is not a CSV ottkit can read${line ? ` (line ${line})` : ''}: nothing was changed`,
    );
  } finally {
    // Stopped early (a refused header, a damaged line): the feed's read ends with it.
    if (!parser.writableEnded) parser.destroy();
    await feeding;
  }
}
