import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, QueryId } from 'kysely';
import type { Db } from './db.ts';

/**
 * The numbers that say whether what a process keeps is still current (decision 0410): the line-up's (moved by the
 * triggers of migrations 147, 498 and 499 on every table the line-up is read from), the settings' (499), the
 * sessions' and the catalogue's (531, decision 0411), the accounts' products and the profiles' favourites (532,
 * decision 0419), the operator's notices (540, decision 0432). A write by any process or command moves them, so it is seen at the next call.
 */
export interface Versions {
  lineup: number;
  settings: number;
  sessions: number;
  catalogue: number;
  entitlements: number;
  favourites: number;
  notices: number;
}

const asked = new WeakMap<Db, Promise<Versions>>();

/**
 * One request's versions (decision 0417): its calls ask them once, not once for each thing kept (a viewer's play
 * source asked seven times, half of its statements). What the request itself writes makes it ask again, and then
 * not join a query already on its way, which may predate the write. An answer serves for `REQUEST_VERSIONS_MS`
 * at most: work a request starts and leaves running (a job, a channel's packager) inherits its scope, and must
 * not keep a request's versions for its whole life.
 */
interface RequestVersions {
  known: Map<Db, { answer: Promise<Versions>; at: number }>;
  wrote: boolean;
}
export const REQUEST_VERSIONS_MS = 100;
const oneRequest = new AsyncLocalStorage<RequestVersions>();

/** Runs `serve` (one request, and all it starts) with its versions asked once. */
export const withVersionsOfOneRequest = <T>(serve: () => T): T =>
  oneRequest.run({ known: new Map(), wrote: false }, serve);

/** The request being served wrote (or is writing) the store: its next call asks the versions again. */
export function versionsMayHaveMoved(): void {
  const mine = oneRequest.getStore();
  if (!mine) return;
  mine.known.clear();
  mine.wrote = true;
}

/**
 * The versions, in one query on the asynchronous store. The calls that ask while it is on its way share it: under
 * load a process asks about once per round trip, not once a call. A call that joins a query already on its way
 * may miss a write another request made in the same few milliseconds; the next call sees it. Within one request
 * the answer is asked once (see `withVersionsOfOneRequest`).
 */
export function versionsNow(db: Db): Promise<Versions> {
  const mine = oneRequest.getStore();
  const known = mine?.known.get(db);
  const at = performance.now();
  if (known && at - known.at < REQUEST_VERSIONS_MS) return known.answer;
  const pending = mine?.wrote ? undefined : asked.get(db);
  const answer = pending ?? askVersions(db);
  if (mine) {
    mine.wrote = false;
    mine.known.set(db, { answer, at });
  }
  return answer;
}

function askVersions(db: Db): Promise<Versions> {
  const query = db.kysely
    .selectNoFrom((eb) => [
      eb.selectFrom('lineup_version').select('n').as('lineup'),
      eb.selectFrom('settings_version').select('n').as('settings'),
      eb.selectFrom('sessions_version').select('n').as('sessions'),
      eb.selectFrom('catalogue_version').select('n').as('catalogue'),
      eb.selectFrom('entitlements_version').select('n').as('entitlements'),
      eb.selectFrom('favourites_version').select('n').as('favourites'),
      eb.selectFrom('notices_version').select('n').as('notices'),
    ])
    .executeTakeFirstOrThrow()
    .then((r) => ({
      lineup: Number(r.lineup ?? -1),
      settings: Number(r.settings ?? -1),
      sessions: Number(r.sessions ?? -1),
      catalogue: Number(r.catalogue ?? -1),
      entitlements: Number(r.entitlements ?? -1),
      favourites: Number(r.favourites ?? -1),
      notices: Number(r.notices ?? -1),
    }))
    .finally(() => {
      if (asked.get(db) === query) asked.delete(db);
    });
  asked.set(db, query);
  return query;
}

/**
 * Kysely's side of `versionsMayHaveMoved`: every statement but a SELECT may write (an INSERT, UPDATE or DELETE, a
 * raw statement), so the request forgets its versions when it is sent and again when it is answered (a read of
 * the request's that ran meanwhile may have asked them before the write took).
 */
export const writesMoveVersions: KyselyPlugin = {
  transformQuery({ node, queryId }) {
    if (node.kind !== 'SelectQueryNode') {
      versionsMayHaveMoved();
      writing.add(queryId);
    }
    return node;
  },
  async transformResult({ result, queryId }) {
    if (writing.delete(queryId)) versionsMayHaveMoved();
    return result;
  },
};
const writing = new WeakSet<QueryId>();

/** What is kept per database, with the version it was read at. */
export type KeptValues<T> = WeakMap<Db, { version: number; value: T }>;

/**
 * `read` on the asynchronous store, kept per database while the `which` version stays (decisions 0410, 0434): a
 * new version is read without stopping the process. The calls that ask while it is read share the read; one that
 * failed is not kept. `kept` may be shared with a synchronous reader of the same value (`keptPerLineupVersion`).
 */
export function keptNowPerVersion<T>(
  which: keyof Versions,
  read: (db: Db) => Promise<T>,
  kept: KeptValues<T> = new WeakMap(),
) {
  const reading = new WeakMap<Db, { version: number; value: Promise<T> }>();
  return async (db: Db): Promise<T> => {
    const version = (await versionsNow(db))[which];
    const known = kept.get(db);
    if (known?.version === version) return known.value;
    let pending = reading.get(db);
    if (pending?.version !== version) {
      const value = read(db);
      pending = { version, value };
      reading.set(db, pending);
      value.then(
        (v) => {
          // Kept unless a later version was kept meanwhile.
          if ((kept.get(db)?.version ?? Number.NEGATIVE_INFINITY) < version)
            kept.set(db, { version, value: v });
        },
        () => {
          if (reading.get(db)?.value === value) reading.delete(db);
        },
      );
    }
    return pending.value;
  };
}

/**
 * Answers kept by key (a token's session, a title) while the `which` version stays: `now` gives the map for the
 * version of now, emptied when the version moved. At most `limit` keys: a full map is emptied rather than grown.
 * What it holds is shared, callers must not modify it.
 */
export function keptByKey<K, V>(which: keyof Versions, limit: number) {
  const kept = new WeakMap<Db, { version: number; map: Map<K, V> }>();
  return async (db: Db): Promise<Map<K, V>> => {
    const version = (await versionsNow(db))[which];
    let known = kept.get(db);
    if (known?.version !== version) {
      known = { version, map: new Map() };
      kept.set(db, known);
    }
    if (known.map.size >= limit) known.map.clear();
    return known.map;
  };
}

/**
 * `read(db, key)`, kept by key while the `which` version stays (see `keptByKey`): the first call for a key reads,
 * the next ones answer what it read. A read that ran while the version moved is kept under the version it was
 * asked with, which the next call no longer uses.
 */
export function keptRead<K, V>(which: keyof Versions, limit: number, read: (db: Db, key: K) => Promise<V>) {
  const keptFor = keptByKey<K, V>(which, limit);
  return async (db: Db, key: K): Promise<V> => {
    const kept = await keptFor(db);
    if (kept.has(key)) return kept.get(key) as V;
    const value = await read(db, key);
    kept.set(key, value);
    return value;
  };
}
