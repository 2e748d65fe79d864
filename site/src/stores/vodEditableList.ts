import { map, type MapStore } from 'nanostores';

/** A personal list of titles (favourites, history) with the edit mode of spec §2 (multi-delete). */
export interface EditableListState<T> {
  /** `login`: the list needs a logged-in user (spec §6). */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'login';
  items: T[];
  total: number;
  editMode: boolean;
  /** metaIds ticked in edit mode. */
  selected: string[];
  /** When the list was fetched (epoch ms), for the cache. */
  fetchedAt: number | null;
  deleting: boolean;
  /** The spec §8 'delete failed' text shows. */
  deleteFailed: boolean;
}

export interface EditableListOptions<T> {
  load: () => Promise<{ list: T[]; total: number }>;
  remove: (metaIds: string[]) => Promise<unknown>;
  /** A fetch younger than this is reused (history: 5 s, spec §9). 0 = always fetch. */
  cacheMs?: number;
  now?: () => number;
  /** Errors that mean "log in first" (guests on a user-only list). */
  needsLogin?: (error: unknown) => boolean;
}

export interface EditableList<T> {
  $list: MapStore<EditableListState<T>>;
  /** Fetches the list unless the cached one is still fresh (or `force`). */
  load(force?: boolean): Promise<void>;
  setEditMode(on: boolean): void;
  toggle(metaId: string, on: boolean): void;
  selectAll(): void;
  /** Deletes the ticked titles, then refetches; edit mode ends when the list is empty. */
  deleteSelected(): Promise<void>;
}

export function createEditableList<T extends { metaId: string }>(
  options: EditableListOptions<T>,
): EditableList<T> {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? 0;
  const $list = map<EditableListState<T>>({
    status: 'idle',
    items: [],
    total: 0,
    editMode: false,
    selected: [],
    fetchedAt: null,
    deleting: false,
    deleteFailed: false,
  });
  let inFlight: Promise<void> | null = null;

  async function fetchList() {
    $list.setKey('status', $list.get().status === 'ready' ? 'ready' : 'loading');
    try {
      const { list, total } = await options.load();
      const ids = new Set(list.map((i) => i.metaId));
      $list.set({
        ...$list.get(),
        status: 'ready',
        items: list,
        total,
        fetchedAt: now(),
        selected: $list.get().selected.filter((id) => ids.has(id)),
      });
    } catch (e) {
      $list.setKey('status', options.needsLogin?.(e) ? 'login' : 'error');
    }
  }

  const list: EditableList<T> = {
    $list,
    load(force = false) {
      const { fetchedAt, status } = $list.get();
      if (!force && status === 'ready' && fetchedAt !== null && now() - fetchedAt < cacheMs) {
        return Promise.resolve();
      }
      if (inFlight) return inFlight;
      inFlight = fetchList().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    setEditMode(on) {
      $list.set({ ...$list.get(), editMode: on, selected: [], deleteFailed: false });
    },
    toggle(metaId, on) {
      const { selected, editMode } = $list.get();
      if (!editMode) return;
      const without = selected.filter((id) => id !== metaId);
      $list.setKey('selected', on ? [...without, metaId] : without);
    },
    selectAll() {
      const { items, editMode } = $list.get();
      if (editMode)
        $list.setKey(
          'selected',
          items.map((i) => i.metaId),
        );
    },
    async deleteSelected() {
      const { selected, deleting } = $list.get();
      if (selected.length === 0 || deleting) return;
      $list.set({ ...$list.get(), deleting: true, deleteFailed: false });
      try {
        await options.remove(selected);
        $list.set({ ...$list.get(), deleting: false, selected: [] });
        await list.load(true);
        if ($list.get().items.length === 0) $list.setKey('editMode', false);
      } catch {
        $list.set({ ...$list.get(), deleting: false, deleteFailed: true });
      }
    },
  };
  return list;
}
