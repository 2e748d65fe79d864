import { describe, expect, it } from 'vitest';
import { normalizeKeyword, searchHref, TOP_SEARCHES_PAGE_SIZE } from './search.ts';

describe('search keyword', () => {
  it('trims, collapses spaces and caps at 100 characters', () => {
    expect(normalizeKeyword('  Ada   Lovelace ')).toBe('Ada Lovelace');
    expect(normalizeKeyword(null)).toBe('');
    expect(normalizeKeyword('x'.repeat(150))).toHaveLength(100);
  });
  it('keeps the query in the URL', () => {
    expect(searchHref('drama night')).toBe('/search?keyword=drama+night');
    expect(searchHref('drama', 2)).toBe('/search?keyword=drama&page=2');
  });
  it('asks for 10 top searches (spec §9)', () => {
    expect(TOP_SEARCHES_PAGE_SIZE).toBe(10);
  });
});
