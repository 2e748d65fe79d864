import { describe, expect, it, vi } from 'vitest';
import { createEditableList } from './vodEditableList.ts';

const item = (metaId: string) => ({ metaId });

function setup(initial: string[], cacheMs = 0) {
  let items = initial.map(item);
  let clock = 1_000;
  const load = vi.fn(async () => ({ list: items, total: items.length }));
  const remove = vi.fn(async (ids: string[]) => {
    items = items.filter((i) => !ids.includes(i.metaId));
  });
  const list = createEditableList({ load, remove, cacheMs, now: () => clock });
  return { list, load, remove, tick: (ms: number) => (clock += ms) };
}

describe('editable list (favourites, history)', () => {
  it('loads the list', async () => {
    const { list } = setup(['a', 'b']);
    await list.load();
    expect(list.$list.get()).toMatchObject({ status: 'ready', total: 2, editMode: false });
  });

  it('selects only in edit mode and clears the selection when leaving it', async () => {
    const { list } = setup(['a', 'b', 'c']);
    await list.load();
    list.toggle('a', true);
    expect(list.$list.get().selected).toEqual([]);
    list.setEditMode(true);
    list.toggle('a', true);
    list.toggle('c', true);
    list.toggle('a', false);
    expect(list.$list.get().selected).toEqual(['c']);
    list.selectAll();
    expect(list.$list.get().selected).toEqual(['a', 'b', 'c']);
    list.setEditMode(false);
    expect(list.$list.get().selected).toEqual([]);
  });

  it('deletes the selected titles in one call and refetches', async () => {
    const { list, remove, load } = setup(['a', 'b', 'c']);
    await list.load();
    list.setEditMode(true);
    list.toggle('a', true);
    list.toggle('b', true);
    await list.deleteSelected();
    expect(remove).toHaveBeenCalledWith(['a', 'b']);
    expect(load).toHaveBeenCalledTimes(2);
    expect(list.$list.get()).toMatchObject({ items: [{ metaId: 'c' }], selected: [], editMode: true });
  });

  it('leaves edit mode when the list becomes empty', async () => {
    const { list } = setup(['a']);
    await list.load();
    list.setEditMode(true);
    list.selectAll();
    await list.deleteSelected();
    expect(list.$list.get()).toMatchObject({ items: [], editMode: false });
  });

  it('does nothing with an empty selection and flags a failed delete', async () => {
    const { list, remove } = setup(['a']);
    await list.load();
    list.setEditMode(true);
    await list.deleteSelected();
    expect(remove).not.toHaveBeenCalled();
    remove.mockRejectedValueOnce(new Error('boom'));
    list.toggle('a', true);
    await list.deleteSelected();
    expect(list.$list.get()).toMatchObject({ deleteFailed: true, selected: ['a'], deleting: false });
  });

  it('reuses a fetch younger than the cache time (history: 5 s)', async () => {
    const { list, load, tick } = setup(['a'], 5_000);
    await list.load();
    tick(4_999);
    await list.load();
    expect(load).toHaveBeenCalledTimes(1);
    tick(1);
    await list.load();
    expect(load).toHaveBeenCalledTimes(2);
    await list.load(true);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('asks for login when the list is for users only', async () => {
    const list = createEditableList({
      load: () => Promise.reject(new Error('login')),
      remove: async () => {},
      needsLogin: () => true,
    });
    await list.load();
    expect(list.$list.get().status).toBe('login');
  });
});
