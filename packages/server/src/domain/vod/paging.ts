/** One page of a list (spec §9 paging): pageId counts from 1; a page past the end is empty, not an error. */
export interface Page<T> {
  pageId: number;
  pageSize: number;
  total: number;
  list: T[];
}

export function pageOf<T>(items: readonly T[], pageId: number, pageSize: number): Page<T> {
  const start = (pageId - 1) * pageSize;
  return { pageId, pageSize, total: items.length, list: items.slice(start, start + pageSize) };
}

/** LIMIT/OFFSET of a page, for lists paged in SQL. */
export function pageWindow(pageId: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (pageId - 1) * pageSize };
}
