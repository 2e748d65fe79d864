import type { CompiledQuery } from 'kysely';
import {
  sealManifest,
  toBase64Url,
  ZERO_TRUST_PROPERTY,
  ZERO_TRUST_REQUIRED_PROPERTY,
  type ZeroTrustManifest,
  zeroTrustManifestSchema,
} from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { atomically } from '../store/kysely/atomically.ts';
import { setSettingStatement } from '../store/settings.ts';

const SEALED_KEY = 'zeroTrust.sealedManifest';
const REQUIRED_KEY = 'zeroTrust.required';

/**
 * Seals the operator's manifest with a fresh 256-bit key and stores only the ciphertext (spec §1 zero-trust).
 * The key is returned once, for the share link; the server keeps no copy and can never read the manifest. Both
 * settings, and `also` (the console's audit entry), are one transaction on the asynchronous store (decision 0447).
 */
export async function sealAndStoreManifest(
  db: Db,
  input: unknown,
  opts: { required: boolean; now: number; also?: readonly CompiledQuery[] },
): Promise<{ key: string; manifest: ZeroTrustManifest }> {
  const manifest = zeroTrustManifestSchema.parse({ issuedAt: opts.now, ...(input as object) });
  const rawKey = crypto.getRandomValues(new Uint8Array(32));
  const sealed = await sealManifest(manifest, rawKey);
  await atomically(db, [
    setSettingStatement(db, SEALED_KEY, sealed),
    setSettingStatement(db, REQUIRED_KEY, opts.required ? 'true' : 'false'),
    ...(opts.also ?? []),
  ]);
  return { key: toBase64Url(rawKey), manifest };
}

/** Removes the sealed manifest (the command line's `zero-trust clear`). */
export async function clearManifest(db: Db): Promise<void> {
  await db.kysely.deleteFrom('app_settings').where('key', 'in', [SEALED_KEY, REQUIRED_KEY]).execute();
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
