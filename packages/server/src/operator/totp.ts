import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP of RFC 6238 over HOTP of RFC 4226 (HMAC-SHA1, 6 digits, 30 s steps), which every authenticator app
 * reads from an otpauth:// URI. Written on node:crypto: it is twenty lines and the RFC's vectors test it.
 */
export const TOTP_STEP_MS = 30_000;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after are accepted too (clocks drift; a code typed at a step's end). */
export const TOTP_WINDOW = 1;

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = B32.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226 §5.3): dynamic truncation of HMAC-SHA1 over the 8-byte counter. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const h = createHmac('sha1', secret).update(msg).digest();
  const off = (h[h.length - 1] as number) & 0xf;
  const bin =
    (((h[off] as number) & 0x7f) << 24) |
    ((h[off + 1] as number) << 16) |
    ((h[off + 2] as number) << 8) |
    (h[off + 3] as number);
  return String(bin % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (nowMs: number) => Math.floor(nowMs / TOTP_STEP_MS);

/** The code an authenticator shows at `nowMs` (tests compute codes with it, as an app would). */
export const totpCode = (secret: Buffer, nowMs: number, digits = TOTP_DIGITS) =>
  hotp(secret, totpStep(nowMs), digits);

/**
 * The step whose code `code` is, within ±TOTP_WINDOW of now; undefined when none. The caller refuses a step
 * not newer than the last one accepted (a code is used once).
 */
export function matchTotp(secret: Buffer, code: string, nowMs: number): number | undefined {
  const step = totpStep(nowMs);
  const given = Buffer.from(code);
  let found: number | undefined;
  for (let d = -TOTP_WINDOW; d <= TOTP_WINDOW; d++) {
    const want = Buffer.from(hotp(secret, step + d));
    // Every candidate is compared (no early exit), in constant time.
    if (want.length === given.length && timingSafeEqual(want, given) && found === undefined) found = step + d;
  }
  return found;
}

export const newTotpSecret = () => randomBytes(20);

/** The URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(secretB32: string, account: string, issuer = 'ottkit'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const q = new URLSearchParams({ secret: secretB32, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${q}`;
}

/** TOTP secrets are kept encrypted (AES-256-GCM, key derived from the server secret): a copied database is not enough. */
const keyOf = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('ottkit.operator-totp.v1').digest();

export function sealSecret(serverSecret: string, secret: Buffer): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const ct = Buffer.concat([c.update(secret), c.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    c.getAuthTag().toString('base64url'),
    ct.toString('base64url'),
  ].join(':');
}

export function openSecret(serverSecret: string, sealed: string): Buffer {
  const [v, iv, tag, ct] = sealed.split(':');
  if (v !== 'v1' || !iv || !tag || !ct) throw new Error('unknown TOTP secret format');
  const d = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]);
}
