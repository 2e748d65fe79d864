import { z } from 'zod';

// In a browser the schemas run under the page's Content-Security-Policy, which (rightly) forbids eval: zod's
// JIT probes `new Function` and, although it falls back, the browser reports a CSP violation each time.
// Every module of the contract imports this one, so the switch is set before any schema is used.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** The API areas of spec §7; each area's base URL is configurable in the client. */
export type Area = 'live' | 'vod' | 'account' | 'message' | 'drm' | 'metrics' | 'operator';

/**
 * Who may make a call: anyone, any session (guest or user), or a logged-in user only; `operator`: a signed-in
 * operator (console session, not a subscriber's) whose role is one of the call's `roles` (decision 0210).
 */
export type Access = 'public' | 'session' | 'user' | 'operator';

/** Operator roles (issue 18): admin may do everything; editor the line-up; support the subscribers. */
export type OperatorRole = 'admin' | 'editor' | 'support';

/**
 * How a call's request body travels. `json`: a JSON object (the default). `compressedForm`: spec §7's
 * "compressed form body" of the metrics call, `data=<base64 of gzip(JSON)>` as application/x-www-form-urlencoded,
 * the one shape `navigator.sendBeacon` sends without a CORS preflight; a call that takes it takes plain JSON too.
 * `octetStream`: bytes as they are (application/octet-stream), given to the client as `CallOptions.body` (a Blob,
 * never read into memory), with the request's fields in the query: the console's resumable upload chunk.
 */
export type BodyFormat = 'json' | 'compressedForm' | 'octetStream';

/**
 * What a call is besides an envelope call of the typed client. `raw`: it answers in another standard's format,
 * not the envelope (the ClearKey licence that EME and shaka-player call, the OpenAPI document); the server
 * hands it to its own handler and the typed client has no method for it. `sandbox`: it exists for testing
 * only, when the operator turns the sandbox on, never in production (the member-site sandbox).
 */
export type CallTag = 'raw' | 'sandbox';

/** What the client needs of a call at run time (no schemas): see routes.generated.ts. */
export interface RouteMeta {
  area: Area;
  method: 'GET' | 'POST';
  path: string;
  tokenIn?: 'header' | 'query';
  /** How the request body travels; `json` when absent. */
  bodyFormat?: BodyFormat;
  tag?: CallTag;
  /** The answer carries an ETag and the client revalidates its kept answer (see CallDescriptor). */
  revalidate?: boolean;
}

/**
 * One call of the API: the single source the server registers its route from, the client derives its
 * method from, and the OpenAPI document is generated from.
 */
export interface CallDescriptor<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  area: Area;
  method: 'GET' | 'POST';
  /** Full path as the spec writes it, area prefix included: `/liveapi/api/v5/channel/unencrypted/list`. */
  path: string;
  access: Access;
  /** The VOD API carries the token in the query (spec §7); everything else in the Authorization header. */
  tokenIn?: 'header' | 'query';
  /** How the request body travels; `json` when absent (the server parses, the client serialises, from this). */
  bodyFormat?: BodyFormat;
  /** A raw (non-envelope) or sandbox call; absent for the ordinary envelope calls. */
  tag?: CallTag;
  summary: string;
  /** For `access: 'operator'`: the roles allowed besides admin (admin is always allowed). */
  roles?: readonly OperatorRole[];
  request: Req;
  response: Res;
  /** The largest request body the server reads for this call; the server's default (64 KiB) when absent. */
  maxBodyBytes?: number;
  /**
   * A large answer that rarely changes (the channel list): the server answers it with an ETag, and 304 to an
   * `If-None-Match` naming the answer it would send; the typed client keeps the last answer and its ETag and
   * asks with it (decision 0296). A POST is never cached by a browser, hence the client's own keeping.
   */
  revalidate?: boolean;
  /**
   * The call only reads: made twice it answers the same and changes nothing. An edge in front of several
   * processes may then send it again to another process when the first one died mid-request (decision 0318);
   * a call that writes is never sent twice. Absent: treated as a write.
   */
  readOnly?: boolean;
}

/** Identity helper that keeps the literal types of a descriptor. */
export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  d: CallDescriptor<Req, Res>,
): CallDescriptor<Req, Res> {
  return d;
}

export type RequestOf<D> = D extends CallDescriptor<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<D> = D extends CallDescriptor<z.ZodType, infer Res> ? z.output<Res> : never;

/** The body format of a call: what its descriptor says, `json` when it says nothing. */
export const bodyFormatOf = (d: Pick<RouteMeta, 'bodyFormat'>): BodyFormat => d.bodyFormat ?? 'json';
