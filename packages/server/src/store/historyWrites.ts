import type { Insertable, Kysely, OnConflictBuilder, Selectable } from 'kysely';
import type { Db } from './db.ts';
import type { Database } from './kysely/schema.generated.ts';

/**
 * The watch history's writes, grouped (issue 39, decision 0411). Every player reports its position on a cadence,
 * so at 10,000 viewers this is the service's most frequent write. The reports that arrive while a write is on
 * its way wait for the next one and go in it together, as one multi-row upsert: one statement and one commit for
 * many viewers, on either engine. A lone report goes at once. A few writes may be on their way at the same time,
 * so one that waits on a row lock (the same viewer's other report) holds up only the reports that joined it.
 */
export type HistoryInsert = Insertable<Database['vod_history']>;
export type HistoryRow = Selectable<Database['vod_history']>;

interface Waiting {
  row: HistoryInsert;
  done: (row: HistoryRow | undefined) => void;
  failed: (err: unknown) => void;
}

/** Writes on their way at once, per process and database; and the most reports one write takes. */
const FLIGHTS = 3;
const MOST = 500;
const queues = new WeakMap<Db, { waiting: Waiting[]; flights: number }>();
const keyOf = (r: { profile_id: string; meta_id: string }) => `${r.profile_id} ${r.meta_id}`;

/**
 * Writes a history row (inserted, or its position and time updated), answering the row stored; undefined when
 * the row's profile no longer exists.
 */
export function writeHistoryRow(db: Db, row: HistoryInsert): Promise<HistoryRow | undefined> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], flights: 0 };
    queues.set(db, queue);
  }
  const answer = new Promise<HistoryRow | undefined>((done, failed) =>
    queue.waiting.push({ row, done, failed }),
  );
  if (queue.flights < FLIGHTS) {
    queue.flights++;
    // After the current turn of the event loop, so that the reports of the same turn go together.
    const q = queue;
    queueMicrotask(() => void fly(db, q));
  }
  return answer;
}

async function fly(db: Db, queue: { waiting: Waiting[]; flights: number }): Promise<void> {
  try {
    while (queue.waiting.length > 0) await writeBatch(db.kysely, queue.waiting.splice(0, MOST));
  } finally {
    queue.flights--;
  }
}

async function writeBatch(k: Kysely<Database>, batch: Waiting[]): Promise<void> {
  // A viewer's two reports of one title in a batch: the later is written (as one after the other would leave it),
  // and both are answered with that row. PostgreSQL refuses an upsert that meets one row twice. In key order, so two
  // writes on their way at once lock shared rows in the same order.
  const latest = new Map<string, HistoryInsert>();
  for (const w of batch) latest.set(keyOf(w.row), w.row);
  const rows = [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, r]) => r);
  try {
    const written = await upsert(k, rows).returningAll().execute();
    const byKey = new Map(written.map((r) => [keyOf(r), r]));
    for (const w of batch) w.done(byKey.get(keyOf(w.row)));
  } catch {
    // One row the statement could not write (its profile removed since the call began: the foreign key) fails
    // them all: each is written alone then, so only its own call is refused.
    for (const w of batch) {
      try {
        w.done(await writeAlone(k, w.row));
      } catch (err) {
        w.failed(err);
      }
    }
  }
}

/** A title already in the profile's history keeps its entry and takes the new position and time. */
const positionUpdated = (oc: OnConflictBuilder<Database, 'vod_history'>) =>
  oc.columns(['profile_id', 'meta_id']).doUpdateSet((eb) => ({
    video_type: eb.ref('excluded.video_type'),
    played: eb.ref('excluded.played'),
    played_time: eb.ref('excluded.played_time'),
    play_progress: eb.ref('excluded.play_progress'),
    total_duration: eb.ref('excluded.total_duration'),
    updated_at: eb.ref('excluded.updated_at'),
  }));

function upsert(k: Kysely<Database>, rows: HistoryInsert[]) {
  return k.insertInto('vod_history').values(rows).onConflict(positionUpdated);
}

/** One row, written only while its profile exists (nothing, and no row answered, otherwise): one statement. */
function writeAlone(k: Kysely<Database>, row: HistoryInsert): Promise<HistoryRow | undefined> {
  const columns = Object.keys(row).filter((c) => c !== 'profile_id') as (keyof HistoryInsert)[];
  return k
    .insertInto('vod_history')
    .columns(['profile_id', ...columns])
    .expression((eb) =>
      eb
        .selectFrom('profiles')
        .select((s) => ['profile_id', ...columns.map((c) => s.val(row[c] as string | number | null).as(c))])
        .where('profile_id', '=', row.profile_id),
    )
    .onConflict(positionUpdated)
    .returningAll()
    .executeTakeFirst();
}
