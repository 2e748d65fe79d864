import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { ErrCode } from '@ottkit/api-client';
import { DomainError } from './errors.ts';

/**
 * scrypt at the OWASP Password Storage Cheat Sheet's parameters: N = 2^17, r = 8, p = 1 (128 MiB).
 * The parameters are stored in each hash, so raising them later still verifies old hashes.
 */
export const OWASP_SCRYPT_LOG2N = 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;

/**
 * node's async scrypt runs in libuv's thread pool (4 threads by default), the pool that also reads the static
 * files and media segments from disk. A burst of logins filling every thread with 128 MiB hashes stalls those
 * answers for seconds, so hashes run one at a time (three threads stay free for files) behind a short queue;
 * past it the caller is told to retry instead of waiting behind a flood.
 */
export const HASH_LIMITS = { running: 1, queued: 8 };

/** What the hashing did, for tests and the login-flood benchmark: `checks` counts password verifications. */
export const hashStats = { derivations: 0, checks: 0, refusedBusy: 0, peakRunning: 0 };

let running = 0;
const waiting: Array<() => void> = [];

/** Throws TOO_MANY_ATTEMPTS when a hash would find the queue full (checked before an attempt is counted). */
export function assertHashCapacity(): void {
  if (running >= HASH_LIMITS.running && waiting.length >= HASH_LIMITS.queued) {
    hashStats.refusedBusy++;
    throw new DomainError(ErrCode.TOO_MANY_ATTEMPTS, 'The server is busy; try again in a few seconds');
  }
}

/** Runs `work` when a hashing slot is free; throws TOO_MANY_ATTEMPTS at once when the queue is full. */
export async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_LIMITS.running) {
    assertHashCapacity();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  hashStats.peakRunning = Math.max(hashStats.peakRunning, running);
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2n;
  return inHashSlot(
    () =>
      new Promise((resolve, reject) => {
        hashStats.derivations++;
        scrypt(password.normalize('NFC'), salt, KEY_LEN, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
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
  hashStats.checks++;
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
