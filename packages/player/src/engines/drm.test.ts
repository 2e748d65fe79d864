import { describe, expect, it } from 'vitest';
import { shakaDrmConfig } from './drm.ts';

describe('shaka-player DRM configuration', () => {
  it('maps ClearKey and the commercial licence URLs to key systems', () => {
    expect(
      shakaDrmConfig({
        clearKeyLicenseUrl: '/drmLicense/clearkey',
        widevineLicenseUrl: 'https://lic/wv',
        playreadyLicenseUrl: 'https://lic/pr',
        fairplayLicenseUrl: 'https://lic/fp',
        fairplayCertificateUrl: 'https://lic/fp.cer',
      }),
    ).toEqual({
      servers: {
        'org.w3.clearkey': '/drmLicense/clearkey',
        'com.widevine.alpha': 'https://lic/wv',
        'com.microsoft.playready': 'https://lic/pr',
        'com.apple.fps': 'https://lic/fp',
      },
      advanced: { 'com.apple.fps': { serverCertificateUri: 'https://lic/fp.cer' } },
    });
  });

  it('passes inline ClearKey keys', () => {
    expect(shakaDrmConfig({ clearKeys: { abcd: '0123' } })).toEqual({
      servers: {},
      clearKeys: { abcd: '0123' },
    });
  });
});
