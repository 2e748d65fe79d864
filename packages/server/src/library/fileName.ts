// What a media file's name says when no sidecar is beside it, in the ways libraries name files:
//   Film Title (2019).mkv · Film.Title.2019.1080p.BluRay.mkv · Show Name - S01E02 - Episode.mkv · Show.Name.s1e2.mp4
// An episode's series is its name before the SxxEyy, or else the folder above its season folder.

export interface NameGuess {
  kind: 'movie' | 'episode';
  title: string;
  year?: number;
  series?: string;
  season?: number;
  episode?: number;
}

const EPISODE = /^(.*?)[\s._-]*\bs(\d{1,3})[\s._-]*e(\d{1,4})\b[\s._-]*(.*)$/i;
const YEAR = /^(.*?)[\s._([]+((?:18|19|20|21)\d\d)(?:[)\]]|[\s._]|$)/;
/** What release names add after the title: cut from the first of these on. */
const TAGS =
  /[\s._-](?:2160p|1080p|720p|480p|4k|uhd|hdr|bluray|blu-ray|bdrip|brrip|web-?dl|webrip|hdtv|dvdrip|x264|x265|h264|h265|hevc|aac|dts|remux)\b.*$/i;

const words = (s: string) =>
  s
    .replace(/[._]+/g, ' ')
    .replace(/\s+-\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The guess from a file name (with or without its extension) and the folders it sits in, innermost last. */
export function guessFromName(fileName: string, folders: string[] = []): NameGuess {
  const base = fileName.replace(/\.[A-Za-z0-9]{2,4}$/, '');
  const ep = EPISODE.exec(base);
  if (ep) {
    const [, show = '', season = '0', episode = '0', rest = ''] = ep;
    const seasonFolder = /^(season|saison|temporada|staffel)\s*\d+$|^s\d+$/i;
    const parent = folders.at(-1) ?? '';
    const showFolder = seasonFolder.test(parent) ? folders.at(-2) : parent;
    const series = words(show) || words(showFolder ?? '') || 'Unknown series';
    const title = words(rest.replace(TAGS, '')) || `${series} S${season}E${episode}`;
    return { kind: 'episode', title, series, season: Number(season), episode: Number(episode) };
  }
  const clean = base.replace(TAGS, '');
  const y = YEAR.exec(clean);
  if (y?.[1] && words(y[1])) return { kind: 'movie', title: words(y[1]), year: Number(y[2]) };
  return { kind: 'movie', title: words(clean) || base };
}
