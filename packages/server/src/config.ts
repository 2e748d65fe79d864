import { randomBytes } from 'node:crypto';
import { type LogFormat, logFormatOf } from './logger.ts';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OWASP_SCRYPT_LOG2N } from './domain/passwords.ts';
import { DEFAULT_JOB_LEASE_MS } from './operator/jobLease.ts';
import { parseFrameAncestors } from './http/securityHeaders.ts';
import { parseAllowList, UPSTREAM_ALLOW_ENV } from './upstream/address.ts';

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
  /** NODE_ENV=production: test-only features (the sandbox member site) refuse to start. */
  production: boolean;
  /**
   * The sandbox member site (decision 0160): on only when the operator turns it on for testing
   * (OTTKIT_MEMBER_SITE_SANDBOX=on); off by default, refused in production.
   */
  memberSiteSandbox: boolean;
  /**
   * Shared secret of the operator's real member site (OTTKIT_MEMBER_SITE_SECRET, at least 32 characters): it
   * signs every plan grant it sends; without it no grant is accepted.
   */
  memberSiteSecret?: string;
  /** Days telemetry aggregates are kept (OTTKIT_TELEMETRY_RETENTION_DAYS, 30); raw events are rolled up after 2. */
  telemetryRetentionDays: number;
  /** Raw telemetry events stored at most (OTTKIT_TELEMETRY_MAX_EVENTS): past it, batches are refused, not stored. */
  telemetryMaxEvents: number;
  /** Origins that may frame the site's pages (OTTKIT_FRAME_ANCESTORS); none by default, never account pages. */
  frameAncestors: string[];
  /**
   * Redis for what several processes share (OTTKIT_REDIS_URL, decision 0260): rate-limit buckets, locks,
   * cache invalidation. Unset: one process keeps them in memory, as always.
   */
  redisUrl?: string;
  /**
   * How long a process vouches for the operator jobs it runs (OTTKIT_JOB_LEASE_MS, 30 s; decision 0315): it renews
   * the lease every third of it, and another process takes a job over once its lease ran out.
   */
  jobLeaseMs?: number;
  /**
   * The bearer token Prometheus sends to read /metrics (OTTKIT_METRICS_TOKEN, at least 16 characters). Unset:
   * /metrics is off (docs/operations.md).
   */
  metricsToken?: string;
  /** OTTKIT_LOG_FORMAT: `text` lines (default) or `json` lines with request ids (docs/operations.md). */
  logFormat: LogFormat;
  /**
   * Where e-mail goes (OTTKIT_SMTP_URL, `smtp://user:password@host:port` or `smtps://…`; decision 0399). Unset:
   * messages stay in the outbox, which `ottkit-server outbox` reads. Holds a password: never logged or answered.
   */
  smtpUrl?: string;
  /** Where SMS go (OTTKIT_SMS_WEBHOOK_URL, an http(s) address that takes `{to, text}`; docs/operations.md). */
  smsWebhookUrl?: string;
  /** The bearer token sent with each SMS request (OTTKIT_SMS_WEBHOOK_TOKEN). */
  smsWebhookToken?: string;
  /**
   * The folders a film library may be read from (OTTKIT_LIBRARY_ROOTS, absolute paths separated by `:`;
   * `<data>/library` by default): a library folder outside them is refused (issue 42).
   */
  libraryRoots: string[];
}

/** An address of one of `protocols`, or a startup error in words that never repeats the value (it may hold a password). */
function parseServiceUrl(name: string, value: string | undefined, protocols: string[]): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not an address (${protocols.join(' or ')})`);
  }
  if (!protocols.includes(url.protocol) || !url.hostname) {
    throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')} and name a host`);
  }
  return value;
}

/** `{ key: value }` when there is a value, `{}` otherwise (optional fields stay absent, not undefined). */
const optional = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

/** The repository root: packages/server/src → ../../.. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function parseBool(v: string | undefined): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

function parsePositiveInt(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${v}'`);
  return n;
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

/**
 * The data folder holds the database, keys and secrets: mode 0700, created so, and tightened when it already
 * exists and belongs to this user (an older install made it world-readable).
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const info = statSync(dir);
  if (info.uid === process.getuid?.() && (info.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/** The signing secret's file under the data folder (backups keep it). */
export const SECRETS_FILE = 'secrets.json';

/** Reads (or creates, mode 0600) `<dataDir>/secrets.json` so tokens survive restarts. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, SECRETS_FILE);
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { secret?: unknown };
    if (typeof parsed.secret === 'string' && parsed.secret.length >= 32) return parsed.secret;
  }
  ensurePrivateDir(dataDir);
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${JSON.stringify({ secret }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * scrypt's cost for new password hashes: 2^17 (OWASP). The test run's products set OTTKIT_PASSWORD_HASH_LOG2N
 * lower, since its journeys hash at every sign-up, sign-in and operator made (decision 0361); a stored hash keeps
 * its own cost, so verifying is unchanged. Refused below 2^17 in production.
 */
function passwordCost(raw: string | undefined, production: boolean): number {
  if (!raw) return OWASP_SCRYPT_LOG2N;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 10 || n > 20) {
    throw new Error(
      `OTTKIT_PASSWORD_HASH_LOG2N must be a whole number from 10 to 20, got '${raw.slice(0, 20)}'`,
    );
  }
  if (production && n < OWASP_SCRYPT_LOG2N) {
    throw new Error(
      `OTTKIT_PASSWORD_HASH_LOG2N below ${OWASP_SCRYPT_LOG2N} is for test runs and cannot be set in production (NODE_ENV=production)`,
    );
  }
  return n;
}

/** The data folder: the one given (`--data`), else OTTKIT_DATA_DIR, else `.data` in the repository. */
export const resolveDataDir = (given?: string, env: NodeJS.ProcessEnv = process.env) =>
  resolve(given ?? env.OTTKIT_DATA_DIR ?? join(repoRoot, '.data'));

/** Builds the configuration from the environment, then explicit overrides (tests, CLI flags). */
export function loadConfig(
  overrides: Partial<ServerConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig {
  const dataDir = resolveDataDir(overrides.dataDir, env);
  ensurePrivateDir(dataDir);
  const secret = overrides.secret ?? env.OTTKIT_SECRET ?? loadOrCreateSecret(dataDir);
  if (secret.length < 32) throw new Error('OTTKIT_SECRET must be at least 32 characters');
  const host = overrides.host ?? env.HOST ?? '127.0.0.1';
  const trustProxy = overrides.trustProxy ?? parseBool(env.OTTKIT_TRUST_PROXY) ?? false;
  const production = overrides.production ?? env.NODE_ENV === 'production';
  const memberSiteSandbox = overrides.memberSiteSandbox ?? parseBool(env.OTTKIT_MEMBER_SITE_SANDBOX) ?? false;
  if (memberSiteSandbox && production) {
    throw new Error(
      'OTTKIT_MEMBER_SITE_SANDBOX gives plans away for testing and cannot be on in production (NODE_ENV=production)',
    );
  }
  const redisUrl = overrides.redisUrl ?? (env.OTTKIT_REDIS_URL || undefined);
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw new Error(`OTTKIT_REDIS_URL must be a redis:// or rediss:// URL, got '${redisUrl.slice(0, 40)}'`);
  }
  // Read again at each fetch (workers, commands); checked here so a mistyped list stops the start (decision 0359).
  try {
    parseAllowList(env[UPSTREAM_ALLOW_ENV] ?? '');
  } catch (e) {
    throw new Error(`${UPSTREAM_ALLOW_ENV}: ${(e as Error).message}`);
  }
  const memberSiteSecret = overrides.memberSiteSecret ?? (env.OTTKIT_MEMBER_SITE_SECRET || undefined);
  if (memberSiteSecret !== undefined && memberSiteSecret.length < 32) {
    throw new Error('OTTKIT_MEMBER_SITE_SECRET must be at least 32 characters');
  }
  const metricsToken = overrides.metricsToken ?? (env.OTTKIT_METRICS_TOKEN || undefined);
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new Error('OTTKIT_METRICS_TOKEN must be at least 16 characters');
  }
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
    passwordHashLog2N:
      overrides.passwordHashLog2N ?? passwordCost(env.OTTKIT_PASSWORD_HASH_LOG2N, production),
    trustProxy,
    production,
    memberSiteSandbox,
    ...(memberSiteSecret === undefined ? {} : { memberSiteSecret }),
    telemetryRetentionDays:
      overrides.telemetryRetentionDays ??
      parsePositiveInt('OTTKIT_TELEMETRY_RETENTION_DAYS', env.OTTKIT_TELEMETRY_RETENTION_DAYS, 30),
    telemetryMaxEvents:
      overrides.telemetryMaxEvents ??
      parsePositiveInt('OTTKIT_TELEMETRY_MAX_EVENTS', env.OTTKIT_TELEMETRY_MAX_EVENTS, 200_000),
    frameAncestors: overrides.frameAncestors ?? parseFrameAncestors(env.OTTKIT_FRAME_ANCESTORS),
    ...(redisUrl ? { redisUrl } : {}),
    ...(metricsToken ? { metricsToken } : {}),
    ...optional(
      'smtpUrl',
      overrides.smtpUrl ?? parseServiceUrl('OTTKIT_SMTP_URL', env.OTTKIT_SMTP_URL, ['smtp:', 'smtps:']),
    ),
    ...optional(
      'smsWebhookUrl',
      overrides.smsWebhookUrl ??
        parseServiceUrl('OTTKIT_SMS_WEBHOOK_URL', env.OTTKIT_SMS_WEBHOOK_URL, ['http:', 'https:']),
    ),
    ...optional('smsWebhookToken', overrides.smsWebhookToken ?? (env.OTTKIT_SMS_WEBHOOK_TOKEN || undefined)),
    logFormat: overrides.logFormat ?? logFormatOf(env.OTTKIT_LOG_FORMAT),
    jobLeaseMs:
      overrides.jobLeaseMs ??
      parsePositiveInt('OTTKIT_JOB_LEASE_MS', env.OTTKIT_JOB_LEASE_MS, DEFAULT_JOB_LEASE_MS),
    libraryRoots: overrides.libraryRoots ?? parseLibraryRoots(env.OTTKIT_LIBRARY_ROOTS, dataDir),
  };
}

/** OTTKIT_LIBRARY_ROOTS: absolute folders separated by `:`, or `<data>/library` when unset. */
function parseLibraryRoots(v: string | undefined, dataDir: string): string[] {
  if (!v) return [join(dataDir, 'library')];
  const roots = v.split(':').filter(Boolean);
  const relative = roots.find((r) => !isAbsolute(r));
  if (relative !== undefined)
    throw new Error(`OTTKIT_LIBRARY_ROOTS: '${relative.slice(0, 80)}' is not an absolute path`);
  return roots.map((r) => resolve(r));
}
