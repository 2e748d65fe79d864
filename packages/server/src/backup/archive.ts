import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { create, extract, list } from 'tar';
import { SITE_URL_FILE } from '../cli/siteUrl.ts';
import { SECRETS_FILE } from '../config.ts';
import { IP_COUNTRY_FILE } from '../domain/ipCountry.ts';
import { DB_FILE } from '../http/api.ts';
import { LOGO_DIR } from '../media/logoPaths.ts';
import { TITLES_DIR } from '../media/titleAssets.ts';
import { ARTWORK_DIR } from '../operator/titleArtwork.ts';
import { UPLOADS_DIR } from '../operator/uploads.ts';
import { BRAND_DIR } from '../media/brandLogoFile.ts';
import { KEYS_DIR } from '../origin/keys.ts';
import { runningServers } from './running.ts';

/** The archive's own description, first in it: what made it and what it holds. */
const MANIFEST = 'backup.json';
const FORMAT = 'ottkit-backup';
const VERSION = 1;

/**
 * What a backup keeps of the data folder besides the database: the keys (token secret, content keys), the
 * settings files and the operator's uploads (logos, artwork, uploaded and transcoded titles, the brand's logo and
 * app icons). Not kept: the sample
 * library (`media/`, made again by the first start), live recordings and status (`live/`: rolling windows of
 * hours, many gigabytes), caches (guide digests). decision 0396.
 */
const KEPT = [
  SECRETS_FILE,
  KEYS_DIR,
  SITE_URL_FILE,
  IP_COUNTRY_FILE,
  LOGO_DIR,
  BRAND_DIR,
  ARTWORK_DIR,
  TITLES_DIR,
  UPLOADS_DIR,
];

/** A backup or restore that cannot be done, in words for the operator (the command prints it, exit 1). */
export class BackupError extends Error {}

interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  entries: string[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  entries: string[];
  engine: 'sqlite' | 'postgres';
}

/**
 * Writes `file`, a gzipped tar of the data folder's database (SQLite's online backup: consistent while the server
 * runs and writes) and what `KEPT` lists. Written beside `file` first and renamed into place, so a failed
 * backup never leaves half a file under its name. On PostgreSQL the database is the operator's `pg_dump`.
 */
export async function backupDataFolder(
  dataDir: string,
  file: string,
  engine: 'sqlite' | 'postgres',
): Promise<BackupResult> {
  const target = resolve(file);
  if (!existsSync(dirname(target))) throw new BackupError(`${dirname(target)} does not exist`);
  const stage = mkdtempSync(join(dirname(target), '.ottkit-backup-'));
  const partial = `${target}.partial-${process.pid}`;
  try {
    const entries: string[] = [];
    if (engine === 'sqlite') {
      const source = join(dataDir, DB_FILE);
      if (!existsSync(source)) throw new BackupError(`No database in ${dataDir}: nothing to back up`);
      const db = new DatabaseSync(source, { readOnly: true });
      try {
        await sqliteBackup(db, join(stage, DB_FILE));
      } finally {
        db.close();
      }
      entries.push(DB_FILE);
    }
    // The data folder's own files, through links: the archive is made in one pass from one folder.
    for (const name of KEPT) {
      if (!existsSync(join(dataDir, name))) continue;
      symlinkSync(join(dataDir, name), join(stage, name));
      entries.push(name);
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      engine,
      entries,
    };
    writeFileSync(join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await create({ file: partial, cwd: stage, gzip: true, portable: true, follow: true }, [
      MANIFEST,
      ...entries,
    ]);
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, entries, engine };
  } finally {
    rmSync(partial, { force: true });
    rmSync(stage, { recursive: true, force: true });
  }
}

export interface RestoreResult {
  entries: string[];
  engine: 'sqlite' | 'postgres';
  createdAt: string;
  /** Where what the restore replaced was moved (nothing is deleted). */
  movedAside?: string;
}

/**
 * Puts a backup back into the data folder. Refused while a server runs on it, and for an archive that is not an
 * ottkit backup or names anything but what backups hold (absolute paths, `..`, links: nothing is written outside
 * the folder). What it replaces is moved into `.before-restore-<time>/` in the data folder, not deleted.
 */
export async function restoreDataFolder(dataDir: string, file: string): Promise<RestoreResult> {
  const pids = runningServers(dataDir);
  if (pids.length > 0) {
    throw new BackupError(
      `A server is running on ${dataDir} (pid ${pids.join(', ')}): stop it first. A restore under it would be ` +
        'overwritten by what it writes.',
    );
  }
  const source = resolve(file);
  if (!existsSync(source)) throw new BackupError(`${file} does not exist`);
  const allowed = new Set([MANIFEST, DB_FILE, ...KEPT]);
  const refused: string[] = [];
  try {
    await list({
      file: source,
      strict: true,
      onReadEntry: (e) => {
        const path = e.path.replace(/\/$/, '');
        const top = path.split('/')[0] ?? '';
        const kind = e.type;
        if (path.startsWith('/') || path.split('/').includes('..') || !allowed.has(top)) refused.push(path);
        else if (kind !== 'File' && kind !== 'Directory') refused.push(`${path} (${kind})`);
      },
    });
  } catch {
    throw new BackupError(`${file} is not an ottkit backup (not a readable archive)`);
  }
  if (refused.length > 0) {
    throw new BackupError(
      `${file} is not an ottkit backup: it holds ${refused.slice(0, 3).join(', ')}${refused.length > 3 ? '…' : ''}`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const stage = mkdtempSync(join(dataDir, '.restoring-'));
  try {
    await extract({ file: source, cwd: stage, strict: true });
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(stage, MANIFEST), 'utf8')) as Manifest;
    } catch {
      throw new BackupError(`${file} is not an ottkit backup (no ${MANIFEST})`);
    }
    if (manifest.format !== FORMAT || manifest.version !== VERSION) {
      throw new BackupError(`${file} is not an ottkit backup of this version (${FORMAT} ${VERSION})`);
    }
    const entries = manifest.entries.filter((n) => allowed.has(n) && existsSync(join(stage, n)));
    // What is replaced, moved aside: the database with its journal, and each kept file or folder.
    const aside = join(dataDir, `.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const replaced = entries.flatMap((n) => (n === DB_FILE ? [n, `${n}-wal`, `${n}-shm`] : [n]));
    for (const name of replaced) {
      if (!existsSync(join(dataDir, name))) continue;
      mkdirSync(aside, { recursive: true });
      renameSync(join(dataDir, name), join(aside, name));
    }
    for (const name of entries) renameSync(join(stage, name), join(dataDir, name));
    return {
      entries,
      engine: manifest.engine,
      createdAt: manifest.createdAt,
      ...(existsSync(aside) ? { movedAside: basename(aside) } : {}),
    };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
