import { describe, expect, it } from 'vitest';
import { appendPagePath, PAGE_PATH_KEY, PAGE_PATH_MAX } from './pagePath.ts';

function memory(initial?: string) {
  const data = new Map<string, string>(initial ? [[PAGE_PATH_KEY, initial]] : []);
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('appendPagePath (spec §2)', () => {
  it('appends page id, index and name on each navigation', () => {
    const s = memory();
    appendPagePath(s, 'home', 'Home');
    const list = appendPagePath(s, 'liveTv', 'Live TV');
    expect(list).toEqual([
      { pageId: 'home', index: 0, name: 'Home' },
      { pageId: 'liveTv', index: 1, name: 'Live TV' },
    ]);
  });
  it('starts again from a damaged list', () => {
    expect(appendPagePath(memory('{oops'), 'home', 'Home')).toEqual([
      { pageId: 'home', index: 0, name: 'Home' },
    ]);
  });
  it('keeps at most the newest entries, still counting up', () => {
    const s = memory();
    for (let i = 0; i < PAGE_PATH_MAX + 5; i++) appendPagePath(s, 'p', `P${i}`);
    const list = appendPagePath(s, 'last', 'Last');
    expect(list).toHaveLength(PAGE_PATH_MAX);
    expect(list.at(-1)).toEqual({ pageId: 'last', index: PAGE_PATH_MAX + 5, name: 'Last' });
  });
});
