import type { TelemetryEventPayload } from '@ottkit/api-client';
import type { Db } from './db.ts';

/** The events that close a play session (what the dashboard counts as plays' watched time). */
export const SESSION_END_TYPES = ['livePlayData', 'playbackData', 'vodPlayData'] as const;

/**
 * Stores each event once; returns how many were new. Standard SQL (ON CONFLICT DO NOTHING) for PostgreSQL too.
 * A `watching` report is not kept as an event: it moves its subscriber's row of `watching_now` (a guest's is
 * dropped), and a session's end takes that row away, unless a later report of the same source came first.
 */
export function insertTelemetryEvents(
  db: Db,
  accountId: string,
  events: TelemetryEventPayload[],
  receivedAt: number,
): number {
  return db.transaction(() => {
    let inserted = 0;
    for (const e of events) {
      const { eventId, type, ts, sourceId = '', ...rest } = e;
      if (type === 'watching') {
        if (accountId) watching(db, accountId, sourceId, ts, receivedAt);
        inserted += 1;
        continue;
      }
      if ((SESSION_END_TYPES as readonly string[]).includes(type))
        db.run(
          'DELETE FROM watching_now WHERE account_id = ? AND source_id = ? AND last_ts <= ?',
          accountId,
          sourceId,
          ts,
        );
      inserted += db.run(
        `INSERT INTO telemetry_events (event_id, type, account_id, source_id, ts, received_at, payload)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`,
        eventId,
        type,
        accountId,
        sourceId,
        ts,
        receivedAt,
        JSON.stringify(rest),
      ).changes;
    }
    return inserted;
  });
}

function watching(db: Db, accountId: string, sourceId: string, ts: number, receivedAt: number) {
  // The later of two reports wins whatever order they arrive in (a retried batch).
  db.run(
    `INSERT INTO watching_now (account_id, source_id, last_ts, received_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, source_id) DO UPDATE SET
       last_ts = CASE WHEN excluded.last_ts > watching_now.last_ts THEN excluded.last_ts ELSE watching_now.last_ts END,
       received_at = excluded.received_at`,
    accountId,
    sourceId,
    ts,
    receivedAt,
  );
}

/** Forgets the subscribers whose players stopped reporting before `receivedBefore` (a closed laptop, a crash). */
export function deleteWatchingBefore(db: Db, receivedBefore: number): number {
  return db.run('DELETE FROM watching_now WHERE received_at < ?', receivedBefore).changes;
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

/** Raw events the server received at or before `receivedBy` (epoch ms). */
export function telemetryEventsReceivedBy(db: Db, receivedBy: number): ReceivedTelemetryEvent[] {
  return db
    .all<EventRow>(`SELECT ${COLUMNS} FROM telemetry_events WHERE received_at <= ?`, receivedBy)
    .map(toEvent);
}
export function deleteTelemetryEventsReceivedBy(db: Db, receivedBy: number): number {
  return db.run('DELETE FROM telemetry_events WHERE received_at <= ?', receivedBy).changes;
}

/** How many raw events are stored (a full count: callers cache it). */
export function countTelemetryEvents(db: Db): number {
  return Number(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM telemetry_events')?.n ?? 0);
}
