/**
 * Fresh credentials for a stream that is already playing (decision 0100). Media URLs carry their credentials in
 * the query (`?token=…`); when the host renews them, the engine keeps requesting URLs it derived from the old
 * ones (a live playlist is refetched every few seconds). The swap learns, from the old and the new address of the
 * same stream, which query values were replaced, and rewrites every later request that still carries an old one.
 * It knows nothing of the API or the token format.
 */
export interface UrlSwap {
  /** Learns the query values that changed between two addresses of one stream. */
  learn(from: string | undefined, to: string | undefined): void;
  /** The URL with every outdated query value replaced by its newest one. */
  rewrite(url: string): string;
  /** Forgets everything (a new item). */
  clear(): void;
}

const BASE = 'http://player.invalid';

function params(url: string): URLSearchParams | null {
  try {
    return new URL(url, BASE).searchParams;
  } catch {
    return null;
  }
}

export function createUrlSwap(): UrlSwap {
  /** `key=old value` → newest value. */
  const newest = new Map<string, string>();
  return {
    learn(from, to) {
      if (!from || !to || from === to) return;
      const a = params(from);
      const b = params(to);
      if (!a || !b) return;
      for (const [key, old] of a) {
        const next = b.get(key);
        if (next === null || next === old) continue;
        // Older replacements now lead straight to the newest value.
        for (const [k, v] of newest) if (v === old && k.startsWith(`${key}=`)) newest.set(k, next);
        newest.set(`${key}=${old}`, next);
      }
    },
    rewrite(url) {
      if (newest.size === 0 || !url.includes('?')) return url;
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return url;
      }
      let changed = false;
      for (const [key, value] of [...parsed.searchParams]) {
        const next = newest.get(`${key}=${value}`);
        if (next !== undefined) {
          parsed.searchParams.set(key, next);
          changed = true;
        }
      }
      return changed ? parsed.toString() : url;
    },
    clear: () => newest.clear(),
  };
}
