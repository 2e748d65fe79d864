import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CreateServerOptions, createServer, type OttkitServer } from '../src/app.ts';

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
      secret: 'test-secret-0123456789abcdef0123456789',
      checkResponses: true,
      // Cheap hashes keep the tests fast; production uses OWASP's 2^17.
      passwordHashLog2N: 10,
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
