import { isLang, type Lang, titleTextSchema } from '@ottkit/api-client/contract';
import { SaxesParser } from 'saxes';
import { z } from 'zod';

// What a film's or episode's metadata file beside it says (issue 42): a Kodi-style `.nfo` (XML: <movie>,
// <tvshow> or <episodedetails>) or ottkit's JSON sidecar (`<file>.json`, format in packages/server/README.md).
// Either is read into one shape; one that cannot be read answers why, in words, and the import skips that
// entry only.

export type LibraryKind = 'movie' | 'series' | 'episode';

export interface LibraryMeta {
  kind: LibraryKind;
  /** The title per language (at least one). */
  titles: Partial<Record<Lang, string>>;
  plots: Partial<Record<Lang, string>>;
  year?: number;
  genres: string[];
  cast: string[];
  directors: string[];
  /** The age rating as written (`PG-13`, `12`). */
  rating?: string;
  /** An episode's series title, season and number. */
  series?: string;
  season?: number;
  episode?: number;
}

export type SidecarResult = { ok: true; meta: LibraryMeta } | { ok: false; reason: string };

/** A sidecar larger than this is not metadata: refused before it is parsed. */
export const SIDECAR_MAX_BYTES = 256 * 1024;
/**
 * Texts are cut to the console's limits for a title's texts (the contract's), names and lists to these (a sidecar
 * is operator input, not trusted).
 */
const TEXT_MAX = {
  title: Number(titleTextSchema.shape.title.maxLength),
  plot: Number(titleTextSchema.shape.plot.maxLength),
  name: 120,
  list: 50,
} as const;

const cut = (s: string, max: number) => s.replace(/\s+/g, ' ').trim().slice(0, max);
const names = (list: string[]) =>
  [...new Set(list.map((n) => cut(n, TEXT_MAX.name)).filter(Boolean))].slice(0, TEXT_MAX.list);
const whole = (s: string | undefined, min: number, max: number) => {
  const n = Number(s?.trim());
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

const NFO_ROOTS: Record<string, LibraryKind> = {
  movie: 'movie',
  tvshow: 'series',
  episodedetails: 'episode',
};

/**
 * A Kodi `.nfo`: its root names the kind; `title`, `plot`, `year` (or `premiered`'s year), every `genre`,
 * `director` and `actor/name`, `mpaa`, and for an episode `showtitle`, `season`, `episode`. Kodi's files carry no
 * language: the texts are taken as `lang`'s.
 */
export function readNfo(xml: string, lang: Lang): SidecarResult {
  if (xml.length > SIDECAR_MAX_BYTES) return { ok: false, reason: 'the .nfo file is larger than 256 KB' };
  const fields = new Map<string, string[]>();
  const path: string[] = [];
  let text = '';
  let root: string | undefined;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (path.length === 0) root = tag.name;
    path.push(tag.name);
    text = '';
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('cdata', (t) => {
    text += t;
  });
  parser.on('closetag', () => {
    const key = path.slice(1).join('/');
    path.pop();
    if (!key) return;
    const list = fields.get(key) ?? [];
    list.push(text);
    fields.set(key, list);
    text = '';
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    // Only where, in the operator's words: saxes's own message ("1:23: unexpected close tag.") is the parser's.
    const at = /^(\d+):(\d+):/.exec((e as Error).message);
    return {
      ok: false,
      reason: `the .nfo file is not well-formed XML${at ? ` (line ${at[1]}, column ${at[2]})` : ''}`,
    };
  }
  const kind = root ? NFO_ROOTS[root] : undefined;
  if (!kind) return { ok: false, reason: 'the .nfo file is not a <movie>, <tvshow> or <episodedetails>' };
  const one = (k: string) =>
    fields
      .get(k)
      ?.find((v) => v.trim())
      ?.trim();
  return shaped({
    kind,
    titles: { [lang]: one('title') ?? one('originaltitle') ?? '' },
    plots: { [lang]: one('plot') ?? one('outline') ?? '' },
    year: one('year') ?? one('premiered')?.slice(0, 4),
    genres: fields.get('genre') ?? [],
    cast: fields.get('actor/name') ?? [],
    directors: fields.get('director') ?? [],
    rating: one('mpaa'),
    series: one('showtitle'),
    season: one('season'),
    episode: one('episode'),
  });
}

/** A text, or the same text per language (`{"en": "…", "es": "…"}`). */
const texts = z.union([z.string(), z.record(z.string(), z.string())]);
const JSON_SIDECAR = z.object({
  type: z.enum(['movie', 'series', 'episode']),
  title: texts,
  plot: texts.optional(),
  year: z.union([z.number(), z.string()]).optional(),
  genres: z.array(z.string()).optional(),
  cast: z.array(z.string()).optional(),
  directors: z.array(z.string()).optional(),
  rating: z.string().optional(),
  series: z.string().optional(),
  season: z.union([z.number(), z.string()]).optional(),
  episode: z.union([z.number(), z.string()]).optional(),
});

/** ottkit's JSON sidecar; a text given as a plain string is taken as `lang`'s. */
export function readJsonSidecar(json: string, lang: Lang): SidecarResult {
  if (json.length > SIDECAR_MAX_BYTES) return { ok: false, reason: 'the .json file is larger than 256 KB' };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'the .json file is not JSON' };
  }
  const parsed = JSON_SIDECAR.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `the .json file's ${issue?.path.join('.') || 'content'}: ${issue?.message ?? 'invalid'}`,
    };
  }
  const j = parsed.data;
  const perLang = (t: string | Record<string, string> | undefined) =>
    typeof t === 'string'
      ? { [lang]: t }
      : Object.fromEntries(Object.entries(t ?? {}).filter(([l]) => isLang(l)));
  return shaped({
    kind: j.type,
    titles: perLang(j.title),
    plots: perLang(j.plot),
    year: j.year === undefined ? undefined : String(j.year),
    genres: j.genres ?? [],
    cast: j.cast ?? [],
    directors: j.directors ?? [],
    rating: j.rating,
    series: j.series,
    season: j.season === undefined ? undefined : String(j.season),
    episode: j.episode === undefined ? undefined : String(j.episode),
  });
}

/** What a reader found, before it is checked: texts keyed by language, numbers as written. */
export interface ReadFields {
  kind: LibraryKind;
  titles: Partial<Record<string, string>>;
  plots: Partial<Record<string, string>>;
  year?: string;
  genres: string[];
  cast: string[];
  directors: string[];
  rating?: string;
  series?: string;
  season?: string;
  episode?: string;
}

/** The readers' fields (sidecars and feeds), cut and checked the same way. */
export function shaped(f: ReadFields): SidecarResult {
  const keep = (m: Partial<Record<string, string>>, max: number) =>
    Object.fromEntries(
      Object.entries(m).flatMap(([l, t]) => (isLang(l) && t && cut(t, max) ? [[l, cut(t, max)]] : [])),
    ) as Partial<Record<Lang, string>>;
  const titles = keep(f.titles, TEXT_MAX.title);
  if (Object.keys(titles).length === 0) return { ok: false, reason: 'it gives no title' };
  const meta: LibraryMeta = {
    kind: f.kind,
    titles,
    plots: keep(f.plots, TEXT_MAX.plot),
    year: whole(f.year, 1870, 2200),
    genres: names(f.genres),
    cast: names(f.cast),
    directors: names(f.directors),
    rating: f.rating ? cut(f.rating, 20) || undefined : undefined,
  };
  if (f.kind === 'episode') {
    const season = whole(f.season, 0, 999);
    const episode = whole(f.episode, 0, 9999);
    if (season === undefined || episode === undefined) {
      return { ok: false, reason: 'an episode needs its season and episode numbers' };
    }
    Object.assign(meta, { season, episode, series: f.series ? cut(f.series, TEXT_MAX.title) : undefined });
  }
  return { ok: true, meta };
}
