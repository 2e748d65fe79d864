import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Settings of the running server process (not the app configuration of spec §3, which lives in the store). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Everything generated (database, media, secrets) lives under this folder, outside git. */
  dataDir: string;
  /** HMAC key for signed tokens; generated into `<dataDir>/secrets.json` on first start unless OTTKIT_SECRET. */
  secret: string;
  /** Forces visitor mode on or off regardless of the stored app configuration; undefined keeps the stored one. */
  visitorMode?: boolean;
  /** JSON request bodies larger than this get BODY_TOO_LARGE. */
  bodyLimitBytes: number;
  /** Check every API response against its contract schema (tests; a drift becomes a logged INTERNAL error). */
  checkResponses: boolean;
  /**
   * Secure flag (and `__Host-` prefix) on the session cookies: on unless the server listens on a loopback
   * address without a proxy in front (development over plain http://localhost); OTTKIT_SECURE_COOKIES overrides.
   */
  secureCookies: boolean;
  /** scrypt cost as log2(N); OWASP's 17 by default. Tests lower it to stay fast; never lower it in production. */
  passwordHashLog2N: number;
  /** Behind a reverse proxy: take the caller's address from X-Forwarded-For (OTTKIT_TRUST_PROXY=true). */
  trustProxy: boolean;
}

/** The repository root: packages/server/src → ../../.. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function parseBool(v: string | undefined): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

function parsePort(v: string | undefined, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`PORT must be an integer 0-65535, got '${v}'`);
  return n;
}

/** Addresses only this machine can reach: cookies without Secure are acceptable there (plain http in development). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Reads (or creates, mode 0600) `<dataDir>/secrets.json` so tokens survive restarts. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { secret?: unknown };
    if (typeof parsed.secret === 'string' && parsed.secret.length >= 32) return parsed.secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${JSON.stringify({ secret }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Builds the configuration from the environment, then explicit overrides (tests, CLI flags). */
export function loadConfig(
  overrides: Partial<ServerConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig {
  const dataDir = resolve(overrides.dataDir ?? env.OTTKIT_DATA_DIR ?? join(repoRoot, '.data'));
  mkdirSync(dataDir, { recursive: true });
  const secret = overrides.secret ?? env.OTTKIT_SECRET ?? loadOrCreateSecret(dataDir);
  if (secret.length < 32) throw new Error('OTTKIT_SECRET must be at least 32 characters');
  const host = overrides.host ?? env.HOST ?? '127.0.0.1';
  const trustProxy = overrides.trustProxy ?? parseBool(env.OTTKIT_TRUST_PROXY) ?? false;
  return {
    port: overrides.port ?? parsePort(env.PORT, 4321),
    host,
    dataDir,
    secret,
    visitorMode: overrides.visitorMode ?? parseBool(env.OTTKIT_VISITOR_MODE),
    bodyLimitBytes: overrides.bodyLimitBytes ?? 64 * 1024,
    checkResponses: overrides.checkResponses ?? parseBool(env.OTTKIT_CHECK_RESPONSES) ?? false,
    secureCookies:
      overrides.secureCookies ?? parseBool(env.OTTKIT_SECURE_COOKIES) ?? (trustProxy || !isLoopback(host)),
    passwordHashLog2N: overrides.passwordHashLog2N ?? 17,
    trustProxy,
  };
}
