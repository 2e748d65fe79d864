import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrCode } from '@ottkit/api-client';
import { API_PREFIXES, type CallDescriptor, ok } from '@ottkit/api-client/contract';
import type { z } from 'zod';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { DomainError } from '../domain/errors.ts';
import type { MessageSender } from '../domain/messages.ts';
import type { Db } from '../store/db.ts';
import { diskFullMessage, isDiskFull } from '../store/diskFull.ts';
import { parseJsonBody, queryObject, readBody } from './body.ts';
import { sendEnvelope, sendError, sendRevalidated } from './respond.ts';
import { HttpError, type RequestContext, type Route, type Session } from './route.ts';
import { refuseCrossSite } from './session.ts';
import { operatorGate } from './operatorSession.ts';

/** The API's path prefixes, from the contract (answered with an envelope, never the site). */
export { API_PREFIXES };

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((p) => pathname.startsWith(p) || pathname === p.slice(0, -1));
}

/** The logger's type lives in `logger.ts` (decision 0369); `app.ts` and the package's entry take it from here. */
export type { Logger };

/** Finds the caller's session (Authorization header, cookie, or VOD query token); null when there is none. */
export type SessionResolver = (
  req: IncomingMessage,
  url: URL,
  now: number,
  tokenInQuery?: boolean,
) => Promise<Session | null>;

export interface ApiDeps {
  db: Db;
  config: ServerConfig;
  now: () => number;
  logger: Logger;
  sender: MessageSender;
  /** Finds the caller's session (Authorization header, cookie, or VOD query token); null when there is none. */
  resolveSession?: SessionResolver;
}

/**
 * An endpoint under an API prefix that does not answer with the envelope: the contract's raw calls (the
 * OpenAPI document, the ClearKey licence), registered from their descriptor with `rawRoute`.
 */
export interface RawRoute {
  method: 'GET' | 'POST';
  path: string;
  /** The contract's raw descriptor this route serves (absent only for a host's own extra endpoints). */
  descriptor?: CallDescriptor;
  /** It answers every method on its path itself (the licence: its CORS preflight and its own 405). */
  everyMethod?: boolean;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): void | Promise<void>;
}

/** A raw route registered from its contract descriptor (tagged `raw`). */
export function rawRoute(
  descriptor: CallDescriptor,
  handle: RawRoute['handle'],
  extra: Pick<RawRoute, 'everyMethod'> = {},
): RawRoute {
  if (descriptor.tag !== 'raw') throw new Error(`${descriptor.path} is not a raw call of the contract`);
  return { method: descriptor.method, path: descriptor.path, descriptor, handle, ...extra };
}

/** The database file under the data folder (named in disk-full messages). */
/** The SQLite database's file name in the data folder. */
export const DB_FILE = 'ottkit.db';
export const dbFile = (config: ServerConfig) => `${config.dataDir}/${DB_FILE}`;

/** Formats zod issues as one readable line naming each offending field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => {
      const where = i.path.length ? i.path.map(String).join('.') : 'body';
      return `${where}: ${i.message}`;
    })
    .join('; ');
}

/**
 * The caller's address for limits and access rules. Behind a reverse proxy (`trustProxy`), the address the
 * proxy saw is the last entry it appended to X-Forwarded-For; otherwise the socket's peer.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded.replace(/^::ffff:/, '');
  }
  return req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? 'unknown';
}

/** The `lang` header (spec §7) when it looks like a language tag; 'en' otherwise. */
export function requestLang(req: IncomingMessage): string {
  const lang = req.headers.lang;
  return typeof lang === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang) ? lang : 'en';
}

/**
 * Builds the API dispatcher: routes are registered from their contract descriptors (method + path), every
 * request is validated with the descriptor's schema, and every answer is one envelope (DESIGN §3).
 */
export function createApiHandler(routes: Route[], deps: ApiDeps, rawRoutes: RawRoute[] = []) {
  const table = new Map<string, Map<string, Route>>();
  for (const r of routes) {
    const byMethod = table.get(r.descriptor.path) ?? new Map<string, Route>();
    if (byMethod.has(r.descriptor.method)) {
      throw new Error(`Route registered twice: ${r.descriptor.method} ${r.descriptor.path}`);
    }
    byMethod.set(r.descriptor.method, r);
    table.set(r.descriptor.path, byMethod);
  }

  const raw = new Map(rawRoutes.map((r) => [`${r.method} ${r.path}`, r]));
  const rawEveryMethod = new Map(rawRoutes.filter((r) => r.everyMethod).map((r) => [r.path, r]));

  async function dispatch(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const rawRoute = raw.get(`${req.method} ${url.pathname}`) ?? rawEveryMethod.get(url.pathname);
    // Raw routes (licence) take their credential in the query; contract calls only when the spec says so.
    if (rawRoute) {
      refuseCrossSite(req, url, true);
      return rawRoute.handle(req, res, url);
    }
    const byMethod = table.get(url.pathname);
    if (!byMethod) {
      throw new HttpError(ErrCode.NOT_FOUND, `No API call at ${url.pathname}`, 404);
    }
    const method = req.method ?? 'GET';
    const r = byMethod.get(method);
    if (!r) {
      const allowed = [...byMethod.keys()].join(', ');
      res.setHeader('allow', allowed);
      throw new HttpError(
        ErrCode.METHOD_NOT_ALLOWED,
        `${method} is not allowed on ${url.pathname}; use ${allowed}`,
        405,
      );
    }
    const d = r.descriptor;
    refuseCrossSite(req, url, d.tokenIn === 'query');
    // Operator calls are gated before their request is read: nobody else learns even what they take.
    const operator =
      d.access === 'operator' ? await operatorGate(deps.db, deps.config, req, d, deps.now()) : undefined;
    let input: unknown;
    if (d.method === 'GET') {
      input = queryObject(url);
    } else {
      // The descriptor says how the body travels: JSON, or also the compressed form (the metrics call).
      const body = await readBody(req, d.maxBodyBytes ?? deps.config.bodyLimitBytes);
      input = parseJsonBody(req, body, d.bodyFormat === 'compressedForm');
    }
    const parsed = d.request.safeParse(input);
    if (!parsed.success) {
      throw new HttpError(ErrCode.INVALID_REQUEST, `Invalid request: ${describeIssues(parsed.error)}`, 400);
    }
    const now = deps.now();
    const session = (await deps.resolveSession?.(req, url, now, d.tokenIn === 'query')) ?? null;
    if (d.access !== 'public' && d.access !== 'operator' && !session) {
      throw new HttpError(ErrCode.SESSION_INVALID, 'Session invalid or expired; log in again');
    }
    if (d.access === 'user' && session?.status !== 'user') {
      throw new HttpError(
        ErrCode.LOGIN_REQUIRED,
        'After logging in, you can explore more video content and get more permissions!',
      );
    }
    const ctx: RequestContext = {
      db: deps.db,
      config: deps.config,
      now: deps.now,
      session,
      ip: clientIp(req, deps.config.trustProxy),
      lang: requestLang(req),
      req,
      res,
      sender: deps.sender,
      ...(operator ? { operator } : {}),
    };
    const data = await r.handler(ctx, parsed.data);
    if (deps.config.checkResponses) {
      // The answer as it goes on the wire: parts may be JSON text already (JsonFragment).
      const checked = d.response.safeParse(data === undefined ? data : JSON.parse(JSON.stringify(data)));
      if (!checked.success) {
        throw new Error(`Response of ${d.path} breaks its contract: ${describeIssues(checked.error)}`);
      }
    }
    if (d.revalidate) sendRevalidated(req, res, ok(data));
    else sendEnvelope(res, 200, ok(data));
  }

  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      await dispatch(req, res, url);
    } catch (e) {
      if (e instanceof DomainError) {
        sendError(res, e.status, e.errCode, e.message);
        return;
      }
      if (isDiskFull(e)) {
        // Not a bug and not the client's fault: tell the operator what to do; nothing was stored.
        deps.logger.error(`${req.method} ${url.pathname}: ${diskFullMessage(e, dbFile(deps.config))}`);
        sendError(
          res,
          503,
          ErrCode.STORAGE_FULL,
          'The server cannot store anything right now; try again later',
        );
        return;
      }
      deps.logger.error(`${req.method} ${url.pathname} failed`, e);
      sendError(res, 500, ErrCode.INTERNAL, 'Internal server error');
    }
  };
}
