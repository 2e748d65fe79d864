import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { maskSecrets } from '../upstream/maskSecrets.ts';

/** The inputs a channel may take (issue 17); anything else is refused when the operator adds it. */
export const LIVE_SCHEMES = ['hls+http', 'hls+https', 'srt', 'rtmp', 'udp', 'file'] as const;
export type LiveScheme = 'hls' | 'srt' | 'rtmp' | 'udp' | 'file';

/** How ffmpeg opens one source: the input and the options before `-i`. */
export interface LiveInput {
  scheme: LiveScheme;
  /** What follows `-i`. */
  input: string;
  /** Input options, always with a protocol whitelist so an upstream playlist cannot reach `file:` or `concat:`. */
  inputArgs: string[];
  /** The URL as shown to operators: passwords and passphrases masked. */
  display: string;
}

export class SourceUrlError extends Error {}

/** Where `file://` sources may point when a command checks them: the data folder's media. */
export const liveMediaDir = (dataDir: string) => join(dataDir, 'media');

/** Query parameters each scheme passes to ffmpeg; any other is refused (ffmpeg options hide in queries). */
const QUERY: Record<string, string[]> = {
  srt: ['mode', 'latency', 'passphrase', 'pbkeylen', 'streamid'],
  udp: ['localaddr', 'fifo_size', 'overrun_nonfatal'],
  rtmp: ['listen'],
};

function refuse(reason: string): never {
  // A reason may quote the URL: its secrets masked, as everywhere a source URL leaves the server.
  throw new SourceUrlError(maskSecrets(reason));
}

const mask = (u: URL): string => maskSecrets(u.href);

/** How a file:// source is shown: its place in the media folder, never the data folder's path. */
const MEDIA_SHOWN = 'file://media-folder';

/**
 * A file:// source's path relative to the media folder, after symbolic links. One refusal for a file missing,
 * outside, reached through a link out, or with no media folder yet: an answer never tells which files exist
 * nor where the data folder is (issue 35).
 */
function insideMedia(path: string, mediaDir: string): string {
  try {
    const rel = relative(realpathSync(mediaDir), realpathSync(path));
    if (rel && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel)) return rel;
  } catch {
    // Missing: the same answer as outside.
  }
  return refuse('file:// sources must name a file inside the media folder');
}

function checkQuery(u: URL, scheme: string) {
  const allowed = QUERY[scheme] ?? [];
  for (const key of u.searchParams.keys()) {
    if (!allowed.includes(key))
      refuse(
        `${scheme}:// sources take ${allowed.length ? `only the options ${allowed.join(', ')}` : 'no options'}, not '${key}'`,
      );
  }
  const mode = u.searchParams.get('mode');
  if (mode !== null && !['caller', 'listener'].includes(mode)) refuse('srt mode is caller or listener');
  const listen = u.searchParams.get('listen');
  if (listen !== null && listen !== '1') refuse('rtmp takes listen=1 to open a push listener');
}

function needPort(u: URL, scheme: string) {
  if (!u.hostname) refuse(`${scheme}:// needs a host`);
  if (!u.port && scheme !== 'rtmp') refuse(`${scheme}:// needs a port (${scheme}://host:port)`);
}

/**
 * Parses and checks a source URL for ffmpeg. `hls+http(s)://` pulls an HLS stream, `srt://` calls or listens,
 * `rtmp://` pulls (or listens for a push with `?listen=1`), `udp://` takes MPEG-TS, `file://` loops a file inside
 * the media folder. Everything else, `file://` outside that folder, and ffmpeg protocol tricks (`concat:`,
 * `subfile:`, `|`, nested schemes) are refused with the reason in words.
 */
export function parseSourceUrl(raw: string, mediaDir: string): LiveInput {
  const text = raw.trim();
  if (!text) refuse('a source URL is required');
  if (text.length > 2048) refuse('a source URL is at most 2048 characters');
  // Control characters and '|' are how ffmpeg's concat and pipe tricks get in.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f|\s]/.test(text)) refuse('a source URL has no spaces, control characters or |');
  const colon = text.indexOf(':');
  const scheme = colon > 0 ? text.slice(0, colon).toLowerCase() : '';
  if (!(LIVE_SCHEMES as readonly string[]).includes(scheme))
    refuse(
      `'${scheme || text}' is not a source scheme: use hls+http(s)://, srt://, rtmp://, udp:// or file:// (in the media folder)`,
    );
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return refuse(`'${text}' is not a URL`);
  }
  if (u.hash) refuse('a source URL has no #fragment');
  if (scheme === 'hls+http' || scheme === 'hls+https') {
    if (!u.hostname) refuse('hls+http(s):// needs a host');
    const input = `${scheme.slice(4)}${text.slice(scheme.length)}`;
    return {
      scheme: 'hls',
      // The upstream URL: ffmpeg reads it through the pull relay (decision 0364), the channel swaps it for that.
      input,
      // Plain HTTP to the relay on loopback, and the AES-128 decryption of segments: never the network itself.
      inputArgs: ['-protocol_whitelist', 'http,tcp,crypto'],
      display: `hls+${mask(new URL(input))}`,
    };
  }
  if (scheme === 'file') {
    if (u.search || u.host) refuse('file:// takes a path in the media folder, file:///path');
    const rel = insideMedia(resolve(fileURLToPath(u)), mediaDir);
    return {
      scheme: 'file',
      input: join(realpathSync(mediaDir), rel),
      inputArgs: ['-protocol_whitelist', 'file', '-re', '-stream_loop', '-1'],
      display: `${MEDIA_SHOWN}/${rel.split(sep).join('/')}`,
    };
  }
  checkQuery(u, scheme);
  needPort(u, scheme);
  if (scheme === 'srt')
    return { scheme: 'srt', input: text, inputArgs: ['-protocol_whitelist', 'srt,udp'], display: mask(u) };
  if (scheme === 'udp')
    return { scheme: 'udp', input: text, inputArgs: ['-protocol_whitelist', 'udp'], display: mask(u) };
  const listen = u.searchParams.get('listen') === '1';
  const bare = new URL(u.href);
  bare.search = '';
  return {
    scheme: 'rtmp',
    input: bare.href,
    inputArgs: ['-protocol_whitelist', 'rtmp,tcp', ...(listen ? ['-listen', '1'] : [])],
    display: mask(u),
  };
}

/** An imported M3U stream URL as a source: plain http(s) playlists are HLS pulls. */
export function importedSourceUrl(streamUrl: string): string {
  return /^https?:\/\//i.test(streamUrl) ? `hls+${streamUrl}` : streamUrl;
}
