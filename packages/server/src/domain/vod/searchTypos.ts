import type { Db } from '../../store/db.ts';

// A search that finds nothing is tried again with the words the index knows one letter away from the typed
// ones (decision 0421): "Harbr" finds "Harbor", "Anna Harborne" finds "Ana Harborne". Every word one edit away
// from the typed one (a letter replaced, missing, extra, or two swapped) is looked up in FTS5's own list of
// indexed words (fts5vocab), each lookup a seek in the index, so nothing is kept beside it and the cost does not
// grow with the catalogue. SQLite only: PostgreSQL's search stays exact.

/** Letters a typed word may be away from a known one: none under 4 letters, else one. */
export const editsAllowed = (word: string): number => (word.length < 4 ? 0 : 1);
/** Known words offered for one typed word, at most: those in most titles. */
const MAX_ALTERNATIVES = 5;

/** The index's words with their number of titles, read through a temporary fts5vocab table of the connection. */
const vocabularies = new WeakSet<Db>();
function vocabulary(db: Db): string {
  if (!vocabularies.has(db)) {
    db.exec(
      'CREATE VIRTUAL TABLE IF NOT EXISTS temp.vod_search_terms USING fts5vocab(main, vod_search, row)',
    );
    vocabularies.add(db);
  }
  return 'temp.vod_search_terms';
}

/** The first string after every string that starts with `prefix`. */
const after = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCodePoint((prefix.codePointAt(prefix.length - 1) ?? 0) + 1);

/** The letters an edit may bring in: the alphabet, the digits and the typed word's own. */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Every word one edit away from `word`, each once. */
export function oneEditAway(word: string): string[] {
  const letters = [...new Set([...LETTERS, ...word])];
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail.length > 0) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    for (const c of letters) {
      if (tail.length > 0) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * For each typed word (lower case, diacritics removed; the last one a beginning, as search-as-you-type sends
 * it), the words to search instead: itself when the index knows it, else the known words (for the last, the
 * beginnings of known words) one edit away, those in most titles first. Null when every word is known (a search
 * that found nothing would find nothing again) or one has no known word near it.
 */
export function nearWords(db: Db, words: string[]): string[][] | null {
  const terms = vocabulary(db);
  const known = (word: string, prefix: boolean) =>
    prefix
      ? db.get<{ doc: number }>(
          `SELECT doc FROM ${terms} WHERE term >= ? AND term < ? LIMIT 1`,
          word,
          after(word),
        )
      : db.get<{ doc: number }>(`SELECT doc FROM ${terms} WHERE term = ?`, word);
  let changed = false;
  const out: string[][] = [];
  for (const [i, word] of words.entries()) {
    const prefix = i === words.length - 1;
    if (editsAllowed(word) === 0 || known(word, prefix)) {
      out.push([word]);
      continue;
    }
    const found = oneEditAway(word).flatMap((w) => {
      const hit = known(w, prefix);
      return hit ? [{ w, docs: hit.doc }] : [];
    });
    if (found.length === 0) return null;
    changed = true;
    out.push(
      found
        .sort((a, b) => b.docs - a.docs || (a.w < b.w ? -1 : 1))
        .slice(0, MAX_ALTERNATIVES)
        .map((f) => f.w),
    );
  }
  return changed ? out : null;
}
