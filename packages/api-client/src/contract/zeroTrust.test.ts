import { describe, expect, it } from 'vitest';
import {
  fromBase64Url,
  openManifest,
  sealManifest,
  toBase64Url,
  type ZeroTrustManifest,
} from './zeroTrust.ts';

const manifest: ZeroTrustManifest = {
  version: 1,
  operatorName: 'Acme TV',
  apiBaseUrl: '',
  areaBaseUrls: {},
  mediaBaseUrl: '',
  accentColor: '#12ab34',
  issuedAt: 1_700_000_000_000,
};
const key = () => crypto.getRandomValues(new Uint8Array(32));

describe('zero-trust manifest sealing', () => {
  it('opens with the key it was sealed with, and the seal does not contain the plaintext', async () => {
    const k = key();
    const sealed = await sealManifest(manifest, k);
    expect(sealed).not.toContain('Acme');
    expect(atob(sealed.split('.')[2]!.replace(/-/g, '+').replace(/_/g, '/'))).not.toContain('Acme');
    await expect(openManifest(sealed, toBase64Url(k))).resolves.toEqual({ ok: true, manifest });
  });

  it('says wrongKey for another key and malformedKey for a key that is not 256 bits of base64url', async () => {
    const sealed = await sealManifest(manifest, key());
    await expect(openManifest(sealed, toBase64Url(key()))).resolves.toEqual({
      ok: false,
      reason: 'wrongKey',
    });
    await expect(openManifest(sealed, 'short')).resolves.toEqual({ ok: false, reason: 'malformedKey' });
    await expect(openManifest(sealed, '!!!')).resolves.toEqual({ ok: false, reason: 'malformedKey' });
  });

  it('says malformedSeal for a blob of another shape, and wrongKey for a tampered one', async () => {
    const k = key();
    const sealed = await sealManifest(manifest, k);
    await expect(openManifest('v2.a.b', toBase64Url(k))).resolves.toEqual({
      ok: false,
      reason: 'malformedSeal',
    });
    const [v, iv, data] = sealed.split('.');
    const bytes = fromBase64Url(data!);
    bytes[0]! ^= 1;
    await expect(openManifest(`${v}.${iv}.${toBase64Url(bytes)}`, toBase64Url(k))).resolves.toEqual({
      ok: false,
      reason: 'wrongKey',
    });
  });
});
