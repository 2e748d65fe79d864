import type { Command } from './command.ts';
import { UsageError } from './command.ts';
import { auditCliRun } from './audit.ts';
import { COMMANDS } from './commands.ts';

/** The overview every unknown command, `help` and `--help` print. */
export function usage(commands: readonly Command[] = COMMANDS): string {
  const lines = commands.flatMap((c) => (c.usage ? [c.usage] : []));
  return `Usage: ottkit-server <command> [--data DIR]\n${lines.join('\n')}`;
}

/** The usage lines of one command (a command's lines start with its name; continuation lines follow them). */
export function usageOf(command: string, commands: readonly Command[] = COMMANDS): string | undefined {
  const out: string[] = [];
  let mine = false;
  for (const line of usage(commands).split('\n').slice(1)) {
    const head = /^ {2}(\S+)/.exec(line)?.[1];
    if (head) mine = head === command;
    if (mine) out.push(line);
  }
  return out.length ? `Usage: ottkit-server [--data DIR]\n${out.join('\n')}` : undefined;
}

/**
 * The one dispatcher of the operator CLI: finds the command, answers `--help` (or `-h`, anywhere in the
 * arguments, before anything is parsed or opened) with its usage, and turns a `UsageError` into its usage and
 * exit code 2. Other errors propagate (the entry point prints their message, exit 1). Answers the exit code;
 * -1 when the process keeps running (`serve`).
 */
export async function main(argv: string[], commands: readonly Command[] = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.log(usage(commands));
    return name === undefined || name === 'help' || name === '--help' ? 0 : 2;
  }
  const own = usageOf(command.name, commands) ?? usage(commands);
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(own);
    return 0;
  }
  try {
    const code = await command.run(rest);
    // A change made on the server's disk is audited like a console's (actor `cli`, decision 0248).
    if (code >= 0 && code !== 2) await auditCliRun(command.name, rest, code);
    return code;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (e.message) console.error(e.message);
    console.log(own);
    return 2;
  }
}
