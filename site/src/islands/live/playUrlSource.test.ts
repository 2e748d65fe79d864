import { describe, expect, it } from 'vitest';
import { drmOf } from './playUrlSource.ts';

describe('drmOf', () => {
  it('plays ClearKey through the licence endpoint', () => {
    expect(drmOf({ drmType: 'clearkey', licenseUrl: '/drmLicense/x?token=t' })).toEqual({
      clearKeyLicenseUrl: '/drmLicense/x?token=t',
    });
  });
  it('needs nothing for clear and AES-128 streams (hls.js fetches the key)', () => {
    expect(drmOf({ drmType: 'none' })).toBeUndefined();
    expect(drmOf({ drmType: 'aes-128' })).toBeUndefined();
  });
  it("uses the operator's commercial licence servers by key system", () => {
    expect(
      drmOf({
        drmType: 'widevine',
        licenseServers: { 'com.widevine.alpha': 'https://wv', 'com.microsoft.playready': 'https://pr' },
      }),
    ).toEqual({ widevineLicenseUrl: 'https://wv', playreadyLicenseUrl: 'https://pr' });
  });
});
