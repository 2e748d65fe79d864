import type { Lang, Library } from '@ottkit/api-client/contract';
import { LIBRARY_PARALLEL } from '@ottkit/api-client/contract';
import type { Selectable } from 'kysely';
import { type Actor, recordAuditNow } from '../operator/audit.ts';
import type { Db } from '../store/db.ts';
import type { LibrariesTable } from '../store/kysely/schema.generated.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';
import { upstreamLimits } from '../sources/importer.ts';
import { sourceByNameNow } from '../store/sources.ts';
import type { XtreamAccount } from '../sources/xtream.ts';
import { readFeed } from './feed.ts';
import { readXtreamLibrary } from './xtreamVod.ts';
import { type LibraryScan, libraryFolder, scanLibrary } from './scan.ts';

// Named film libraries (issue 42, decision 0423): what the console and `library add` keep of a folder, on the
// asynchronous store (issue 39). The folder is checked against the configured roots when it is added and again
// each time it is read (scan.ts), so a library whose folder moved out of them is refused, not followed.

export class LibraryError extends Error {
  readonly kind: 'exists' | 'notFound';
  constructor(kind: 'exists' | 'notFound', message: string) {
    super(message);
    this.kind = kind;
  }
}

const toLibrary = (r: Selectable<LibrariesTable>): Library => ({
  name: r.name,
  folder: r.folder,
  // A feed's URL may carry an account's password (a panel's): never shown (decision 0435).
  feed: maskSecrets(r.feed),
  xtream: r.xtream_source,
  lang: r.lang as Lang,
  publish: Number(r.publish) === 1,
  parallel: Number(r.parallel),
  watchMinutes: Number(r.watch_minutes),
  createdAt: Number(r.created_at),
  lastImport: r.last_import,
  ...(r.last_import_at === null ? {} : { lastImportAt: Number(r.last_import_at) }),
});

export interface NewLibrary {
  name: string;
  /** A folder on the server, or else a feed's URL, or else an Xtream line-up source's name. */
  folder?: string;
  feed?: string;
  xtream?: string;
  lang?: Lang;
  publish?: boolean;
  parallel?: number;
  watchMinutes?: number;
}

/** Adds a library over a folder inside `roots` (LibraryFolderError otherwise) or a feed's URL; audited. */
export async function addLibrary(
  db: Db,
  input: NewLibrary,
  roots: string[],
  actor: Actor,
  now: number,
): Promise<Library> {
  const folder = input.folder === undefined ? '' : libraryFolder(input.folder, roots);
  if (input.xtream !== undefined) await xtreamAccount(db, input.xtream);
  const row = {
    name: input.name,
    folder,
    feed: input.feed ?? '',
    xtream_source: input.xtream ?? '',
    lang: input.lang ?? 'en',
    publish: input.publish ? 1 : 0,
    parallel: input.parallel ?? LIBRARY_PARALLEL.default,
    watch_minutes: input.watchMinutes ?? 0,
    created_at: now,
  };
  const done = await db.kysely
    .insertInto('libraries')
    .values(row)
    .onConflict((c) => c.column('name').doNothing())
    .executeTakeFirst();
  if (Number(done.numInsertedOrUpdatedRows ?? 0) === 0) {
    throw new LibraryError('exists', `A library named ${input.name} exists already.`);
  }
  const library = await namedLibrary(db, input.name);
  await recordAuditNow(db, actor, 'library.add', library.name, { after: library }, now);
  return library;
}

export async function listLibraries(db: Db): Promise<Library[]> {
  const rows = await db.kysely.selectFrom('libraries').selectAll().orderBy('name').execute();
  return rows.map(toLibrary);
}

/** Where a library's titles are: its folder, its feed or its Xtream panel. */
export const libraryKind = (l: Library): 'folder' | 'feed' | 'panel' =>
  l.feed ? 'feed' : l.xtream ? 'panel' : 'folder';

async function libraryRow(db: Db, name: string): Promise<Selectable<LibrariesTable>> {
  const r = await db.kysely.selectFrom('libraries').selectAll().where('name', '=', name).executeTakeFirst();
  if (!r) throw new LibraryError('notFound', `No library named ${name}.`);
  return r;
}

export async function namedLibrary(db: Db, name: string): Promise<Library> {
  return toLibrary(await libraryRow(db, name));
}

/** The account of the Xtream line-up source `name`, or a refusal in words. */
async function xtreamAccount(db: Db, name: string): Promise<XtreamAccount> {
  const source = await sourceByNameNow(db, name);
  if (source?.kind !== 'xtream')
    throw new LibraryError(
      'notFound',
      `No Xtream Codes line-up source named ${name}: add the account in Sources.`,
    );
  return { server: source.location, user: source.xtreamUser, password: source.xtreamPassword };
}

/**
 * Reads the library now: its folder (checked against `roots` again), its feed or its Xtream account (under the
 * upstream rule and the line-up sources' limits). `key` is what its imports recorded its files or entries under:
 * the folder, the feed's URL, or `xtream:` and the source's name. Throws LibraryFolderError or SourceError in words.
 */
export async function readLibrary(
  db: Db,
  name: string,
  roots: string[],
): Promise<{ library: Library; key: string; scan: LibraryScan }> {
  const r = await libraryRow(db, name);
  const library = toLibrary(r);
  if (r.feed)
    return { library, key: r.feed, scan: await readFeed(r.feed, library.lang, await upstreamLimits(db)) };
  if (r.xtream_source) {
    const account = await xtreamAccount(db, r.xtream_source);
    const scan = await readXtreamLibrary(account, library.lang, await upstreamLimits(db));
    return { library, key: `xtream:${r.xtream_source}`, scan };
  }
  const folder = libraryFolder(library.folder, roots);
  return { library, key: folder, scan: await scanLibrary(folder, library.lang) };
}

/** Forgets the library (its titles stay, and so does what its folder's imports recorded); audited. */
export async function removeLibrary(db: Db, name: string, actor: Actor, now: number): Promise<void> {
  const before = await namedLibrary(db, name);
  await db.kysely.deleteFrom('libraries').where('name', '=', name).execute();
  await recordAuditNow(db, actor, 'library.remove', name, { before }, now);
}

/** What the library's last import did, in words. */
export async function recordLibraryImport(db: Db, name: string, text: string, at: number): Promise<void> {
  await db.kysely
    .updateTable('libraries')
    .set({ last_import: text, last_import_at: at })
    .where('name', '=', name)
    .execute();
}

/** What an import (or a watch's look) saw in the library's folder. */
export async function recordFilesSeen(db: Db, name: string, seen: string): Promise<void> {
  await db.kysely.updateTable('libraries').set({ files_seen: seen }).where('name', '=', name).execute();
}

/** The watched libraries due a look at `now`, with what their folder held when last seen. */
export async function dueForWatch(db: Db, now: number) {
  const rows = await db.kysely.selectFrom('libraries').selectAll().where('watch_minutes', '>', 0).execute();
  return rows
    .filter((r) => Number(r.watched_at ?? 0) + Number(r.watch_minutes) * 60_000 <= now)
    .map((r) => ({ library: toLibrary(r), watchedAt: r.watched_at, filesSeen: r.files_seen }));
}

/**
 * Takes the library's look at `now` for this process: true for exactly one of the processes of a cluster that
 * ask at once (the row moves only from the time each of them read).
 */
export async function claimWatch(
  db: Db,
  name: string,
  watchedAt: number | null,
  now: number,
): Promise<boolean> {
  const done = await db.kysely
    .updateTable('libraries')
    .set({ watched_at: now })
    .where('name', '=', name)
    .where((w) => (watchedAt === null ? w('watched_at', 'is', null) : w('watched_at', '=', watchedAt)))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
