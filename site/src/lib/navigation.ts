/** Spec §2: the dataType query parameter is carried across navigations. */
export const CARRIED_PARAM = 'dataType';

/**
 * `href` with the current page's dataType added, unless the link sets its own. Works for relative and
 * absolute same-origin hrefs; leaves other origins alone.
 */
export function withDataType(href: string, currentSearch: string): string {
  const dataType = new URLSearchParams(currentSearch).get(CARRIED_PARAM);
  if (dataType === null) return href;
  const url = new URL(href, 'http://self.invalid');
  if (url.origin !== 'http://self.invalid') return href;
  if (!url.searchParams.has(CARRIED_PARAM)) url.searchParams.set(CARRIED_PARAM, dataType);
  return url.pathname + url.search + url.hash;
}

/** Where a channel plays: /liveTv with the logical channel id (spec §2 LIVE_TV parameter id). */
export const liveChannelHref = (logicalChannelId: string) =>
  `/liveTv?id=${encodeURIComponent(logicalChannelId)}`;
