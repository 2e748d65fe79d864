/** Search (spec §2 /search): the keyword lives in the URL (`?keyword=…&page=…`) so results can be shared. */

/** Spec §9: top searches page size. */
export const TOP_SEARCHES_PAGE_SIZE = 10;
/** Results fill the same grid as a category (spec §9 default playlist page size). */
export const SEARCH_PAGE_SIZE = 16;
/** The search call accepts up to 100 characters. */
export const MAX_KEYWORD_LENGTH = 100;

/** The keyword as sent: trimmed, inner spaces collapsed, at most 100 characters; '' means "no search". */
export function normalizeKeyword(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_KEYWORD_LENGTH).trim();
}

/** The address of a search. */
export function searchHref(keyword: string, page = 1): string {
  const params = new URLSearchParams({ keyword: normalizeKeyword(keyword) });
  if (page > 1) params.set('page', String(page));
  return `/search?${params}`;
}
