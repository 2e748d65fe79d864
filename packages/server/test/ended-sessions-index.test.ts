import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endedSessionsList, endedSessionsQuery } from '../src/domain/mediaRevocation.ts';
import { mediaTokenTtlSec } from '../src/domain/appConfig.ts';
import { type Db, openDb } from '../src/store/db.ts';
import { migrate } from '../src/store/migrations.ts';

/**
 * The list of ended sessions the edge reads every second (decision 0306) is found by index (migration 471,
 * decision 0316) on whichever engine this run uses, and lists exactly the sessions ended within a media token's
 * life, newest first.
 */
const NOW = Date.UTC(2026, 5, 1, 12);
const LIVE = 3000;
let db: Db;
let window: number;
const expected: { id: string; at: number }[] = [];

beforeAll(async () => {
  db = openDb(':memory:');
  migrate(db);
  window = ((await mediaTokenTtlSec(db)) + 60) * 1000;
  db.run(
    `INSERT INTO accounts (account_id, kind, virtual_code, account_name, login_method, country, free_trial_status,
       created_at) VALUES ('a1', 'guest', 'v1', 'Guest', 0, 'US', 'none', 1)`,
  );
  const add = (id: string, expiresAt: number, revokedAt: number | null) =>
    db.run(
      `INSERT INTO sessions (session_id, account_id, login_method, client_ip, created_at, expires_at, revoked_at)
       VALUES (?, 'a1', 0, '127.0.0.1', 1, ?, ?)`,
      id,
      expiresAt,
      revokedAt,
    );
  db.transaction(() => {
    // Most sessions are live: the list must not cost a pass over them.
    for (let i = 0; i < LIVE; i++) add(`live-${i}`, NOW + 86_400_000, null);
    for (let i = 0; i < 300; i++) {
      add(`old-revoked-${i}`, NOW + 86_400_000, NOW - window - 1000 - i);
      add(`old-expired-${i}`, NOW - window - 1000 - i, null);
    }
    for (let i = 0; i < 20; i++) {
      const revokedAt = NOW - 1000 * (i * 2 + 1);
      const expiredAt = NOW - 1000 * (i * 2 + 2);
      add(`revoked-${i}`, NOW + 86_400_000, revokedAt);
      add(`expired-${i}`, expiredAt, null);
      expected.push({ id: `revoked-${i}`, at: revokedAt }, { id: `expired-${i}`, at: expiredAt });
    }
  });
  // Both planners choose by statistics, as a server that has run a while has them.
  db.exec(db.engine === 'postgres' ? 'ANALYZE sessions' : 'ANALYZE');
});
afterAll(() => db?.close());

describe('the ended-sessions list', () => {
  it('lists exactly the sessions ended within a media token life, newest first', async () => {
    const ids = await endedSessionsList(db)(NOW);
    expect(ids).toEqual(expected.sort((a, b) => b.at - a.at).map((e) => e.id));
  });

  it('is found through the indexes on revoked_at and expires_at, not by reading every session', async () => {
    const query = endedSessionsQuery(db.kysely, NOW - window, NOW).compile();
    const explain = db.engine === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
    const { rows } = await db.kysely.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
    );
    const text = rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
    expect(text).toContain('sessions_revoked_at');
    expect(text).toContain('sessions_expires_at');
    expect(text).not.toMatch(/Seq Scan on sessions|^SCAN sessions$/m);
  });
});
