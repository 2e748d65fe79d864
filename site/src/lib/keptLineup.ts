import { keptAnswerKey } from '@ottkit/api-client/kept';

/**
 * The server-side render of /liveTv keeps the last channel list it parsed, per language, with its ETag (decision
 * 0330): at 10,000 channels the answer is 7.8 MB of JSON, and parsing it on every page view was most of the
 * page's time to first byte. The next render asks with `If-None-Match` (the call is revalidated, decision 0296):
 * a 304 means the server would send exactly these bytes to this asker now, so the kept parse is handed on;
 * anything else is parsed and kept in turn. The server decides per asker, so a viewer never gets an answer that
 * is not theirs. Server only: the browser keeps its own answers (`keptFetch`, Cache Storage).
 */

/** Kept answers: one per language (and request body); the oldest goes first. */
const KEPT = 3;

/** A response whose body is already parsed: the client's `json()` gets the kept answer, not a new parse. */
class ParsedResponse extends Response {
  readonly #envelope: unknown;
  constructor(envelope: unknown, headers: Headers) {
    super(null, { status: 200, headers });
    this.#envelope = envelope;
  }
  override json(): Promise<unknown> {
    return Promise.resolve(this.#envelope);
  }
}

/**
 * A fetch for the server's client that keeps the parsed answers of revalidated calls (those answered with an
 * ETag). The parsed answer is shared between renders: callers read it and never change it.
 */
export function keptParsedFetch(fetchFn: typeof fetch = fetch): typeof fetch {
  const kept = new Map<string, { etag: string; envelope: unknown }>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const key = keptAnswerKey(input, init, headers);
    const known = kept.get(key);
    if (known) headers.set('if-none-match', known.etag);
    const res = await fetchFn(input, { ...init, headers });
    if (res.status === 304 && known) return new ParsedResponse(known.envelope, res.headers);
    const etag = res.headers.get('etag');
    if (res.status !== 200 || !etag) return res;
    const envelope: unknown = await res.json();
    kept.delete(key);
    kept.set(key, { etag, envelope });
    for (const old of kept.keys()) {
      if (kept.size <= KEPT) break;
      kept.delete(old);
    }
    return new ParsedResponse(envelope, res.headers);
  };
}

/** The server's one kept-answers fetch for /liveTv's render (kept for the server process's life). */
export const lineupFetch = keptParsedFetch((input, init) => fetch(input, init));
