import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import type { Lang } from '@ottkit/api-client/contract';
import { ffprobe, liveFfmpegPath } from '../live/ffmpegRun.ts';
import { guessFromName } from './fileName.ts';
import { type LibraryMeta, readJsonSidecar, readNfo, type SidecarResult } from './sidecar.ts';

// A library folder read as a library manager reads it (issue 42): every media file, what its sidecar (or else its
// name) says, the artwork beside it, and the languages of its audio and subtitle tracks (ffprobe). What cannot
// be read is listed with the reason, never the whole scan refused.

/** The files taken for video. */
const MEDIA = new Set(['.mp4', '.m4v', '.mkv', '.mov', '.webm', '.avi', '.ts', '.mpg', '.mpeg']);
/** Bounds of one scan: a folder of more is read up to them and says so. */
export const SCAN_LIMITS = { depth: 6, files: 20_000 } as const;

export interface LibraryEntry {
  /** The file's path inside the library folder (`/` separated): its identity across scans. */
  path: string;
  size: number;
  modifiedAt: number;
  meta: LibraryMeta;
  /** Where the metadata came from. */
  from: 'nfo' | 'json' | 'file name' | 'feed' | 'xtream';
  /**
   * A feed's or a panel's entry: its video's address (decision 0435); HLS is played from there, anything else
   * transcoded from it. A file's entries have none.
   */
  media?: { url: string; hls: boolean };
  /** A feed's entry: what it says, hashed, which tells a changed entry as a file's size and time do. */
  digest?: string;
  poster?: string;
  backdrop?: string;
  audioLanguages: string[];
  subtitleLanguages: string[];
  durationSeconds: number;
}

export interface Unreadable {
  path: string;
  reason: string;
}

export interface LibraryScan {
  entries: LibraryEntry[];
  unreadable: Unreadable[];
  /** Set when a bound was met: what was not read. */
  truncated?: string;
  /** Its media files' paths, sizes and times, hashed: what a library's watch compares (`filesSeen`). */
  seen: string;
}

export class LibraryFolderError extends Error {}

/**
 * The folder, resolved through links, when it lies inside one of `roots` (each resolved the same way); else a
 * `LibraryFolderError` in words. A library may not reach outside what the operator configured.
 */
export function libraryFolder(path: string, roots: string[]): string {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw new LibraryFolderError(`No folder at ${path}.`);
  }
  if (!statSync(real).isDirectory()) throw new LibraryFolderError(`${path} is not a folder.`);
  const inside = roots.some((root) => {
    if (!existsSync(root)) return false;
    const r = realpathSync(root);
    return real === r || real.startsWith(r.endsWith(sep) ? r : r + sep);
  });
  if (!inside) {
    throw new LibraryFolderError(
      `${path} is outside the library folders this server may read (OTTKIT_LIBRARY_ROOTS: ${roots.join(':')}).`,
    );
  }
  return real;
}

/** The media files under `folder` (already checked by `libraryFolder`), by name, within SCAN_LIMITS. */
export function mediaFiles(folder: string): { files: { file: string; stat: Stats }[]; truncated?: string } {
  const files: { file: string; stat: Stats }[] = [];
  let truncated: string | undefined;
  const walk = (dir: string, depth: number) => {
    if (depth > SCAN_LIMITS.depth) {
      truncated = `folders deeper than ${SCAN_LIMITS.depth} levels were not read`;
      return;
    }
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (d.name.startsWith('.')) continue;
      const file = join(dir, d.name);
      if (d.isDirectory()) walk(file, depth + 1);
      else if (d.isFile() && MEDIA.has(extname(d.name).toLowerCase())) {
        if (files.length >= SCAN_LIMITS.files) {
          truncated = `only the first ${SCAN_LIMITS.files} media files were read`;
          return;
        }
        files.push({ file, stat: statSync(file) });
      }
    }
  };
  walk(folder, 0);
  return truncated ? { files, truncated } : { files };
}

/** Media files' paths, sizes and times, hashed: a folder whose hash moved holds new, changed or gone files. */
export function filesSeen(files: { file: string; stat: Stats }[]): string {
  const h = createHash('sha256');
  for (const { file, stat } of files) h.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  return h.digest('base64url');
}

/** Reads every media file under `folder` (already checked by `libraryFolder`). */
export async function scanLibrary(folder: string, lang: Lang): Promise<LibraryScan> {
  const { files, truncated } = mediaFiles(folder);
  const scan: LibraryScan = {
    entries: [],
    unreadable: [],
    seen: filesSeen(files),
    ...(truncated ? { truncated } : {}),
  };
  for (const { file, stat } of files) {
    const path = relative(folder, file).split(sep).join('/');
    const described = describe(folder, file, lang);
    if (!described.ok) {
      scan.unreadable.push({ path, reason: described.reason });
      continue;
    }
    const probed = await probe(file);
    if ('reason' in probed) {
      scan.unreadable.push({ path, reason: probed.reason });
      continue;
    }
    scan.entries.push({
      path,
      size: stat.size,
      modifiedAt: Math.floor(stat.mtimeMs),
      meta: described.meta,
      from: described.from,
      ...artwork(file),
      ...probed,
    });
  }
  return scan;
}

/** The file's sidecar (`<name>.nfo`, `<name>.json`, a film folder's `movie.nfo`), else what its name says. */
function describe(
  folder: string,
  file: string,
  lang: Lang,
): (SidecarResult & { from: LibraryEntry['from'] }) | { ok: false; reason: string } {
  const stem = file.slice(0, -extname(file).length);
  const sidecars: [string, LibraryEntry['from'], (text: string, l: Lang) => SidecarResult][] = [
    [`${stem}.nfo`, 'nfo', readNfo],
    [`${stem}.json`, 'json', readJsonSidecar],
    [join(dirname(file), 'movie.nfo'), 'nfo', readNfo],
  ];
  for (const [sidecar, from, read] of sidecars) {
    if (!existsSync(sidecar)) continue;
    const r = read(readFileSync(sidecar, 'utf8'), lang);
    return r.ok ? { ...r, from } : { ok: false, reason: `${basename(sidecar)}: ${r.reason}` };
  }
  const folders = relative(folder, dirname(file)).split(sep).filter(Boolean);
  const g = guessFromName(basename(file), folders);
  return {
    ok: true,
    from: 'file name',
    meta: {
      kind: g.kind,
      titles: { [lang]: g.title },
      plots: {},
      genres: [],
      cast: [],
      directors: [],
      ...(g.year ? { year: g.year } : {}),
      ...(g.kind === 'episode' ? { series: g.series, season: g.season, episode: g.episode } : {}),
    },
  };
}

/** A poster and a backdrop beside the file (`<name>-poster.jpg`, the folder's `poster.jpg` or `folder.jpg`…). */
function artwork(file: string): { poster?: string; backdrop?: string } {
  const dir = dirname(file);
  const stem = basename(file, extname(file));
  const first = (names: string[]) =>
    names.flatMap((n) => ['.jpg', '.jpeg', '.png'].map((e) => join(dir, n + e))).find((p) => existsSync(p));
  const poster = first([`${stem}-poster`, 'poster', 'folder', 'cover']);
  const backdrop = first([`${stem}-fanart`, `${stem}-backdrop`, 'fanart', 'backdrop']);
  return { ...(poster ? { poster } : {}), ...(backdrop ? { backdrop } : {}) };
}

/** The tracks' languages and the duration, or why ffprobe could not read the file. */
async function probe(
  file: string,
): Promise<
  Pick<LibraryEntry, 'audioLanguages' | 'subtitleLanguages' | 'durationSeconds'> | { reason: string }
> {
  const answer = await ffprobe(
    liveFfmpegPath(),
    { scheme: 'file', input: file, inputArgs: ['-protocol_whitelist', 'file'], display: file },
    ['-show_entries', 'stream=codec_type:stream_tags=language:format=duration', '-of', 'json'],
    15_000,
  );
  if (answer.timedOut) return { reason: 'ffprobe could not read it within 15 s' };
  let parsed: {
    streams?: { codec_type?: string; tags?: { language?: string } }[];
    format?: { duration?: string };
  };
  try {
    parsed = JSON.parse(answer.out || '{}');
  } catch {
    parsed = {};
  }
  const streams = parsed.streams ?? [];
  if (!streams.some((s) => s.codec_type === 'video')) {
    // ffprobe's own words stay in the server's log, not in the operator's list (they name internals).
    return { reason: 'it is not a video ffprobe can read (no video track)' };
  }
  const langs = (type: string) => [
    ...new Set(
      streams
        .filter((s) => s.codec_type === type)
        .map((s) => s.tags?.language ?? '')
        // A track without a language (or `und`, "undetermined") tells the operator nothing.
        .filter((l) => l !== 'und' && /^[a-z]{2,3}$/.test(l)),
    ),
  ];
  return {
    audioLanguages: langs('audio'),
    subtitleLanguages: langs('subtitle'),
    durationSeconds: Math.round(Number(parsed.format?.duration ?? 0)),
  };
}
