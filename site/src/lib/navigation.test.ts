import { describe, expect, it } from 'vitest';
import { withDataType } from './navigation.ts';

describe('withDataType (spec §2)', () => {
  it('carries dataType to the next page', () => {
    expect(withDataType('/liveTv', '?dataType=kids')).toBe('/liveTv?dataType=kids');
    expect(withDataType('/vod/detail/m-1?x=1#cast', '?a=b&dataType=2')).toBe(
      '/vod/detail/m-1?x=1&dataType=2#cast',
    );
  });
  it('keeps a dataType the link sets itself', () => {
    expect(withDataType('/home?dataType=a', '?dataType=b')).toBe('/home?dataType=a');
  });
  it('changes nothing without a dataType or for another origin', () => {
    expect(withDataType('/home', '?q=1')).toBe('/home');
    expect(withDataType('https://member.example/buy', '?dataType=1')).toBe('https://member.example/buy');
  });
});
