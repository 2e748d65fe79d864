import { beforeEach, describe, expect, it } from 'vitest';
import {
  $samePageJump,
  bannerHref,
  detailHref,
  detailIdOf,
  openCard,
  withCarriedParams,
} from './vodNavigation.ts';

describe('detail navigation (spec §2)', () => {
  beforeEach(() => $samePageJump.set(null));

  it('carries dataType across navigations', () => {
    const here = new URL('http://x/home?dataType=kids&other=1');
    expect(detailHref('m-1', here)).toBe('/vod/detail/m-1?dataType=kids');
    expect(detailHref('m-1', new URL('http://x/home'))).toBe('/vod/detail/m-1');
    expect(withCarriedParams('/liveTv?id=lc-001', here)).toBe('/liveTv?id=lc-001&dataType=kids');
  });

  it('sends banner Details by link type', () => {
    expect(bannerHref({ linkType: 'VOD_CONTENT', linkId: 'm-2', metaId: 'm-2' })).toBe('/vod/detail/m-2');
    expect(bannerHref({ linkType: 'VOD_LIST', linkId: 'home-new', metaId: null })).toBe('/vod/type/home-new');
    expect(bannerHref({ linkType: 'LIVE_CHANNEL', linkId: 'lc-003', metaId: null })).toBe(
      '/liveTv?id=lc-003',
    );
  });

  it('reads the metaId of a detail page', () => {
    expect(detailIdOf(new URL('http://x/vod/detail/m-9'))).toBe('m-9');
    expect(detailIdOf(new URL('http://x/vod/detail/m-9/'))).toBe('m-9');
    expect(detailIdOf(new URL('http://x/home'))).toBeNull();
  });

  it('a card for another title navigates', () => {
    expect(openCard('m-2', new URL('http://x/vod/detail/m-1'))).toBe('navigate');
    expect($samePageJump.get()).toBeNull();
  });

  it('a card for the open detail page only signals a same-page jump', () => {
    const here = new URL('http://x/vod/detail/m-1');
    expect(openCard('m-1', here)).toBe('same-page');
    expect(openCard('m-1', here)).toBe('same-page');
    expect($samePageJump.get()).toEqual({ metaId: 'm-1', count: 2 });
  });
});
