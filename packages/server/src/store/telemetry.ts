import type { TelemetryEventPayload } from '@ottkit/api-client';
import type { Db } from './db.ts';

/** Stores each event once; returns how many were new. Standard SQL (ON CONFLICT DO NOTHING) for PostgreSQL too. */
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
