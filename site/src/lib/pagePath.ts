/** One visited page of the session's page-path list (spec §2). */
export interface PagePathEntry {
  pageId: string;
  index: number;
  name: string;
}

export const PAGE_PATH_KEY = 'ottkit.pagePath';
/** The list is for analytics of the current session; older entries are dropped so it stays small. */
export const PAGE_PATH_MAX = 200;

/** Appends a navigation to the list kept in `storage` (sessionStorage in the browser) and returns the list. */
export function appendPagePath(storage: Pick<Storage, 'getItem' | 'setItem'>, pageId: string, name: string) {
  let list: PagePathEntry[] = [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PAGE_PATH_KEY) ?? '[]');
    if (Array.isArray(parsed)) list = parsed as PagePathEntry[];
  } catch {
    // A damaged list starts again rather than breaking navigation.
  }
  const index = (list.at(-1)?.index ?? -1) + 1;
  list = [...list, { pageId, index, name }].slice(-PAGE_PATH_MAX);
  try {
    storage.setItem(PAGE_PATH_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the list is best effort.
  }
  return list;
}
