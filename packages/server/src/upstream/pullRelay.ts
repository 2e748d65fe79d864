import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_LIMITS, type FetchLimits, isUrl, openUpstream, SourceError } from './fetch.ts';
import { relayAnswer } from './hlsRelay.ts';
import { maskSecrets } from './maskSecrets.ts';

/**
 * The pull relay (decision 0364): ffmpeg reads an HLS pull only from here, a server on 127.0.0.1 in the process
 * that runs it, and this process fetches every playlist, key and segment under the upstream rule (decision 0359),
 * redirects included. Playlists are handed on with every URI turned into a relay URL, so ffmpeg never holds an
 * upstream address. Paths carry a random token of this process, so nothing else on the machine (another user, a
 * browser's page) can use it to fetch; a pull's number names what it is fetching for, and a closed pull's
 * addresses answer 404. The relay starts with the first pull and stops with the last.
 */

/** A live pull's reads: a playlist or segment in two minutes at most, five redirects. */
const PULL_LIMITS: FetchLimits = { ...DEFAULT_LIMITS, timeoutMs: 120_000, maxRedirects: 5 };
/** Answer headers handed on to ffmpeg: what it needs to read a body, nothing the upstream chooses besides. */
const PASSED = ['content-type', 'content-length', 'content-range', 'accept-ranges'];

function passed(up: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of PASSED) {
    const v = up.headers[name];
    if (typeof v === 'string') headers[name] = v;
  }
  return headers;
}

const TOKEN = randomBytes(24).toString('base64url');
/** Where a URI that is no URL points: a relay address that answers 400. */
const NOT_A_URL = '-';

/** One HLS pull on the relay: ffmpeg's (or ffprobe's) input and what the relay saw while it read. */
export interface Pull {
  /** What ffmpeg opens: the source URL's relay URL. */
  readonly input: string;
  /** A hop the rule refused, `<url>: refused: internal address` (secrets masked); ffmpeg was answered 403. */
  refused: string | undefined;
  /** The last upstream failure in words (secrets masked): why ffmpeg gave up, more precisely than it says. */
  lastError: string | undefined;
  /** Called at each refused hop (a run fails its source at once). */
  onRefused: (() => void) | undefined;
  /** No more reads: later requests answer 404, reads under way are cut. */
  close(): void;
}

interface PullState extends Pull {
  input: string;
  allow: string;
  abort: AbortController;
}

const pulls = new Map<string, PullState>();
let next = 0;
let server: Server | undefined;
let origin: Promise<string> | undefined;

function start(): Promise<string> {
  origin ??= new Promise<string>((resolve, reject) => {
    // A request that fails in a way not answered already is cut: ffmpeg sees a read error, nothing else.
    const s = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
    server = s;
    // Kept for the server's life: a later error must not go unheard (and crash the process).
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      // It never keeps the process alive by itself; the pulls' owners stop it.
      s.unref();
      resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`);
    });
  }).catch((e: unknown) => {
    stop();
    throw e;
  });
  return origin;
}

function stop() {
  server?.close();
  server?.closeAllConnections();
  server = undefined;
  origin = undefined;
}

/** The relay URL of `url` for pull `id`; the upstream's file name stays last (ffmpeg judges formats by it). */
function relayUrl(base: string, id: string, url: string | undefined): string {
  if (url === undefined) return `${base}/${TOKEN}/${id}/${NOT_A_URL}/x`;
  const name =
    new URL(url).pathname
      .split('/')
      .pop()
      ?.replace(/[^\w.-]/g, '') || 'x';
  return `${base}/${TOKEN}/${id}/${Buffer.from(url).toString('base64url')}/${name.slice(-64)}`;
}

/**
 * Opens a pull of `url` (an http(s) HLS playlist) under the allow-list `allow` (the `upstreams.allow` setting as
 * read at this start), starting the relay if none runs in this process.
 */
export async function openPull(url: string, allow: string): Promise<Pull> {
  const id = String(++next);
  const abort = new AbortController();
  const pull: PullState = {
    input: '',
    refused: undefined,
    lastError: undefined,
    onRefused: undefined,
    allow,
    abort,
    close() {
      if (pulls.get(id) !== pull) return;
      pulls.delete(id);
      abort.abort();
      if (pulls.size === 0) stop();
    },
  };
  // Counted before the relay is awaited, so a pull closing meanwhile does not stop it under this one.
  pulls.set(id, pull);
  try {
    pull.input = relayUrl(await start(), id, url);
  } catch (e) {
    pull.close();
    throw e;
  }
  return pull;
}

const RELAY_PATH = new RegExp(`http://127\\.0\\.0\\.1:\\d+/${TOKEN}/\\d+/([\\w-]+)(?:/[\\w.-]*)?`, 'g');

/**
 * A text of ffmpeg's with every relay URL in it shown as the upstream URL it stands for, secrets masked: the
 * operator reads where the failure was, and neither the token nor an encoded password leaves the process.
 */
export function shownUpstream(text: string): string {
  return maskSecrets(
    text.replace(RELAY_PATH, (_all, code: string) =>
      code === NOT_A_URL ? '(not a URL)' : Buffer.from(code, 'base64url').toString(),
    ),
  );
}

/** Whether ffmpeg's input is a relay URL of this process (an HLS pull may be read no other way). */
export function isRelayed(input: string): boolean {
  return new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${TOKEN}/\\d+/`).test(input);
}

function sameToken(given: string | undefined): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(TOKEN);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One ffmpeg request: `/<token>/<pull>/<base64url of the upstream URL>/<file name>`. */
async function serve(req: IncomingMessage, res: ServerResponse) {
  const [, token, id, code] = (req.url ?? '').split('?')[0]?.split('/') ?? [];
  const pull = sameToken(token) && id ? pulls.get(id) : undefined;
  if (!pull || req.method !== 'GET' || !code) return void res.writeHead(404).end();
  const url = code === NOT_A_URL ? '' : Buffer.from(code, 'base64url').toString();
  if (!isUrl(url)) {
    pull.lastError = `the playlist names ${maskSecrets(url) || 'something'} that is not an http(s) URL`;
    return void res.writeHead(400).end();
  }
  // A read stops when ffmpeg hangs up, when the pull closes, or after the time limit.
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  const signal = AbortSignal.any([
    gone.signal,
    pull.abort.signal,
    AbortSignal.timeout(PULL_LIMITS.timeoutMs),
  ]);
  const range = req.headers.range;
  try {
    const opened = await openUpstream(url, { ...PULL_LIMITS, allow: pull.allow }, signal, {
      'user-agent': 'ottkit-live-pull',
      // Bytes as they are: a compressed playlist could not be read, so could not be rewritten.
      'accept-encoding': 'identity',
      ...(range ? { range } : {}),
    });
    // Playlists name the relay as ffmpeg reached it.
    const base = `http://127.0.0.1:${req.socket.localPort}`;
    await relayAnswer(
      opened.res,
      opened.url,
      res,
      (u) => relayUrl(base, id as string, u),
      (kind, up) =>
        kind === 'playlist'
          ? { 'content-type': up.headers['content-type'] ?? 'application/vnd.apple.mpegurl' }
          : passed(up),
    );
  } catch (e) {
    if (gone.signal.aborted || pull.abort.signal.aborted) return void res.destroy();
    const reason = maskSecrets(e instanceof Error ? e.message : String(e));
    const refused = e instanceof SourceError && e.refused;
    if (refused) pull.refused = reason;
    else pull.lastError = reason;
    if (!res.headersSent) res.writeHead(refused ? 403 : 502).end();
    else res.destroy();
    if (refused) pull.onRefused?.();
  }
}
