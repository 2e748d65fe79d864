import { describe, expect, it } from 'vitest';
import {
  mediaUrl,
  parseShareKey,
  storedManifest,
  ZERO_TRUST_STORAGE_KEY,
  zeroTrustGate,
} from './zeroTrust.ts';

const manifest = {
  version: 1 as const,
  operatorName: 'Acme',
  apiBaseUrl: '' as const,
  areaBaseUrls: {},
  mediaBaseUrl: 'https://cdn.acme.example/',
  issuedAt: 1,
};

describe('parseShareKey', () => {
  it('reads the key of #/shareKey/{key}', () => {
    expect(parseShareKey('#/shareKey/abc_DEF-123')).toEqual({ kind: 'key', key: 'abc_DEF-123' });
  });
  it('tells a share link without a key', () => {
    expect(parseShareKey('#/shareKey/')).toEqual({ kind: 'missing' });
    expect(parseShareKey('#/shareKey')).toEqual({ kind: 'missing' });
  });
  it('ignores other fragments', () => {
    expect(parseShareKey('')).toBeNull();
    expect(parseShareKey('#cast')).toBeNull();
  });
});

describe('storedManifest and mediaUrl', () => {
  it('reads a valid stored manifest and ignores a damaged one', () => {
    expect(storedManifest({ getItem: () => JSON.stringify(manifest) })).toEqual(manifest);
    expect(storedManifest({ getItem: () => '{bad' })).toBeNull();
    expect(
      storedManifest({ getItem: (k) => (k === ZERO_TRUST_STORAGE_KEY ? '{"version":2}' : null) }),
    ).toBeNull();
  });
  it('moves signed media paths to the manifest media host', () => {
    expect(mediaUrl('/media/live/ch1/master.m3u8?token=t', manifest)).toBe(
      'https://cdn.acme.example/media/live/ch1/master.m3u8?token=t',
    );
    expect(mediaUrl('/media/x', null)).toBe('/media/x');
  });
});

describe('zeroTrustGate (blocked means nothing starts)', () => {
  const none = { getItem: () => null };
  const held = { getItem: () => JSON.stringify(manifest) };
  const page = { hash: '', required: false, blockedShown: false };
  it('opens without zero-trust, and with a required manifest this browser holds', () => {
    expect(zeroTrustGate(page, none)).toBe('open');
    expect(zeroTrustGate({ ...page, required: true }, held)).toBe('open');
  });
  it('blocks a required manifest that is missing, a link without a key, and a block already shown', () => {
    expect(zeroTrustGate({ ...page, required: true }, none)).toBe('blocked');
    expect(zeroTrustGate({ ...page, hash: '#/shareKey/' }, held)).toBe('blocked');
    expect(zeroTrustGate({ ...page, blockedShown: true }, held)).toBe('blocked');
  });
  it('waits while a share link is being opened', () => {
    expect(zeroTrustGate({ ...page, hash: '#/shareKey/abc' }, held)).toBe('waiting');
  });
});
