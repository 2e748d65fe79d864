import { createCipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * AES-128 content keys of protected HLS, one per stream, generated on first use into `<dataDir>/keys/`
 * (mode 0600, outside git and outside the replaceable media folder) and reused after a restart.
 */
export function createKeyStore(dataDir: string) {
  const dir = join(dataDir, 'keys');
  const cache = new Map<string, Buffer>();
  const cenc = new Map<string, { kid: Buffer; key: Buffer }>();
  return {
    aesKey(streamId: string): Buffer {
      let key = cache.get(streamId);
      if (key) return key;
      const file = join(dir, `${encodeURIComponent(streamId)}.aes128.key`);
      if (existsSync(file)) key = readFileSync(file);
      if (key?.length !== 16) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        key = randomBytes(16);
        writeFileSync(file, key, { mode: 0o600 });
        chmodSync(file, 0o600);
      }
      cache.set(streamId, key);
      return key;
    },
    /** Key id and key of a ClearKey (CENC) stream, kept in `<id>.cenc.json`. */
    cencKey(streamId: string): { kid: Buffer; key: Buffer } {
      const cached = cenc.get(streamId);
      if (cached) return cached;
      const file = join(dir, `${encodeURIComponent(streamId)}.cenc.json`);
      let pair: { kid: Buffer; key: Buffer } | undefined;
      if (existsSync(file)) {
        const j = JSON.parse(readFileSync(file, 'utf8')) as { kid?: string; key?: string };
        if (j.kid?.length === 32 && j.key?.length === 32)
          pair = { kid: Buffer.from(j.kid, 'hex'), key: Buffer.from(j.key, 'hex') };
      }
      if (!pair) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        pair = { kid: randomBytes(16), key: randomBytes(16) };
        writeFileSync(
          file,
          JSON.stringify({ kid: pair.kid.toString('hex'), key: pair.key.toString('hex') }),
          { mode: 0o600 },
        );
        chmodSync(file, 0o600);
      }
      cenc.set(streamId, pair);
      return pair;
    },
  };
}
export type KeyStore = ReturnType<typeof createKeyStore>;

/** The HLS default IV of segment n (RFC 8216 §5.2): its media sequence number as a 128-bit big-endian integer. */
export function sequenceIv(n: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(n), 8);
  return iv;
}

/** Full-segment AES-128-CBC with PKCS#7 padding (HLS METHOD=AES-128). */
export function encryptSegment(parts: Buffer[], key: Buffer, n: number): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, sequenceIv(n));
  return Buffer.concat([...parts.map((p) => cipher.update(p)), cipher.final()]);
}
