export { type CatchupCut, cutCatchup, type ProgrammeWindow } from './catchup.ts';
export { createKeyStore, encryptSegment, sequenceIv } from './keys.ts';
export { handleLicense } from './license.ts';
export { createOrigin, DEFAULT_DVR_WINDOW_SEC, type Origin, type OriginOptions } from './origin.ts';
export { LIVE_WINDOW_SEGMENTS, liveEdge, liveWindow, masterPlaylist, mediaPlaylist } from './playlists.ts';
export { defaultLiveStream, type LiveStream, type Protection } from './streams.ts';
export {
  type MediaKind,
  type MediaTokenClaims,
  readMediaToken,
  signMediaToken,
  verifyMediaToken,
} from './tokens.ts';
export {
  catchupUrl,
  createMediaUrls,
  DEFAULT_TTL_SEC,
  dvrUrl,
  FALLBACK_STREAM_ID,
  LIVE_TTL_SEC,
  liveUrl,
  type MediaUrls,
  timeshiftResource,
  vodUrl,
} from './urls.ts';
export { DEFAULT_VOD_ASSETS, type VodAsset, vodSegmentCount } from './vod.ts';
