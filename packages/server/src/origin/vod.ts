/** An on-demand asset: a prepared source repeated for `durationSec` (a whole number of 2 s segments). */
export interface VodAsset {
  source: string;
  durationSec: number;
}

/**
 * The assets the seed catalogue refers to (seed/vod: `vod1`…`vod3` for titles and episodes, `trailer1` for
 * trailers): different lengths over the `film` and `trailer` looks. Repeating a loop costs no encoding, so a
 * 45-minute title is as cheap to prepare as a 16 s one.
 */
export const DEFAULT_VOD_ASSETS: Record<string, VodAsset> = {
  vod1: { source: 'film', durationSec: 300 },
  vod2: { source: 'film', durationSec: 1320 },
  vod3: { source: 'film', durationSec: 2700 },
  trailer1: { source: 'trailer', durationSec: 60 },
};

export function vodSegmentCount(asset: VodAsset, segmentSec: number): number {
  return Math.ceil(asset.durationSec / segmentSec);
}
