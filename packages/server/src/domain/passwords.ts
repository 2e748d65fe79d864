import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at the OWASP Password Storage Cheat Sheet's parameters: N = 2^17, r = 8, p = 1 (128 MiB).
 * The parameters are stored in each hash, so raising them later still verifies old hashes.
 */
export const OWASP_SCRYPT_LOG2N = 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;

function derive(password: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2n;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LEN, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` with base64url salt and key. */
export async function hashPassword(password: string, log2n = OWASP_SCRYPT_LOG2N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, log2n, R, P);
  return ['scrypt', log2n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, log2n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(log2n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Hash compared against when the account does not exist, so the answer takes as long either way. */
const dummies = new Map<number, Promise<string>>();
export function dummyHash(log2n: number): Promise<string> {
  let d = dummies.get(log2n);
  if (!d) {
    d = hashPassword('not-a-real-password', log2n);
    dummies.set(log2n, d);
  }
  return d;
}

/** Synchronous variant for seeding and the CLI, where nothing else waits on the event loop. */
export function hashPasswordSync(password: string, log2n = OWASP_SCRYPT_LOG2N): string {
  const salt = randomBytes(16);
  const N = 2 ** log2n;
  const key = scryptSync(password.normalize('NFC'), salt, KEY_LEN, { N, r: R, p: P, maxmem: 256 * N * R });
  return ['scrypt', log2n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}
