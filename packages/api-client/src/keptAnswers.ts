/**
 * Kept answers of revalidated calls (decision 0296): a call whose descriptor says `revalidate` keeps its last
 * answer's text and ETag; the next same call sends `If-None-Match`, and a 304 is answered from the kept text.
 * Browsers do not cache a POST, so the client keeps the body itself, here.
 */

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

/** Answers kept in memory, the last `limit` keys (the default keeper: Node, tests, a page without Cache Storage). */
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
 * (not a secure context) or refuses, answers are kept in memory for the page's life.
 */
export function cacheStorageKeeper(name = 'ottkit-kept-answers'): AnswerKeeper {
  if (typeof caches === 'undefined') return memoryKeeper();
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
    async clear() {
      await caches.delete(name).catch(none);
    },
  };
}
