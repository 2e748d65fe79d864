export { createOrigin, DEFAULT_DVR_WINDOW_SEC, type Origin, type OriginOptions } from './origin.ts';
export { LIVE_WINDOW_SEGMENTS, liveEdge, liveWindow, masterPlaylist, mediaPlaylist } from './playlists.ts';
export { type MediaKind, type MediaTokenClaims, signMediaToken, verifyMediaToken } from './tokens.ts';
export { createMediaUrls, DEFAULT_TTL_SEC, FALLBACK_STREAM_ID, liveUrl, type MediaUrls } from './urls.ts';
