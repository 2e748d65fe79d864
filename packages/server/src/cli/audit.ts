import { openDataStore } from '../dataStore.ts';
import { CLI_ACTOR, recordAuditNow } from '../operator/audit.ts';

/**
 * Which command-line verbs change data, so each run of one is written to the audit log with actor `cli`
 * (decision 0248): `true` for a command that always changes data, else its changing verbs. Verbs whose domain
 * code already audits with before and after (`operator create`, `sources import|refresh|edit|remove`, `guide map|unmap`) are left out here, so
 * one change is one entry. Every command is in exactly one of CLI_CHANGES and CLI_READ_ONLY (a test holds it).
 */
export const CLI_CHANGES: Readonly<Record<string, true | readonly string[]>> = {
  'recharge-codes': ['create'],
  config: ['set'],
  'zero-trust': ['seal', 'clear'],
  notice: ['publish', 'withdraw', 'notify'],
  names: ['set'],
  sources: ['add'],
  // `guide map|unmap` write their own entries, with the mapping in the same transaction (decision 0445).
  guide: [],
  'guide-import': true,
  broadcast: true,
  'ip-country': ['load'],
  'bench-lineup': true,
  live: ['add', 'remove', 'mode'],
  operator: [],
  // `library import|add|remove` write their own entries (decisions 0422, 0423); `preview` and `list` only read.
  library: [],
  // Written into the restored database: who put which backup back, and when (decision 0396).
  restore: true,
  // The catalogue's search index written again (decision 0435).
  search: ['rebuild'],
};

/** Commands that only read (or serve): nothing to audit. */
export const CLI_READ_ONLY: readonly string[] = [
  'serve',
  'outbox',
  'plans',
  'telemetry',
  // Start processes or print a configuration: no data of the store changes.
  'cluster',
  'edge-config',
  // Reads the data folder into an archive.
  'backup',
];

/** Option names whose values are secrets: the audit log keeps `***` instead. */
const SECRET_OPTION = /pass|secret|token|key/i;

/** The arguments as the audit log keeps them: secrets' values hidden, `--data` (where, not what) left out. */
export function auditedArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const [name, inline] = a.startsWith('--') ? a.slice(2).split('=', 2) : [undefined, undefined];
    if (name === 'data') {
      if (inline === undefined) i++;
      continue;
    }
    if (name !== undefined && SECRET_OPTION.test(name)) {
      out.push(`--${name}`, '***');
      if (inline === undefined && args[i + 1] !== undefined && !args[i + 1]?.startsWith('--')) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** The data folder a command ran on (`--data DIR` or `--data=DIR`), if given. */
function dataDirOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--data') return args[i + 1];
    if (a.startsWith('--data=')) return a.slice('--data='.length);
  }
  return undefined;
}

/** Whether `command args…` changes data (its verb is the first argument). */
export function cliChanges(command: string, args: readonly string[]): boolean {
  const verbs = CLI_CHANGES[command];
  if (verbs === undefined) return false;
  if (verbs === true) return true;
  const verb = args[0];
  return verb !== undefined && verbs.includes(verb);
}

/**
 * After a data-changing command ran (whatever its exit code: a batch may have changed part of what it was
 * given), one audit entry: `cli.<command>.<verb>`, the target (its first name or id argument), the arguments
 * and the exit code.
 */
export async function auditCliRun(command: string, args: readonly string[], exitCode: number): Promise<void> {
  if (!cliChanges(command, args)) return;
  const verbs = CLI_CHANGES[command];
  const verb = verbs === true ? undefined : args[0];
  const target = (verbs === true ? args[0] : args[1]) ?? '';
  const { db } = openDataStore(dataDirOf(args));
  try {
    await recordAuditNow(
      db,
      CLI_ACTOR,
      ['cli', command, verb].filter(Boolean).join('.'),
      target.startsWith('--') ? '' : target,
      { after: { args: auditedArgs(args), exitCode } },
      Date.now(),
    );
  } finally {
    db.close();
  }
}
