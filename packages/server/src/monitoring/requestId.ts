import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header the edge sends its request id in (nginx: `$request_id`), and the answer carries it back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id from outside is taken only when it is short and plain: it goes into every log line of the request. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

const scope = new AsyncLocalStorage<string>();

/** The request's id: the edge's (or a client's) when it is safe to log, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** Runs `fn` (and everything it starts) as the request `id`: the log lines it writes carry it. */
export const withRequestId = <T>(id: string, fn: () => T): T => scope.run(id, fn);

/** The id of the request being served here, if any. */
export const currentRequestId = (): string | undefined => scope.getStore();
