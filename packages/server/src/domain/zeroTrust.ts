import {
  sealManifest,
  toBase64Url,
  ZERO_TRUST_PROPERTY,
  ZERO_TRUST_REQUIRED_PROPERTY,
  type ZeroTrustManifest,
  zeroTrustManifestSchema,
} from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { setSetting } from '../store/settings.ts';

const SEALED_KEY = 'zeroTrust.sealedManifest';
const REQUIRED_KEY = 'zeroTrust.required';

/**
 * Seals the operator's manifest with a fresh 256-bit key and stores only the ciphertext (spec §1 zero-trust).
 * The key is returned once, for the share link; the server keeps no copy and can never read the manifest.
 */
export async function sealAndStoreManifest(
  db: Db,
  input: unknown,
  opts: { required: boolean; now: number },
): Promise<{ key: string; manifest: ZeroTrustManifest }> {
  const manifest = zeroTrustManifestSchema.parse({ issuedAt: opts.now, ...(input as object) });
  const rawKey = crypto.getRandomValues(new Uint8Array(32));
  const sealed = await sealManifest(manifest, rawKey);
  setSetting(db, SEALED_KEY, sealed);
  setSetting(db, REQUIRED_KEY, opts.required ? 'true' : 'false');
  return { key: toBase64Url(rawKey), manifest };
}

export function clearManifest(db: Db): void {
  db.run('DELETE FROM app_settings WHERE key IN (?, ?)', SEALED_KEY, REQUIRED_KEY);
}

/**
 * What the manifest property call adds: the sealed blob, and whether the site must not start without it. `setting`
 * reads a stored setting: the kept ones for the viewer's call, the store for the operator's screen.
 */
export function zeroTrustProperties(setting: (key: string) => string | undefined): Record<string, string> {
  const sealed = setting(SEALED_KEY);
  if (!sealed) return {};
  return {
    [ZERO_TRUST_PROPERTY]: sealed,
    [ZERO_TRUST_REQUIRED_PROPERTY]: setting(REQUIRED_KEY) ?? 'false',
  };
}

/** The share link a viewer opens; the key lives only in the fragment, which browsers never send. */
export function shareLink(siteUrl: string, key: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/#/shareKey/${key}`;
}
