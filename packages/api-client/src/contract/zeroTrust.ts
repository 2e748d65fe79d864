import { z } from 'zod';

/**
 * The zero-trust manifest (spec §1; its field list is ours, decision 0007). The operator seals it with a key
 * that only travels in share links (`#/shareKey/{key}`); the server stores and serves the ciphertext only.
 */
export const zeroTrustManifestSchema = z
  .object({
    version: z.literal(1),
    /** Shown as the product's name. */
    operatorName: z.string().min(1).max(60),
    /** Base URL of every API area ('' = this site's own origin). */
    apiBaseUrl: z.union([z.literal(''), z.url()]),
    /** Per-area overrides, for operators who host the areas apart. */
    areaBaseUrls: z
      .object({
        live: z.url().optional(),
        vod: z.url().optional(),
        account: z.url().optional(),
        message: z.url().optional(),
        drm: z.url().optional(),
        metrics: z.url().optional(),
      })
      .strict()
      .default({}),
    /** Where media is served from ('' = where the API's signed URLs point). */
    mediaBaseUrl: z.union([z.literal(''), z.url()]),
    /** Brand colour, as #rrggbb. */
    accentColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
    issuedAt: z.number().int().positive(),
  })
  .strict();
export type ZeroTrustManifest = z.output<typeof zeroTrustManifestSchema>;

/** Names of the manifest-property entries that carry the sealed manifest. */
export const ZERO_TRUST_PROPERTY = 'zeroTrustManifest';
export const ZERO_TRUST_REQUIRED_PROPERTY = 'zeroTrustRequired';
/** Bound into every seal as AES-GCM additional data, so a blob from another scheme never opens. */
export const ZERO_TRUST_AAD = 'ottkit-zero-trust-v1';

/** `v1.<iv>.<ciphertext+tag>`, both base64url: what the server stores and serves. */
export function parseSealed(sealed: string): { iv: Uint8Array; data: Uint8Array } | null {
  const [v, iv, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !data) return null;
  try {
    return { iv: fromBase64Url(iv), data: fromBase64Url(data) };
  } catch {
    return null;
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Seals a manifest with a raw 256-bit key (WebCrypto, so the same code runs in Node and browsers). */
export async function sealManifest(manifest: ZeroTrustManifest, rawKey: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey('raw', rawKey as BufferSource, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(zeroTrustManifestSchema.parse(manifest)));
  const additionalData = new TextEncoder().encode(ZERO_TRUST_AAD);
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, plain),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(data)}`;
}

export type OpenResult =
  | { ok: true; manifest: ZeroTrustManifest }
  | { ok: false; reason: 'malformedKey' | 'malformedSeal' | 'wrongKey' | 'invalidManifest' };

/** Opens a sealed manifest with the share link's key; never throws. */
export async function openManifest(sealed: string, keyText: string): Promise<OpenResult> {
  let rawKey: Uint8Array;
  try {
    rawKey = fromBase64Url(keyText);
  } catch {
    return { ok: false, reason: 'malformedKey' };
  }
  if (rawKey.length !== 32) return { ok: false, reason: 'malformedKey' };
  const parts = parseSealed(sealed);
  if (!parts) return { ok: false, reason: 'malformedSeal' };
  let plain: ArrayBuffer;
  try {
    const key = await crypto.subtle.importKey('raw', rawKey as BufferSource, 'AES-GCM', false, ['decrypt']);
    const additionalData = new TextEncoder().encode(ZERO_TRUST_AAD);
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: parts.iv as BufferSource, additionalData },
      key,
      parts.data as BufferSource,
    );
  } catch {
    return { ok: false, reason: 'wrongKey' };
  }
  try {
    const parsed = zeroTrustManifestSchema.safeParse(JSON.parse(new TextDecoder().decode(plain)));
    return parsed.success ? { ok: true, manifest: parsed.data } : { ok: false, reason: 'invalidManifest' };
  } catch {
    return { ok: false, reason: 'invalidManifest' };
  }
}
