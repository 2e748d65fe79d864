import type { Db } from '../../store/db.ts';

// A search that finds nothing is tried again with the words the index knows one letter away from the typed
// ones (decision 0421): "Harbr" finds "Harbor", "Anna Harborne" finds "Ana Harborne". Every word one edit away
// from the typed one (a letter replaced, missing, extra, or two swapped) is looked up in FTS5's own list of
// indexed words (fts5vocab), each lookup a seek in the index, so nothing is kept beside it and the cost does not
// grow with the catalogue. PostgreSQL, which has no such list, asks its index the same in one query a word
// (decision 0437).

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

/**
 * The letters an edit may bring in: the alphabet and the typed word's own. A digit elsewhere is left out: a word
 * meant with digits ("1917" typed "19l7") has most of them typed already, and each letter is ~50 look-ups more.
 */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every word one edit away from `word`, each once. For a beginning (`prefix`, the last word typed), an edit of
 * its last letter or a letter added after it is left out: the word without its last letter, also offered, is a
 * beginning of every word those would be (decision 0437).
 */
export function oneEditAway(word: string, prefix = false): string[] {
  const letters = [...new Set([...LETTERS, ...word])];
  const out = new Set<string>();
  const last = prefix ? word.length - 1 : word.length + 1;
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail.length > 0) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    if (i >= last) continue;
    for (const c of letters) {
      if (tail.length > 0) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * How many titles hold each of `words` (whole words, or when `prefix` beginnings of words), for those that any
 * title holds: FTS5's vocabulary on SQLite (`sqliteDocs`), one query over the index on PostgreSQL (search.ts).
 */
export type WordDocs = (words: string[], prefix: boolean) => Promise<Map<string, number>>;

/** The SQLite index's vocabulary: each word a seek in FTS5's own list of indexed words. */
export function sqliteDocs(db: Db): WordDocs {
  const terms = vocabulary(db);
  return async (words, prefix) => {
    const out = new Map<string, number>();
    for (const w of words) {
      const hit = prefix
        ? db.get<{ doc: number }>(
            `SELECT doc FROM ${terms} WHERE term >= ? AND term < ? LIMIT 1`,
            w,
            after(w),
          )
        : db.get<{ doc: number }>(`SELECT doc FROM ${terms} WHERE term = ?`, w);
      if (hit) out.set(w, hit.doc);
    }
    return out;
  };
}

/**
 * For each typed word (lower case, diacritics removed; the last one a beginning, as search-as-you-type sends
 * it), the words to search instead: itself when the index knows it, else the known words (for the last, the
 * beginnings of known words) one edit away, those in most titles first. Null when every word is known (a search
 * that found nothing would find nothing again) or one has no known word near it.
 */
export async function nearWords(docs: WordDocs, words: string[]): Promise<string[][] | null> {
  let changed = false;
  const out: string[][] = [];
  for (const [i, word] of words.entries()) {
    const prefix = i === words.length - 1;
    if (editsAllowed(word) === 0 || (await docs([word], prefix)).has(word)) {
      out.push([word]);
      continue;
    }
    const found = [...(await docs(oneEditAway(word, prefix), prefix))];
    if (found.length === 0) return null;
    changed = true;
    out.push(
      found
        .sort(([a, da], [b, db]) => db - da || (a < b ? -1 : 1))
        .slice(0, MAX_ALTERNATIVES)
        .map(([w]) => w),
    );
  }
  return changed ? out : null;
}
