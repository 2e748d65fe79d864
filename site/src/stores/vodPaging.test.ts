import { describe, expect, it } from 'vitest';
import { PLAYLIST_PAGE_SIZE, pageCount, pageHref, pageLinks, parsePage } from './vodPaging.ts';

describe('paging (spec §9 page size 16)', () => {
  it('counts pages of 16', () => {
    expect(PLAYLIST_PAGE_SIZE).toBe(16);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(16)).toBe(1);
    expect(pageCount(17)).toBe(2);
    expect(pageCount(200)).toBe(13);
    expect(pageCount(25, 10)).toBe(3);
  });

  it('reads ?page= and clamps it', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage('-3')).toBe(1);
    expect(parsePage('4')).toBe(4);
    expect(parsePage('99', 13)).toBe(13);
  });

  it('lists first, last and the neighbours with gaps', () => {
    const show = (c: number, n: number) =>
      pageLinks(c, n)
        .map((l) => (l.kind === 'gap' ? '…' : l.current ? `[${l.page}]` : String(l.page)))
        .join(' ');
    expect(show(1, 1)).toBe('[1]');
    expect(show(1, 3)).toBe('[1] 2 3');
    expect(show(5, 10)).toBe('1 … 4 [5] 6 … 10');
    expect(show(10, 10)).toBe('1 … 9 [10]');
  });

  it('keeps the other query parameters on page links', () => {
    const url = new URL('http://x/vod/type/movie?dataType=vod&page=3');
    expect(pageHref(url, 4)).toBe('/vod/type/movie?dataType=vod&page=4');
    expect(pageHref(url, 1)).toBe('/vod/type/movie?dataType=vod');
  });
});
