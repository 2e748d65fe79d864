import type { CompiledQuery, QueryResult, SelectQueryBuilder } from 'kysely';
import type { Db, SqlValue } from '../db.ts';

/**
 * A transaction that reads and then writes, written once for both engines (decision 0407). Its body is a generator
 * that yields each statement Kysely compiled for the store (`yield* query(…)`) and gets its result back:
 *
 *   const used = await transactionally(db, function* () {
 *     const code = (yield* query(lockRows(db, k.selectFrom('recharge_codes')…).compile())).rows[0];
 *     …
 *     return (yield* query(k.updateTable('recharge_codes')…compile())).numAffectedRows;
 *   });
 *
 * - On PostgreSQL it is a Kysely transaction on a pool connection, each statement awaited. The rows it reads in
 *   order to write are locked (`lockRows`): a writer of the same rows waits, every other request goes on, and
 *   there is no advisory lock.
 * - On SQLite it is one synchronous `Db.transaction` (BEGIN IMMEDIATE) on the shared connection, each statement
 *   run at once: no turn of the event loop happens inside it, so no other request's statement can fall into it
 *   (the reason Kysely's own transactions are refused there while the synchronous store shares the connection).
 *
 * A statement that fails ends the transaction (rolled back) with its error; so does an error the body throws.
 * On PostgreSQL, a transaction chosen as the victim of a deadlock, or refused for a serialization failure, is run
 * again from its start, a few times (decision 0415): the body is a generator, so running it again is starting it
 * afresh, and what it read before is read again.
 */
export async function transactionally<T>(db: Db, body: () => Statements<T>): Promise<T> {
  if (db.engine !== 'postgres') {
    return db.transaction(() => {
      const steps = body();
      let step = steps.next();
      while (!step.done) step = steps.next(runNow(db, step.value));
      return step.value;
    });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.kysely.transaction().execute(async (trx) => {
        const steps = body();
        let step = steps.next();
        while (!step.done) step = steps.next(await trx.executeQuery(step.value));
        return step.value;
      });
    } catch (e) {
      if (attempt >= MAX_TRIES || !RUN_AGAIN.has((e as { code?: string }).code ?? '')) throw e;
      // A few milliseconds apart, at random, so the transactions that met do not meet again at once.
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction did nothing, and may run again. */
const RUN_AGAIN = new Set(['40P01', '40001']);
/** How many times a transaction runs at most. */
const MAX_TRIES = 5;

/** A transaction's body: yields statements, gets their results, returns its answer. */
export type Statements<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

/** One statement of a body, typed by the query that compiled it. */
export function* query<R>(
  statement: CompiledQuery<R>,
): Generator<CompiledQuery, QueryResult<R>, QueryResult<unknown>> {
  return (yield statement) as QueryResult<R>;
}

/**
 * Locks the rows a transaction reads in order to write them (`FOR UPDATE`) on PostgreSQL. SQLite has no row
 * locks and needs none: its transaction holds the database's one write lock from its start.
 */
export function lockRows<DB, TB extends keyof DB, O>(
  db: Db,
  select: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return db.engine === 'postgres' ? select.forUpdate() : select;
}

/** A statement on SQLite, now: its rows when it answers some (a SELECT, a RETURNING), else its changes. */
function runNow(db: Db, statement: CompiledQuery): QueryResult<unknown> {
  const node = statement.query as { kind: string; returning?: unknown };
  const params = statement.parameters as SqlValue[];
  if (node.kind === 'SelectQueryNode' || node.returning !== undefined) {
    return { rows: db.all(statement.sql, ...params) };
  }
  return { rows: [], numAffectedRows: BigInt(db.run(statement.sql, ...params).changes) };
}
