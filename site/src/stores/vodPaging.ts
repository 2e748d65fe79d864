/** Paging of catalogue grids (spec §9: default playlist page size 16). Pages count from 1. */
export const PLAYLIST_PAGE_SIZE = 16;

/** How many pages `total` items fill; an empty list still has page 1. */
export function pageCount(total: number, pageSize = PLAYLIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The page asked for in `?page=`, clamped to 1…max (unknown or junk values mean page 1). */
export function parsePage(raw: string | null | undefined, max = Number.POSITIVE_INFINITY): number {
  const n = Number.parseInt(raw ?? '', 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, Math.max(1, max));
}

export type PageLink = { kind: 'page'; page: number; current: boolean } | { kind: 'gap' };

/**
 * The page links of a pager: first, last, and `radius` pages around the current one, with gaps between.
 * @example pageLinks(5, 10) → 1 … 4 5 6 … 10
 */
export function pageLinks(current: number, pages: number, radius = 1): PageLink[] {
  const shown = new Set<number>([1, pages]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const links: PageLink[] = [];
  sorted.forEach((page, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && page - prev > 1) links.push({ kind: 'gap' });
    links.push({ kind: 'page', page, current: page === current });
  });
  return links;
}

/** The address of another page of the list, keeping every other query parameter (dataType, keyword…). */
export function pageHref(url: URL, page: number): string {
  const next = new URL(url);
  if (page <= 1) next.searchParams.delete('page');
  else next.searchParams.set('page', String(page));
  return next.pathname + next.search;
}
