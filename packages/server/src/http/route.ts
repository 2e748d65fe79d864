import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallDescriptor } from '@ottkit/api-client/contract';
import type { z } from 'zod';
import type { ServerConfig } from '../config.ts';
import { DomainError } from '../domain/errors.ts';
import type { MessageSender } from '../domain/messages.ts';
import type { Session } from '../domain/sessions.ts';
import type { Db } from '../store/db.ts';

export type { Session };

/** Everything a handler may use; built per request by the HTTP layer. */
export interface RequestContext {
  db: Db;
  config: ServerConfig;
  /** The clock: tests pass a fake one. Epoch ms. */
  now: () => number;
  session: Session | null;
  /** Caller address, for access rules and attempt limits. */
  ip: string;
  lang: string;
  req: IncomingMessage;
  /** For response headers only (e.g. the session cookie); the body is always the envelope the HTTP layer writes. */
  res: ServerResponse;
  /** Delivers verification codes (the outbox by default). */
  sender: MessageSender;
}

export type Handler<D extends CallDescriptor> = (
  ctx: RequestContext,
  request: z.output<D['request']>,
) => Promise<z.input<D['response']>> | z.input<D['response']>;

export interface Route {
  descriptor: CallDescriptor;
  handler: Handler<CallDescriptor>;
}

/** Binds a handler to its contract descriptor; the HTTP layer registers the route from the descriptor. */
export function route<D extends CallDescriptor>(descriptor: D, handler: Handler<D>): Route {
  return { descriptor, handler: handler as unknown as Handler<CallDescriptor> };
}

/**
 * Thrown by the HTTP layer and handlers for a client's mistake (unknown path, bad body) or a business rule: an
 * envelope with this errCode, like every `DomainError` (of which it is one, so `api.ts` maps both the same way).
 */
export class HttpError extends DomainError {}
