export { ffmpegPath, findFont, runFfmpeg } from './ffmpeg.ts';
export {
  initPath,
  MEDIA_VERSION,
  type MediaLibrary,
  type RenditionMedia,
  readManifest,
  type SourceMedia,
  segmentPath,
} from './library.ts';
export { type PrepareOptions, prepareMedia } from './prepare.ts';
export { type ProfileName, profile, QUALITY, type QualityName, SEGMENT_SEC } from './profiles.ts';
