/**
 * Business types (spec §1, §2) decide which areas are reachable. live2vod is ours to define (decision 0006):
 * the operator's live programmes are offered only as on-demand titles, so it has the VOD areas and no live TV.
 */
export type BusinessType = 'liveAndVod' | 'live' | 'vod' | 'live2vod';
export type Area = 'live' | 'vod';

export function reachableAreas(businessType: BusinessType): ReadonlySet<Area> {
  switch (businessType) {
    case 'live':
      return new Set(['live']);
    case 'vod':
    case 'live2vod':
      return new Set(['vod']);
    default:
      return new Set(['live', 'vod']);
  }
}

/** The area a path belongs to, if it belongs to one. /home is the VOD home (banner, rows of titles). */
export function areaOf(pathname: string): Area | null {
  if (pathname === '/liveTv' || pathname.startsWith('/liveTv/')) return 'live';
  if (pathname === '/home' || pathname.startsWith('/vod/')) return 'vod';
  return null;
}

/**
 * The redirect of spec §2 for a path under a business type, or null to render it: home and VOD routes go to
 * live TV when only live is sold; live TV goes to home when it is not.
 */
export function businessRedirect(pathname: string, businessType: BusinessType): string | null {
  const area = areaOf(pathname);
  if (!area) return null;
  const reachable = reachableAreas(businessType);
  if (reachable.has(area)) return null;
  return area === 'vod' ? '/liveTv' : '/home';
}
