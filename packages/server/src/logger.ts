import { pino } from 'pino';
import { currentRequestId } from './monitoring/requestId.ts';

/**
 * Where the server's background work says what it did: the app's console logger, or a test's. Its own file, not
 * `http/api.ts`, so that operator/ and domain/ can take one without importing the HTTP layer (decision 0369).
 */
export interface Logger {
  info(msg: string): void;
  error(msg: string, err?: unknown): void;
}

/** How the process writes its log: lines for a person (the default), or JSON lines for a log collector. */
export type LogFormat = 'text' | 'json';

/** OTTKIT_LOG_FORMAT: `text` (default) or `json`; anything else is refused in words. */
export function logFormatOf(value: string | undefined): LogFormat {
  if (value === undefined || value === '' || value === 'text') return 'text';
  if (value === 'json') return 'json';
  throw new Error(`OTTKIT_LOG_FORMAT must be text or json, got '${value.slice(0, 20)}'`);
}

/** Lines for a person at a terminal, as `npm start` always wrote them. */
export const textLogger: Logger = {
  info: (msg) => console.log(msg),
  error: (msg, err) => (err === undefined ? console.error(msg) : console.error(msg, err)),
};

/**
 * JSON lines on standard output (pino, decision 0397): level, time, message, the error with its stack, and the id
 * of the request the line was written for (the edge's, passed on in `x-request-id`), so that one request's lines
 * are found across the edge and every process. `destination` is for tests.
 */
export function jsonLogger(destination?: { write(line: string): void }): Logger {
  const log = pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    destination ?? pino.destination({ sync: true }),
  );
  return {
    info: (msg) => log.info(msg),
    error: (msg, err) => (err === undefined ? log.error(msg) : log.error({ err }, msg)),
  };
}

export const loggerFor = (format: LogFormat): Logger => (format === 'json' ? jsonLogger() : textLogger);
