import type { BannerItem } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { withDataType } from '../lib/navigation.ts';

/** Keeps `dataType` of the current address on a link to another page (spec §2). */
export function withCarriedParams(path: string, current?: URL | null): string {
  return withDataType(path, current?.search ?? '');
}

/** The detail page of a title: `/vod/detail/{metaId}`. */
export function detailHref(metaId: string, current?: URL | null): string {
  return withCarriedParams(`/vod/detail/${encodeURIComponent(metaId)}`, current);
}

/** The metaId of the detail page at this address, or null when it is another page. */
export function detailIdOf(url: URL | null | undefined): string | null {
  const m = url ? /^\/vod\/detail\/([^/]+)\/?$/.exec(url.pathname) : null;
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/**
 * Where a banner's Details button or thumbnail leads (spec §2): a title's detail page, a list's page, or the
 * live channel on live TV.
 */
export function bannerHref(item: Pick<BannerItem, 'linkType' | 'linkId' | 'metaId'>, current?: URL | null) {
  switch (item.linkType) {
    case 'VOD_CONTENT':
      return detailHref(item.metaId ?? item.linkId, current);
    case 'VOD_LIST':
      return withCarriedParams(`/vod/type/${encodeURIComponent(item.linkId)}`, current);
    case 'LIVE_CHANNEL':
      return withCarriedParams(`/liveTv?id=${encodeURIComponent(item.linkId)}`, current);
  }
}

/**
 * Counts same-page jumps: a card for the title whose detail page is open only signals this (spec §2); the
 * detail page listens and brings its top into view instead of reloading.
 */
export const $samePageJump = atom<{ metaId: string; count: number } | null>(null);

/**
 * What a card click does: 'navigate' to the detail page, or 'same-page' when that page is already open (then
 * the jump is signalled on $samePageJump).
 */
export function openCard(metaId: string, current: URL | null | undefined): 'navigate' | 'same-page' {
  if (detailIdOf(current) !== metaId) return 'navigate';
  const prev = $samePageJump.get();
  $samePageJump.set({ metaId, count: (prev?.count ?? 0) + 1 });
  return 'same-page';
}
