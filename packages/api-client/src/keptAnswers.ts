/**
 * Kept answers of revalidated calls (decision 0296): a call whose descriptor says `revalidate` keeps its last
 * answer's text and ETag; the next same call sends `If-None-Match`, and a 304 is answered from the kept text.
 * Browsers do not cache a POST, so the client keeps the body itself, here: `keptFetch` wraps the fetch a client
 * is given (`createClient({ fetch: keptFetch(fetch, cacheStorageKeeper()) })`), so a page that makes no
 * revalidated call need not load this module at all.
 */

import { forgetKeptAnswers, KEPT_ANSWERS_CACHE } from './keptForget.ts';

export { forgetKeptAnswers, KEPT_ANSWERS_CACHE };

/** One kept answer: the envelope's JSON text as it came, and the ETag it came with. */
export interface KeptAnswer {
  etag: string;
  text: string;
}

/** Where a client keeps answers, by a key naming the call and its request (path, language, body). */
export interface AnswerKeeper {
  get(key: string): Promise<KeptAnswer | undefined>;
  set(key: string, answer: KeptAnswer): Promise<void>;
  /** Forgets every kept answer (the viewer signed out). */
  clear(): Promise<void>;
}

/** Answers kept in memory, the last `limit` keys (Node, tests, a page without Cache Storage). */
export function memoryKeeper(limit = 8): AnswerKeeper {
  const kept = new Map<string, KeptAnswer>();
  return {
    async get(key) {
      return kept.get(key);
    },
    async set(key, answer) {
      kept.delete(key);
      kept.set(key, answer);
      for (const old of kept.keys()) {
        if (kept.size <= limit) break;
        kept.delete(old);
      }
    },
    async clear() {
      kept.clear();
    },
  };
}

/** A Cache Storage key for a kept answer (Cache Storage keys are http(s) requests; this one is never fetched). */
const cacheKey = (key: string) => `https://kept.ottkit.invalid/${encodeURIComponent(key)}`;

/**
 * Answers kept in the browser's Cache Storage (`name`), so a reload revalidates instead of downloading the
 * line-up again; the text is stored as bytes, never parsed on the way in or out. Where Cache Storage is missing
 * (not a secure context), nothing is kept; where it refuses, the next call downloads again.
 */
export function cacheStorageKeeper(name = KEPT_ANSWERS_CACHE): AnswerKeeper {
  // Not a secure context: nothing is kept (every call downloads, as without revalidation).
  if (typeof caches === 'undefined')
    return { get: async () => undefined, set: async () => {}, clear: async () => {} };
  // A refusal (a full quota, storage turned off) loses only the next revalidation.
  const none = () => undefined;
  return {
    async get(key) {
      const res = await (await caches.open(name)).match(cacheKey(key)).catch(none);
      const etag = res?.headers.get('etag');
      return res && etag ? { etag, text: await res.text() } : undefined;
    },
    async set(key, answer) {
      const res = new Response(answer.text, { headers: { etag: answer.etag } });
      await (await caches.open(name)).put(cacheKey(key), res).catch(none);
    },
    clear: () => forgetKeptAnswers(name),
  };
}

/** What a kept answer is kept by: the call, its request body and its language, never the token. */
export function keptAnswerKey(
  input: Parameters<typeof fetch>[0],
  init: RequestInit,
  headers: Headers,
): string {
  const body = typeof init.body === 'string' ? init.body : '';
  return `${init.method ?? 'GET'} ${String(input)} ${headers.get('lang') ?? ''} ${body}`;
}

/**
 * A fetch that keeps the answers that come with an ETag (only revalidated calls are answered with one) and asks
 * again with `If-None-Match`; a 304 is handed to the client as the kept answer. The key is the call, its body and
 * its language, never the token: a kept answer is used only when the server says it is what it would send now.
 */
export function keptFetch(fetchFn: typeof fetch, keeper: AnswerKeeper): typeof fetch {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const key = keptAnswerKey(input, init, headers);
    const kept = await keeper.get(key).catch(() => undefined);
    if (kept) headers.set('if-none-match', kept.etag);
    const res = await fetchFn(input, { ...init, headers });
    if (res.status === 304 && kept) return new Response(kept.text, { status: 200, headers: res.headers });
    const etag = res.headers.get('etag');
    if (res.status === 200 && etag)
      void res
        .clone()
        .text()
        .then((text) => keeper.set(key, { etag, text }))
        .catch(() => {});
    return res;
  };
}
