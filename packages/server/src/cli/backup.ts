import { BackupError, backupDataFolder, restoreDataFolder } from '../backup/archive.ts';
import { resolveDataDir } from '../config.ts';
import { postgresUrl } from '../store/db.ts';
import { type Command, parseCommandArgs, UsageError } from './command.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs a backup or restore, printing a refusal in words (exit 1) rather than a stack. */
async function inWords(body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

/** The one FILE a command takes, and its data folder. */
function fileAndFolder(args: string[], name: string) {
  const { values, positionals } = parseCommandArgs(args);
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new UsageError(`${name} needs one FILE`);
  return { file, dataDir: resolveDataDir(values.data) };
}

export const backupCommand: Command = {
  name: 'backup',
  usage:
    '  backup FILE                                                       the database, keys and uploads in one file, while serving',
  run: (args) => {
    const { file, dataDir } = fileAndFolder(args, 'backup');
    return inWords(async () => {
      const engine = postgresUrl() ? 'postgres' : 'sqlite';
      const r = await backupDataFolder(dataDir, file, engine);
      console.log(`Backed up ${dataDir} to ${r.file} (${mb(r.bytes)}): ${r.entries.join(', ')}.`);
      if (engine === 'postgres') {
        console.log('The database is PostgreSQL: back it up with pg_dump (docs/operations.md).');
      }
    });
  },
};

export const restoreCommand: Command = {
  name: 'restore',
  usage:
    '  restore FILE                                                      puts a backup back (no server running on the folder)',
  run: (args) => {
    const { file, dataDir } = fileAndFolder(args, 'restore');
    return inWords(async () => {
      const r = await restoreDataFolder(dataDir, file);
      console.log(`Restored the backup of ${r.createdAt} into ${dataDir}: ${r.entries.join(', ')}.`);
      if (r.movedAside)
        console.log(`What it replaced is in ${dataDir}/${r.movedAside} (delete it when all is well).`);
      if (r.engine === 'postgres') {
        console.log('The database was PostgreSQL: restore it with pg_restore (docs/operations.md).');
      }
    });
  },
};
