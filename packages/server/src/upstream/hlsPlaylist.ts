/**
 * HLS playlists as the pull relay hands them to ffmpeg (decision 0364), and as the origin hands a feed's title to
 * players (decision 0435): every URI in them replaced by a relay URL, so neither learns an upstream address it
 * could open by itself. The reading mirrors ffmpeg's own
 * (libavformat/hls.c): what it would take for a URI, we replace, and nothing else changes.
 */

/** A playlist is held whole to be rewritten: this many bytes at most (a day of 2 s segments is about 3 MB). */
export const MAX_PLAYLIST_BYTES = 8 * 1024 * 1024;

/** How many first bytes tell a playlist from a segment. */
export const PLAYLIST_SNIFF_BYTES = 1024;

const SPACE = /[ \t\n\v\f\r]/;

/**
 * Whether an answer starting with `head` is a playlist: `#EXTM3U` first, after a byte-order mark or blanks, which
 * ffmpeg does not skip but a later one might. A head of blanks only is taken for one too: rewriting a file that is
 * not a playlist is harmless, passing on one that is would not be.
 */
export function isPlaylistStart(head: Buffer): boolean {
  let text = head.toString('latin1');
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  text = text.replace(/^[\s\0]+/, '');
  return text === '' || text.startsWith('#EXTM3U');
}

interface Span {
  start: number;
  end: number;
  value: string;
}

/**
 * The URI attributes of a tag's attribute list, read as ffmpeg's ff_parse_key_value reads them: keys after
 * blanks and commas up to `=`, quoted values with backslash escapes, unquoted values up to a blank or comma.
 * Any key ending in URI counts (URI, SERVER-URI): ffmpeg reads `URI` in EXT-X-KEY, -MAP, -MEDIA and
 * -I-FRAME-STREAM-INF, newer versions more tags.
 */
function uriAttributes(s: string): Span[] {
  const spans: Span[] = [];
  let i = 0;
  for (;;) {
    while (i < s.length && (SPACE.test(s[i] as string) || s[i] === ',')) i++;
    if (i >= s.length) break;
    const eq = s.indexOf('=', i);
    if (eq < 0) break;
    const key = s.slice(i, eq).trim();
    i = eq + 1;
    const start = i;
    let value = '';
    if (s[i] === '"') {
      i++;
      while (i < s.length && s[i] !== '"') {
        if (s[i] === '\\') {
          if (i + 1 >= s.length) break;
          value += s[i + 1];
          i += 2;
        } else value += s[i++];
      }
      if (s[i] === '"') i++;
    } else {
      while (i < s.length && !(SPACE.test(s[i] as string) || s[i] === ',')) value += s[i++];
    }
    if (/URI$/i.test(key)) spans.push({ start, end: i, value });
  }
  return spans;
}

/** What a URI in a playlist names, by where it stands: a player (and an edge's cache) treats each differently. */
export type UriRole = 'playlist' | 'segment' | 'key';

/** Tags whose URI attribute names a playlist or a key; every other URI names media (a segment, an init, a part). */
const TAG_ROLES: Record<string, UriRole> = {
  'EXT-X-MEDIA': 'playlist',
  'EXT-X-I-FRAME-STREAM-INF': 'playlist',
  'EXT-X-RENDITION-REPORT': 'playlist',
  'EXT-X-KEY': 'key',
  'EXT-X-SESSION-KEY': 'key',
};

/**
 * The playlist with every URI replaced by `relay(absolute URL, role)`: URI lines (segments, variant playlists) and the
 * URI attributes of tags (EXT-X-KEY, -MAP, -MEDIA, -I-FRAME-STREAM-INF, -SESSION-KEY, -PART, -PRELOAD-HINT,
 * -RENDITION-REPORT…), resolved against `base`, the playlist's URL after redirects. A URI that is no URL becomes
 * `relay(undefined)`, an address the relay answers with an error: never the text ffmpeg might read otherwise.
 * Lines split as ffmpeg splits them (LF, CR, CRLF, and NUL).
 */
export function rewritePlaylist(
  text: string,
  base: string,
  relay: (url: string | undefined, role: UriRole) => string,
): string {
  const to = (raw: string, role: UriRole): string => {
    try {
      return relay(new URL(raw.trim(), base).href, role);
    } catch {
      return relay(undefined, role);
    }
  };
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|[\r\n\0]/);
  // A multivariant playlist's URI lines name playlists; a media playlist's name segments.
  const lineRole: UriRole = lines.some((l) => l.startsWith('#EXT-X-STREAM-INF')) ? 'playlist' : 'segment';
  return lines
    .map((line) => {
      if (line.trim() === '') return '';
      if (!line.startsWith('#')) return to(line, lineRole);
      const colon = line.indexOf(':');
      if (colon < 0) return line;
      const role = TAG_ROLES[line.slice(1, colon)] ?? 'segment';
      const attrs = line.slice(colon + 1);
      let out = '';
      let at = 0;
      for (const span of uriAttributes(attrs)) {
        out += `${attrs.slice(at, span.start)}"${to(span.value, role)}"`;
        at = span.end;
      }
      return `${line.slice(0, colon + 1)}${out}${attrs.slice(at)}`;
    })
    .join('\n');
}
