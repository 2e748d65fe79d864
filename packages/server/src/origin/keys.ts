import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Writes a new key file unless another process got there first, and returns what is in the file then: the one
 * key every process of a cluster uses (written to a private temporary name, then linked into place, which
 * fails when the file exists, so no process ever reads a half-written key or keeps one the others lack).
 */
function createOnce(file: string, content: string | Buffer): string | Buffer {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return content;
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
    return typeof content === 'string' ? readFileSync(file, 'utf8') : readFileSync(file);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * AES-128 content keys of protected HLS, one per stream, generated on first use into `<dataDir>/keys/`
 * (mode 0600, outside git and outside the replaceable media folder) and reused after a restart.
 */
/** The content keys' folder under the data folder (backups keep it). */
export const KEYS_DIR = 'keys';

export function createKeyStore(dataDir: string) {
  const dir = join(dataDir, KEYS_DIR);
  const cache = new Map<string, Buffer>();
  const cenc = new Map<string, { kid: Buffer; key: Buffer }>();
  return {
    aesKey(streamId: string): Buffer {
      let key = cache.get(streamId);
      if (key) return key;
      const file = join(dir, `${encodeURIComponent(streamId)}.aes128.key`);
      if (existsSync(file)) key = readFileSync(file);
      if (key?.length !== 16) key = createOnce(file, randomBytes(16)) as Buffer;
      if (key.length !== 16)
        throw new Error(`${file} holds no valid AES-128 key; remove it to make a new one`);
      cache.set(streamId, key);
      return key;
    },
    /** Key id and key of a ClearKey (CENC) stream, kept in `<id>.cenc.json`. */
    cencKey(streamId: string): { kid: Buffer; key: Buffer } {
      const cached = cenc.get(streamId);
      if (cached) return cached;
      const file = join(dir, `${encodeURIComponent(streamId)}.cenc.json`);
      let pair: { kid: Buffer; key: Buffer } | undefined;
      const parse = (text: string) => {
        const j = JSON.parse(text) as { kid?: string; key?: string };
        return j.kid?.length === 32 && j.key?.length === 32
          ? { kid: Buffer.from(j.kid, 'hex'), key: Buffer.from(j.key, 'hex') }
          : undefined;
      };
      if (existsSync(file)) pair = parse(readFileSync(file, 'utf8'));
      if (!pair) {
        const fresh = { kid: randomBytes(16).toString('hex'), key: randomBytes(16).toString('hex') };
        pair = parse(createOnce(file, JSON.stringify(fresh)) as string);
        if (!pair) throw new Error(`${file} holds no valid ClearKey pair; remove it to make a new one`);
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
