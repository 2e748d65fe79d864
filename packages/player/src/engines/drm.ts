import type { DrmConfig } from '../core/types.ts';

/** shaka-player's `drm` configuration from ours: ClearKey keys or licence URL, commercial systems by URL. */
export function shakaDrmConfig(drm: DrmConfig = {}): Record<string, unknown> {
  const servers: Record<string, string> = {};
  if (drm.clearKeyLicenseUrl) servers['org.w3.clearkey'] = drm.clearKeyLicenseUrl;
  if (drm.widevineLicenseUrl) servers['com.widevine.alpha'] = drm.widevineLicenseUrl;
  if (drm.playreadyLicenseUrl) servers['com.microsoft.playready'] = drm.playreadyLicenseUrl;
  if (drm.fairplayLicenseUrl) servers['com.apple.fps'] = drm.fairplayLicenseUrl;
  const config: Record<string, unknown> = { servers };
  if (drm.clearKeys) config.clearKeys = { ...drm.clearKeys };
  if (drm.fairplayCertificateUrl) {
    config.advanced = { 'com.apple.fps': { serverCertificateUri: drm.fairplayCertificateUrl } };
  }
  return config;
}
