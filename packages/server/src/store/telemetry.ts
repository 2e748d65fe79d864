import type { TelemetryEventPayload } from '@ottkit/api-client';
import { latencyMinutesStatement } from './channelPlayback.ts';
import type { Db } from './db.ts';
import { atomically } from './kysely/atomically.ts';
import { query, type Statements } from './kysely/transactionally.ts';

/** The events that close a play session (what the dashboard counts as plays' watched time). */
export const SESSION_END_TYPES = ['livePlayData', 'playbackData', 'vodPlayData'] as const;

/**
 * Stores each event once; returns how many were new. A `watching` report is not kept as an event: it moves its
 * subscriber's row of `watching_now` (a guest's is dropped), and a session's end takes that row away, unless a
 * later report of the same source came first. A player sends a batch every few seconds, so the batch is a few
 * statements whatever its size, in one transaction on the asynchronous store (decision 0407):
 * - the live reports' delay to viewers, counted into its channel's histogram unless already counted (decision 0444);
 * - the `watching` rows, the latest report of each source (the later of two wins whatever order they arrive in);
 * - then the ends, each removing its source's row unless that row is later than the end;
 * - then every other event in one insert that skips the ids already stored.
 */
export async function insertTelemetryEvents(
  db: Db,
  accountId: string,
  events: TelemetryEventPayload[],
  receivedAt: number,
): Promise<number> {
  const k = db.kysely;
  const latest = new Map<string, number>();
  const kept: TelemetryEventPayload[] = [];
  let watchingReports = 0;
  for (const e of events) {
    if (e.type !== 'watching') kept.push(e);
    else {
      watchingReports += 1;
      const source = e.sourceId ?? '';
      if (accountId) latest.set(source, Math.max(e.ts, latest.get(source) ?? e.ts));
    }
  }
  const queries = [];
  // The delay to viewers first (decision 0444): it counts only the reports later than the rows moved below.
  const latency = latencyMinutesStatement(db, accountId, events);
  if (latency) queries.push(latency);
  if (latest.size > 0)
    queries.push(
      k
        .insertInto('watching_now')
        .values(
          [...latest].map(([source_id, last_ts]) => ({
            account_id: accountId,
            source_id,
            last_ts,
            received_at: receivedAt,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['account_id', 'source_id']).doUpdateSet((eb) => ({
            last_ts: eb
              .case()
              .when('excluded.last_ts', '>', eb.ref('watching_now.last_ts'))
              .then(eb.ref('excluded.last_ts'))
              .else(eb.ref('watching_now.last_ts'))
              .end(),
            received_at: eb.ref('excluded.received_at'),
          })),
        )
        .compile(),
    );
  for (const e of kept) {
    if ((SESSION_END_TYPES as readonly string[]).includes(e.type))
      queries.push(
        k
          .deleteFrom('watching_now')
          .where('account_id', '=', accountId)
          .where('source_id', '=', e.sourceId ?? '')
          .where('last_ts', '<=', e.ts)
          .compile(),
      );
  }
  const insert = kept.length > 0;
  if (insert)
    queries.push(
      k
        .insertInto('telemetry_events')
        .values(
          kept.map(({ eventId, type, ts, sourceId = '', ...rest }) => ({
            event_id: eventId,
            type,
            account_id: accountId,
            source_id: sourceId,
            ts,
            received_at: receivedAt,
            payload: JSON.stringify(rest),
          })),
        )
        .onConflict((oc) => oc.column('event_id').doNothing())
        .compile(),
    );
  if (queries.length === 0) return watchingReports;
  const changed = await atomically(db, queries);
  return watchingReports + (insert ? (changed.at(-1) ?? 0) : 0);
}

/** Forgets the subscribers whose players stopped reporting before `receivedBefore` (a closed laptop, a crash). */
export function* deleteWatchingBeforeSteps(db: Db, receivedBefore: number): Statements<number> {
  const gone = yield* query(
    db.kysely.deleteFrom('watching_now').where('received_at', '<', receivedBefore).compile(),
  );
  return Number(gone.numAffectedRows ?? 0);
}

export interface StoredTelemetryEvent {
  type: TelemetryEventPayload['type'];
  sourceId: string;
  ts: number;
  payload: Record<string, unknown>;
}

type EventRow = { type: string; source_id: string; ts: number; payload: string; received_at: number };

const COLUMNS = 'type, source_id, ts, payload, received_at';

function toEvent(r: EventRow): ReceivedTelemetryEvent {
  return {
    type: r.type as StoredTelemetryEvent['type'],
    sourceId: r.source_id,
    ts: Number(r.ts),
    receivedAt: Number(r.received_at),
    payload: JSON.parse(r.payload) as Record<string, unknown>,
  };
}

export function telemetryEventsSince(db: Db, since: number): ReceivedTelemetryEvent[] {
  return db
    .all<EventRow>(`SELECT ${COLUMNS} FROM telemetry_events WHERE ts >= ? ORDER BY ts`, since)
    .map(toEvent);
}

export interface ReceivedTelemetryEvent extends StoredTelemetryEvent {
  receivedAt: number;
}

/** Raw events the server received at or before `receivedBy` (epoch ms), read in the roll-up's transaction. */
export function* telemetryEventsReceivedBySteps(
  db: Db,
  receivedBy: number,
): Statements<ReceivedTelemetryEvent[]> {
  const { rows } = yield* query(
    db.kysely
      .selectFrom('telemetry_events')
      .select(['type', 'source_id', 'ts', 'payload', 'received_at'])
      .where('received_at', '<=', receivedBy)
      .compile(),
  );
  return rows.map(toEvent);
}
export function* deleteTelemetryEventsReceivedBySteps(db: Db, receivedBy: number): Statements<number> {
  const gone = yield* query(
    db.kysely.deleteFrom('telemetry_events').where('received_at', '<=', receivedBy).compile(),
  );
  return Number(gone.numAffectedRows ?? 0);
}

/**
 * How many raw events are stored (a full count: callers cache it), on the asynchronous store: a player's batch
 * asks it again every few seconds (decision 0447).
 */
export async function countTelemetryEvents(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('telemetry_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
