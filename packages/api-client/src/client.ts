import type { Area, CallDescriptor, RequestOf, ResponseOf, RouteMeta } from './contract/call.ts';
import type { Envelope } from './contract/envelope.ts';
import type { Contract } from './contract/index.ts';
import {
  type AnyApiError,
  errorFromEnvelope,
  NetworkError,
  ServerError,
  SessionInvalidError,
  TimeoutError,
} from './errors/errors.ts';
import { jsonBody, serialiseBody } from './body.ts';
import { routes as defaultRoutes } from './routes.generated.ts';

/** The token refresh call: never retried through refreshSession (it is what refreshSession calls). */
const REFRESH_PATH = defaultRoutes.account.refreshToken.path;

/**
 * Sees every answer before the client reads it (ky's afterResponse): for logging, metrics or headers. It may
 * return a replacement Response, which the client then reads instead; it must not consume the body it is given
 * (read a `clone()`).
 */
export type ResponseHook = (response: Response, call: RouteMeta) => unknown;

/** Options of one call, besides its request. */
export interface CallOptions {
  /**
   * The request outlives the page (fetch `keepalive`): reports sent as the viewer leaves. Where the browser
   * refuses it (no keepalive support, or over its 64 KiB budget) the same body goes by `navigator.sendBeacon`;
   * the answer is then unknown and the call rejects with NetworkError, so such calls must be safe to repeat.
   */
  keepalive?: boolean;
  /** Aborts the call (it then rejects with NetworkError). */
  signal?: AbortSignal;
  /** A response hook for this call only, after the client's own. */
  onResponse?: ResponseHook;
  /** The bytes of an `octetStream` call (its request's fields go in the query). */
  body?: Blob;
}

/** Request timeout of spec §7 and §9. */
export const REQUEST_TIMEOUT_MS = 50_000;

export interface ClientOptions {
  /** Base URL for every area, '' for the page's own origin. */
  baseUrl?: string;
  /** Per-area base URLs, so the areas can live on different hosts. */
  areaBaseUrls?: Partial<Record<Area, string>>;
  /** Injected fetch (tests, Node, a host's instrumented fetch); the global one by default. */
  fetch?: typeof fetch;
  /** Active UI language sent in the `lang` header. */
  lang?: () => string;
  /** Current access token, if any, sent as `Authorization: Bearer …` (or in the query for the VOD API). */
  getToken?: () => string | null | undefined;
  /** Current account id, added to every POST body (spec §7). */
  getAccountId?: () => string | null | undefined;
  timeoutMs?: number;
  /**
   * Renews the session after a session-invalid answer (the site: `refreshToken({})` with its HttpOnly cookie;
   * Node: with the stored refresh token) and resolves true when it did. One refresh runs at a time: calls that
   * fail together share it, and each is retried once. Not used for the refresh call itself.
   */
  refreshSession?: () => Promise<boolean>;
  /** Called once per failed call whose error is SessionInvalidError (spec §4): the host goes to login or guest. */
  onSessionInvalid?: (error: SessionInvalidError) => void;
  /** Called with every error the client throws, for telemetry or toasts. */
  onError?: (error: AnyApiError) => void;
  /** Cookies travel with the request (same-origin sessions); 'same-origin' by default. */
  credentials?: RequestCredentials;
  /** Sees every answer of every call (see ResponseHook). */
  onResponse?: ResponseHook;
}

/** One method per envelope call; raw calls (the licence, the OpenAPI document) are not the client's to make. */
type Methods<C> = {
  [A in keyof C]: {
    [N in keyof C[A] as C[A][N] extends { tag: 'raw' } ? never : N]: (
      request: RequestOf<C[A][N]>,
      options?: CallOptions,
    ) => Promise<ResponseOf<C[A][N]>>;
  };
};

export type Client<C = Contract> = Methods<C> & {
  /** Calls any descriptor, for calls outside the default contract. */
  call<D extends CallDescriptor>(
    descriptor: D,
    request: RequestOf<D>,
    options?: CallOptions,
  ): Promise<ResponseOf<D>>;
};

function joinUrl(base: string, path: string) {
  return base.replace(/\/+$/, '') + path;
}

/**
 * Creates a typed client whose methods come from the contract.
 * @example
 * const api = createClient({ lang: () => 'en' });
 * const { channelListInfo } = await api.live.channelList({});
 */
export function createClient<C extends Record<string, Record<string, RouteMeta>> = Contract>(
  options: ClientOptions = {},
  contract: C = defaultRoutes as unknown as C,
): Client<C> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let refreshing: Promise<boolean> | undefined;

  /** One refresh in flight at a time; a failing or throwing refresh counts as "not renewed". */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= (options.refreshSession?.() ?? Promise.resolve(false))
      .catch(() => false)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function call<D extends RouteMeta>(
    d: D,
    request: RequestOf<D>,
    callOptions: CallOptions = {},
  ): Promise<ResponseOf<D>> {
    try {
      return await attempt(d, request, callOptions);
    } catch (e) {
      const renewable = e instanceof SessionInvalidError && options.refreshSession && d.path !== REFRESH_PATH;
      if (!renewable || !(await refreshOnce())) throw report(e as AnyApiError);
      try {
        return await attempt(d, request, callOptions);
      } catch (again) {
        throw report(again as AnyApiError);
      }
    }
  }

  function report(e: AnyApiError): AnyApiError {
    if (e instanceof SessionInvalidError) options.onSessionInvalid?.(e);
    options.onError?.(e);
    return e;
  }

  async function attempt<D extends RouteMeta>(
    d: D,
    request: RequestOf<D>,
    callOptions: CallOptions,
  ): Promise<ResponseOf<D>> {
    const base = options.areaBaseUrls?.[d.area] ?? options.baseUrl ?? '';
    const token = options.getToken?.() ?? undefined;
    const headers: Record<string, string> = { client: 'web', lang: options.lang?.() ?? 'en' };
    const url = new URL(joinUrl(base, d.path), base ? undefined : 'http://relative.invalid');
    if (token && d.tokenIn !== 'query') headers.Authorization = `Bearer ${token}`;
    if (token && d.tokenIn === 'query') url.searchParams.set('token', token);
    let body: string | Blob | undefined;
    if (d.method === 'GET' || d.bodyFormat === 'octetStream') {
      for (const [k, v] of Object.entries((request ?? {}) as Record<string, unknown>)) {
        if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
      }
      if (d.method !== 'GET') {
        body = callOptions.body ?? new Blob([]);
        headers['content-type'] = 'application/octet-stream';
      }
    } else {
      const accountId = options.getAccountId?.() ?? undefined;
      // The descriptor says how its body travels (JSON, or the compressed form of the metrics call).
      const value = { ...(accountId ? { accountId } : {}), ...(request as object) };
      // A JSON body is made without waiting, so a keepalive report sent as the page goes away reaches fetch
      // before the page is gone: the compressed form waits for its stream, so a keepalive call sends the plain
      // JSON every compressed-form call also takes (issue 37: a player's last session was lost on leaving).
      const compress = d.bodyFormat === 'compressedForm' && !callOptions.keepalive;
      const wire = compress ? await serialiseBody(value, d.bodyFormat) : jsonBody(value);
      body = wire.text;
      headers['content-type'] = wire.contentType;
    }
    const href = base ? url.href : url.pathname + url.search;
    const fail = (e: AnyApiError): never => {
      throw e;
    };

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const signal = callOptions.signal
      ? AbortSignal.any([controller.signal, callOptions.signal])
      : controller.signal;
    let res: Response;
    try {
      res = await (options.fetch ?? globalThis.fetch)(href, {
        method: d.method,
        headers,
        body,
        signal,
        credentials: options.credentials ?? 'same-origin',
        ...(callOptions.keepalive ? { keepalive: true } : {}),
      });
    } catch (cause) {
      clearTimeout(timer);
      if (controller.signal.aborted) {
        return fail(new TimeoutError(`No answer within ${timeoutMs / 1000} s`, 0, d.path, { cause }));
      }
      if (callOptions.keepalive && body !== undefined && !callOptions.signal?.aborted) {
        // The browser would not keep this request alive: a beacon carries the same body (cookies go along).
        globalThis.navigator?.sendBeacon?.(href, new Blob([body], { type: headers['content-type'] }));
      }
      return fail(new NetworkError('The network request failed', 0, d.path, { cause }));
    }
    try {
      for (const hook of [options.onResponse, callOptions.onResponse]) {
        const replacement = await hook?.(res, d);
        if (replacement instanceof Response) res = replacement;
      }
    } catch (cause) {
      clearTimeout(timer);
      return fail(new NetworkError('A response hook failed', res.status, d.path, { cause }));
    }
    let envelope: Envelope<unknown> | undefined;
    try {
      envelope = (await res.json()) as Envelope<unknown>;
    } catch (cause) {
      clearTimeout(timer);
      if (controller.signal.aborted) {
        return fail(new TimeoutError(`No answer within ${timeoutMs / 1000} s`, 0, d.path, { cause }));
      }
      envelope = undefined;
    }
    clearTimeout(timer);
    if (res.status === 500 || res.status === 502 || !envelope || typeof envelope.errCode !== 'number') {
      return fail(new ServerError('Internal server error', res.status, d.path));
    }
    if (envelope.errCode !== 0) return fail(errorFromEnvelope(envelope.errCode, envelope.errMsg, d.path));
    return envelope.data as ResponseOf<D>;
  }

  const client: Record<string, unknown> = { call };
  for (const [area, calls] of Object.entries(contract)) {
    const methods: Record<string, unknown> = {};
    for (const [name, d] of Object.entries(calls)) {
      if (d.tag === 'raw') continue;
      methods[name] = (req: unknown, callOptions?: CallOptions) => call(d, req as never, callOptions);
    }
    client[area] = methods;
  }
  return client as Client<C>;
}
