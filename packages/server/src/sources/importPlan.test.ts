// Test run: about 1 s on SQLite, 12 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedLineup } from '../seed/lineup.ts';
import { type Db, openDb, postgresUrl } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import { getSourceByName, type LineupSource } from '../store/sources.ts';
import {
  type FixtureChannel,
  guideOf,
  insertAcmeSource,
  lineupSnapshot,
  playlistOf,
  twoLanguageGuide,
} from './fixtures.test-helpers.ts';
import { refreshSource } from './importer.ts';

const NOW = Date.UTC(2026, 5, 1, 12);
const H = 3_600_000;

const CHANNELS: FixtureChannel[] = [
  { tvgId: 'news.one', name: 'News One', group: 'News' },
  { tvgId: 'sport.1', name: 'Sport 1', group: 'Sports' },
  { tvgId: 'news.two', name: 'News Two', group: 'News' },
];

let db: Db;
let dir: string;
let file: string;
let source: LineupSource;

function write(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

/** A write by another connection (the server's) that refuses to wait for the lock. */
function viewerWrite(): string {
  const other = openDb(file);
  try {
    other.exec('PRAGMA busy_timeout = 0');
    other.run(
      `INSERT INTO live_change_marks (scope, data_type, fingerprint, changed_at) VALUES ('t', 'x', ?, 1)
       ON CONFLICT (scope, data_type) DO UPDATE SET fingerprint = excluded.fingerprint`,
      String(Math.random()),
    );
    return 'written';
  } catch (e) {
    return (e as Error).message;
  } finally {
    other.close();
  }
}

/** Imports the guide, then rewrites it with one programme (at 18:00 on the first day) retitled. */
async function importThenRetitle(channel: string, title: string): Promise<string> {
  await refreshSource(db, source, { now: () => NOW });
  writeFileSync(
    source.guideLocation,
    guideOf(CHANNELS, NOW - 86_400_000, 3, 6, { channel, start: NOW + 6 * H, title }),
  );
  return db.get<{ id: string }>(
    'SELECT logical_channel_id AS id FROM source_channels WHERE tvg_id = ?',
    channel,
  )?.id as string;
}

/** Refreshes an hour later while another connection writes `meanwhile` between plan and apply. */
async function refreshWithWriteAfterPlan(meanwhile: (other: Db) => void) {
  const replanned: string[] = [];
  const counts = await refreshSource(db, source, {
    now: () => NOW + H,
    hooks: {
      replanned: (epgId) => replanned.push(epgId),
      afterPlan() {
        const other = openDb(file);
        meanwhile(other);
        other.close();
      },
    },
  });
  return { counts, replanned };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lineup-plan-'));
  file = join(dir, 'ottkit.db');
  db = openDb(file);
  migrate(db);
  seedLineup(db);
  source = await insertAcmeSource(
    db,
    write('list.m3u', playlistOf(CHANNELS)),
    write('guide.xml', guideOf(CHANNELS, NOW - 86_400_000, 3)),
    NOW,
  );
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('import without holding the write lock', () => {
  // SQLite's one write lock (a write that does not wait is refused meanwhile); PostgreSQL writers lock rows.
  it.skipIf(postgresUrl())(
    "plans the guide while the server's writes go on, and holds the lock only to apply it",
    async () => {
      const seen: Record<string, string> = {};
      const replanned: string[] = [];
      const counts = await refreshSource(db, source, {
        now: () => NOW,
        hooks: {
          replanned: (epgId) => replanned.push(epgId),
          afterPlan() {
            seen.planned = viewerWrite();
          },
          afterChannel(i) {
            if (i === 0) seen.applying = viewerWrite();
          },
        },
      });
      expect(seen.planned).toBe('written');
      // The control: while the one transaction runs, a write that does not wait is refused.
      expect(seen.applying).toMatch(/locked|busy/i);
      expect(counts).toMatchObject({ channels: 3, mapped: 3, daysChanged: 9 });
      expect(counts.lockMs).toBeGreaterThanOrEqual(0);
      // Every prediction held: nothing was planned inside the transaction.
      expect(replanned).toEqual([]);
    },
  );

  it('is all or nothing when it fails while moving the planned guide in', async () => {
    await refreshSource(db, source, { now: () => NOW });
    const before = lineupSnapshot(db);
    writeFileSync(
      source.guideLocation,
      guideOf(CHANNELS, NOW - 86_400_000, 3, 6, { channel: 'sport.1', start: NOW + 6 * H, title: 'New' }),
    );
    await expect(
      refreshSource(db, source, {
        now: () => NOW + H,
        hooks: {
          midGuide() {
            throw new Error('disk full');
          },
        },
      }),
    ).rejects.toThrow('disk full');
    expect(lineupSnapshot(db)).toEqual(before);
    expect(getSourceByName(db, 'acme')).toMatchObject({ status: 'failed', lastError: 'disk full' });
  });

  it('plans again inside the transaction what the line-up changed since the plan', async () => {
    const newsOne = await importThenRetitle('news.one', 'Late');
    // An operator maps News One to Sport 1's guide after the plan was made.
    const { counts, replanned } = await refreshWithWriteAfterPlan((other) =>
      other.run(
        'INSERT INTO guide_hand_mappings (logical_channel_id, xmltv_id, created_at) VALUES (?, ?, ?)',
        newsOne,
        'sport.1',
        NOW,
      ),
    );
    expect(counts.daysChanged).toBeGreaterThan(0);
    expect(replanned).toEqual([`epg-${newsOne}`]);
    const titles = db
      .all<{ title: string }>(
        'SELECT title FROM epg_programs WHERE epg_id = ? AND start_ts = ?',
        `epg-${newsOne}`,
        NOW - 12 * H,
      )
      .map((r) => r.title);
    expect(titles).toEqual(['Sport 1 at 0h']);
  });
});

describe('a refresh writes only what changed (decision 0250)', () => {
  /** Logs every programme row the importing connection writes (temp triggers fire for its own statements). */
  function logRowWrites(): () => string[] {
    db.exec('CREATE TEMP TABLE row_writes (what TEXT NOT NULL)');
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      const row = op === 'DELETE' ? 'old' : 'new';
      db.exec(`CREATE TEMP TRIGGER log_${op} AFTER ${op} ON main.epg_programs BEGIN
        INSERT INTO row_writes (what) VALUES ('${op} ' || ${row}.title); END`);
    }
    return () => db.all<{ what: string }>('SELECT what FROM row_writes').map((r) => r.what);
  }

  it("rewrites the changed programme row of a changed day and leaves the day's other rows alone", async () => {
    await importThenRetitle('sport.1', 'New');
    const written = logRowWrites();
    const counts = await refreshSource(db, source, { now: () => NOW + H });
    expect(counts.daysChanged).toBe(1);
    expect(written()).toEqual(['UPDATE New']);
  });

  it('does not build, nor write, a day whose staged rows are those it was built from (decision 0295)', async () => {
    await refreshSource(db, source, { now: () => NOW, dataDir: dir });
    writeFileSync(
      source.guideLocation,
      guideOf(CHANNELS, NOW - 86_400_000, 3, 6, { channel: 'sport.1', start: NOW + 6 * H, title: 'New' }),
    );
    const sport = db.get<{ id: string }>(
      "SELECT logical_channel_id AS id FROM source_channels WHERE tvg_id = 'sport.1'",
    )?.id as string;
    const stamps = () =>
      db.all<{ epg_id: string; day: string; updated_at: number }>(
        'SELECT epg_id, day, updated_at FROM epg_days ORDER BY epg_id, day',
      );
    const before = stamps();
    const refresh = async (at: number) => {
      const built: string[] = [];
      const counts = await refreshSource(db, source, {
        now: () => at,
        dataDir: dir,
        hooks: { dayBuilt: (epgId, day) => built.push(`${epgId} ${day}`) },
      });
      return { built, counts };
    };
    const written = logRowWrites();
    const changed = await refresh(NOW + H);
    // Of 3 channels x 3 days, the one day with the retitled programme is built and written.
    expect(changed.built).toEqual([`epg-${sport} 2026-06-01`]);
    expect(changed.counts.daysChanged).toBe(1);
    expect(written()).toEqual(['UPDATE New']);
    const after = stamps();
    expect(after.filter((d) => !(d.epg_id === `epg-${sport}` && d.day === '2026-06-01'))).toEqual(
      before.filter((d) => !(d.epg_id === `epg-${sport}` && d.day === '2026-06-01')),
    );
    // Another writer changed a day (its checksum moved): the next refresh builds it again and puts the feed's back.
    const newsOne = `epg-${db.get<{ id: string }>("SELECT logical_channel_id AS id FROM source_channels WHERE tvg_id = 'news.one'")?.id}`;
    const checksum = () =>
      db.get<{ checksum: string }>(
        "SELECT checksum FROM epg_days WHERE epg_id = ? AND day = '2026-05-31'",
        newsOne,
      )?.checksum;
    const fromFeed = checksum();
    db.run("UPDATE epg_days SET checksum = 'edited' WHERE epg_id = ? AND day = '2026-05-31'", newsOne);
    const again = await refresh(NOW + 2 * H);
    expect(again.built).toEqual([`${newsOne} 2026-05-31`]);
    expect(checksum()).toBe(fromFeed);
  });

  it('plans a channel again when another writer changed one of its planned days meanwhile', async () => {
    const sport = await importThenRetitle('sport.1', 'New');
    // Another writer empties the day the plan changes, after the plan was made.
    const { replanned } = await refreshWithWriteAfterPlan((other) => {
      other.run(
        "UPDATE epg_days SET checksum = 'other', programs_json = '[]' WHERE epg_id = ? AND day = '2026-06-01'",
        `epg-${sport}`,
      );
      other.run("DELETE FROM epg_programs WHERE epg_id = ? AND day = '2026-06-01'", `epg-${sport}`);
    });
    expect(replanned).toEqual([`epg-${sport}`]);
    const titles = db
      .all<{ title: string }>(
        "SELECT title FROM epg_programs WHERE epg_id = ? AND day = '2026-06-01' ORDER BY start_ts",
        `epg-${sport}`,
      )
      .map((r) => r.title);
    expect(titles).toEqual(['Sport 1 at 0h', 'Sport 1 at 6h', 'Sport 1 at 12h', 'New']);
  });
});

describe('programme categories and ratings', () => {
  it('stores the XMLTV category and rating of each programme, and a changed rating rewrites its day', async () => {
    const guide = (rating: string) => twoLanguageGuide('20260601').replace('TV-G', rating);
    writeFileSync(source.guideLocation, guide('TV-G'));
    await refreshSource(db, source, { now: () => NOW });
    type Row = { categories_json: string; rating_system: string; rating: string; checksum: string };
    const row = () =>
      db.get<Row>(
        `SELECT p.categories_json, p.rating_system, p.rating, d.checksum FROM epg_programs p
         JOIN epg_days d USING (epg_id, day) WHERE p.start_ts = ? AND p.title = 'Morning News'`,
        Date.UTC(2026, 5, 1, 6),
      ) as Row;
    const first = row();
    expect(first).toMatchObject({ categories_json: '["News"]', rating_system: 'MPAA', rating: 'TV-G' });
    const untagged = db.get<{ categories_json: string; rating: string }>(
      "SELECT categories_json, rating FROM epg_programs WHERE title = 'Talk & Views'",
    );
    expect(untagged).toEqual({ categories_json: '[]', rating: '' });

    writeFileSync(source.guideLocation, guide('TV-14'));
    await refreshSource(db, source, { now: () => NOW + H });
    expect(row().rating).toBe('TV-14');
    expect(row().checksum).not.toBe(first.checksum);
  });
});
