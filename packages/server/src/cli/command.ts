import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import type { ServerConfig } from '../config.ts';
import { openDataStore } from '../dataStore.ts';
import type { Db } from '../store/db.ts';

/**
 * One operator command. `usage` holds its lines of the overview, each starting with two spaces and the name
 * (continuation lines indented further); `--help` prints them. A command whose lines another command's usage
 * already holds (`guide`, in the sources usage) leaves it out. `run` prints what it did and answers the exit code
 * (-1: keep the process running, as `serve` does).
 */
export interface Command {
  name: string;
  usage?: string;
  run(args: string[]): number | Promise<number>;
}

type Values = Record<string, string | boolean | undefined>;

/** A command's arguments: its own options, `--data DIR` (every command takes it) and positionals. */
export function parseCommandArgs(
  args: string[],
  options: ParseArgsOptionsConfig = {},
): { values: Values & { data?: string }; positionals: string[] } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...options, data: { type: 'string' } },
  });
  return { values: values as Values & { data?: string }, positionals };
}

export interface StoreArgs {
  db: Db;
  config: ServerConfig;
  values: Values;
  positionals: string[];
}

/**
 * Runs `body` over the data folder's store (`--data`, migrated and seeded like `serve`) and closes it whatever
 * happens. `overrides` adds configuration from the command's own options (zero-trust's `--port`).
 */
export async function withStore(
  args: string[],
  options: ParseArgsOptionsConfig,
  body: (s: StoreArgs) => number | Promise<number>,
  overrides: (values: Values) => Partial<ServerConfig> = () => ({}),
): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options);
  const { config, db } = openDataStore(values.data, overrides(values));
  try {
    return await body({ db, config, values, positionals });
  } finally {
    db.close();
  }
}

/** A string option's value (parseArgs types every option as string | boolean). */
export const str = (v: string | boolean | undefined): string | undefined =>
  typeof v === 'string' ? v : undefined;

/** A command used wrongly: the dispatcher prints the message (when there is one) and the command's usage, exit 2. */
export class UsageError extends Error {}
