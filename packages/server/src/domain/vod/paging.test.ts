import { describe, expect, it } from 'vitest';
import { pageOf, pageWindow } from './paging.ts';

const items = Array.from({ length: 35 }, (_, i) => i + 1);

describe('pageOf', () => {
  it('cuts pages of pageSize counting pageId from 1, with the total over all pages', () => {
    expect(pageOf(items, 1, 16)).toEqual({ pageId: 1, pageSize: 16, total: 35, list: items.slice(0, 16) });
    expect(pageOf(items, 2, 16).list).toEqual(items.slice(16, 32));
    expect(pageOf(items, 3, 16).list).toEqual([33, 34, 35]);
  });

  it('answers an empty page past the end', () => {
    expect(pageOf(items, 4, 16)).toMatchObject({ total: 35, list: [] });
    expect(pageOf([], 1, 10)).toEqual({ pageId: 1, pageSize: 10, total: 0, list: [] });
  });

  it('gives the matching SQL window', () => {
    expect(pageWindow(1, 16)).toEqual({ limit: 16, offset: 0 });
    expect(pageWindow(3, 10)).toEqual({ limit: 10, offset: 20 });
  });
});
