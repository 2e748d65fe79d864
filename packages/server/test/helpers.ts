import { mkdtemp, rm } from 'node:fs/promises';
import { contract } from '@ottkit/api-client';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CreateServerOptions, createServer, type OttkitServer } from '../src/app.ts';
import { TEST_SECRETS } from './testSecrets.ts';

export interface TestServer {
  url: string;
  /** The server's clock (epoch ms); move it with advance(). */
  clock: { now: number };
  advance(ms: number): void;
  server: OttkitServer;
  dataDir: string;
  /** Errors the server logged (an unexpected exception shows up here). */
  errors: unknown[];
  /** POSTs JSON (or a raw string) and returns status, headers and the parsed envelope. */
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer>;
  get(path: string, headers?: Record<string, string>): Promise<ApiAnswer>;
  close(): Promise<void>;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: { errCode: number; errMsg: string; data?: unknown };
}

async function answer(res: Response): Promise<ApiAnswer> {
  const text = await res.text();
  let body: ApiAnswer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`Not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body };
}

/** Starts the real server on port 0 over a fresh temporary data folder; responses are checked against the contract. */
export async function startServer(options: CreateServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-test-'));
  const errors: unknown[] = [];
  const clock = { now: Date.UTC(2026, 5, 1, 12) };
  const server = createServer({
    now: () => clock.now,
    ...options,
    config: {
      port: 0,
      host: '127.0.0.1',
      ...TEST_SECRETS,
      checkResponses: true,
      ...options.config,
      dataDir,
    },
    logger: { info: () => {}, error: (msg, err) => errors.push(err ?? msg) },
  });
  const { url } = await server.listen();
  return {
    url,
    clock,
    advance: (ms) => {
      clock.now += ms;
    },
    server,
    dataDir,
    errors,
    async post(path, body = {}, headers = {}) {
      const res = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return answer(res);
    },
    async get(path, headers = {}) {
      return answer(await fetch(url + path, { headers }));
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The 4-digit code in the newest outbox message for an address (what a person reads in their mail). */
export function latestCode(t: TestServer, recipient: string): string {
  const row = t.server.db.get<{ body: string }>(
    'SELECT body FROM outbox WHERE recipient = ? ORDER BY seq DESC LIMIT 1',
    recipient,
  );
  const code = row && /\b(\d{4})\b/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface LoggedIn {
  token: string;
  refreshToken: string;
  accountId: string;
  virtualCode: string;
  cookies: string[];
}

/** Logs in over HTTP and returns the tokens; fails the test on any error. */
export async function loginAs(t: TestServer, email: string, password: string): Promise<LoggedIn> {
  const res = await fetch(`${t.url}/api/account/login/v3`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginInfo: { email, password } }),
  });
  const body = (await res.json()) as ApiAnswer['body'];
  if (body.errCode !== 0) throw new Error(`login failed: ${body.errCode} ${body.errMsg}`);
  const data = body.data as {
    tokens: { token: string; refreshToken: string };
    userInfo: { accountId: string; virtualCode: string };
  };
  return {
    token: data.tokens.token,
    refreshToken: data.tokens.refreshToken,
    accountId: data.userInfo.accountId,
    virtualCode: data.userInfo.virtualCode,
    cookies: res.headers.getSetCookie(),
  };
}

/** Sends a code and registers with it; returns the session data. */
export async function registerEmail(t: TestServer, email: string, password = 'secret123') {
  const sent = await t.post(contract.account.verification.path, { email, purpose: 'register' });
  if (sent.body.errCode !== 0) throw new Error(`verification failed: ${sent.body.errMsg}`);
  const { authenticationKey } = sent.body.data as { authenticationKey: string };
  return t.post(contract.account.register.path, {
    registerInfo: { email, password, verificationCode: latestCode(t, email) },
    authenticationKey,
  });
}

/**
 * A live play's stream SLA event: of lc-001 unless `sourceId` says, stalled once when `stallMs` is given, with no
 * bitrate switch or error.
 */
export const slaEvent = (e: {
  eventId: string;
  ts: number;
  startupMs: number | null;
  sourceId?: string;
  stallMs?: number;
  zapMs?: number;
}) => ({
  sourceId: 'lc-001',
  type: 'streamSla' as const,
  mode: 'live' as const,
  stalls: e.stallMs ? 1 : 0,
  stallMs: 0,
  bitrateSwitches: 0,
  errors: 0,
  ...e,
});

/** A telemetry batch of `n` uneventful live plays (streamSla) at the test clock's time, event ids from `id`. */
export const slaBatch = (t: TestServer, n: number, id: (i: number) => string) => ({
  events: Array.from({ length: n }, (_, i) => slaEvent({ eventId: id(i), ts: t.clock.now, startupMs: 400 })),
});
