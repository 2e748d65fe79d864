export interface RunningPostgres {
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string;
  port: number;
  start(): void;
  /** Creates database `name` when it is missing; returns its URL. */
  database(name: string): string;
  /** The databases made in it (every one but PostgreSQL's own). */
  databases(): string[];
  /** Drops database `name` when it exists, closing its connections first. */
  drop(name: string): void;
  /** fast rolls back open transactions; immediate is a crash. */
  stop(mode?: 'fast' | 'immediate' | 'smart'): void;
}
export function postgresBin(): string | undefined;
/** Debian's PostgreSQL server, as a need of `ensureDebianAll`. */
export const POSTGRES_PACKAGES: import('./debian.mjs').DebianNeed;
export function ensurePostgres(): void;
export function startPostgres(dir: string, port: number, options?: { durable?: boolean }): RunningPostgres;
