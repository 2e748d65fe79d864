// Test run: about 2 s on SQLite, 22 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGuides } from '../domain/epg.ts';
import { seedLineup } from '../seed/lineup.ts';
import { listChannels, listColumns } from '../store/channels.ts';
import { type Db, openDb } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import {
  getSourceByName,
  handMappingStatement,
  type LineupSource,
  listSourceChannels,
} from '../store/sources.ts';
import {
  type FixtureChannel,
  guideOf,
  insertAcmeSource,
  lineupSnapshot,
  playlistOf,
} from './fixtures.test-helpers.ts';
import { previewSource, refreshSource } from './importer.ts';

const NOW = Date.UTC(2026, 5, 10, 12);
const H = 3_600_000;
const TODAY = '2026-06-10';

const CHANNELS: FixtureChannel[] = [
  { tvgId: 'news.one', name: 'News One', group: 'News' },
  { tvgId: 'news.two', name: 'News Two', group: 'News' },
  { tvgId: 'sport.1', name: 'Sport 1 HD', group: 'Sports', guideId: 'sp1', guideName: 'Sport 1' },
  { tvgId: '', name: 'Movies Gold', group: 'Movies', guideId: 'mg', guideName: 'MOVIES GOLD (backup)' },
  { tvgId: 'nothing', name: 'No Guide', group: 'Movies', guideId: 'zzz', guideName: 'Zed Zed' },
];

let db: Db;
let dir: string;
let source: LineupSource;

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lineup-'));
  db = openDb(':memory:');
  migrate(db);
  seedLineup(db);
  const m3u = write('list.m3u', playlistOf(CHANNELS));
  const xml = write('guide.xml', guideOf(CHANNELS, NOW - 2 * 86_400_000, 5));
  source = await insertAcmeSource(db, m3u, xml, NOW);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const imported = () => listChannels(db).filter((c) => c.logicalChannelId.startsWith('s1-'));

describe('preview', () => {
  it('lists the groups with their channel counts', async () => {
    const p = await previewSource(source);
    expect(p.groups).toEqual([
      { name: 'News', channels: 2 },
      { name: 'Sports', channels: 1 },
      { name: 'Movies', channels: 2 },
    ]);
  });
});

describe('import', () => {
  it('adds the channels under their groups, keeps the stream URL and maps the guide by id, then by name', async () => {
    const counts = await refreshSource(db, source, { now: () => NOW });
    expect(counts).toMatchObject({
      channels: 5,
      added: 5,
      removed: 0,
      mapped: 4,
      unmapped: 1,
      guideChannels: 5,
    });
    const chans = imported();
    expect(chans.map((c) => c.logicalChannelName)).toEqual(CHANNELS.map((c) => c.name));
    const columns = new Map(listColumns(db).map((c) => [c.columnId, c.columnName]));
    expect(chans.map((c) => columns.get(c.columnIds[0] as string))).toEqual([
      'News',
      'News',
      'Sports',
      'Movies',
      'Movies',
    ]);
    // Seeded channels are untouched.
    expect(listChannels(db).filter((c) => c.logicalChannelId.startsWith('lc-'))).toHaveLength(45);
    const links = listSourceChannels(db, source.sourceId);
    expect(links.map((l) => [l.streamUrl, l.xmltvId ?? null, l.mappedBy ?? null])).toEqual([
      ['http://streams.test/news.one.m3u8', 'news.one', 'id'],
      ['http://streams.test/news.two.m3u8', 'news.two', 'id'],
      ['http://streams.test/sport.1.m3u8', 'sp1', 'name'],
      ['http://streams.test/Movies%20Gold.m3u8', 'mg', 'name'],
      ['http://streams.test/nothing.m3u8', null, null],
    ]);
    expect(getSourceByName(db, 'acme')).toMatchObject({ status: 'ok', lastError: '' });
  });

  it('writes the guide in every language with fallback, and never generates days for imported channels', async () => {
    await refreshSource(db, source, { now: () => NOW });
    const [news] = imported();
    const es = await readGuides(db, [news?.epgId as string], [TODAY], 'es');
    expect(es[0]?.programs.map((p) => p.title)).toEqual([
      'News One a las 0h',
      'News One a las 6h',
      'News One a las 12h',
      'News One a las 18h',
    ]);
    const pt = await readGuides(db, [news?.epgId as string], [TODAY], 'pt');
    expect(pt[0]?.programs[0]).toMatchObject({
      title: 'News One at 0h',
      content: 'About News One.',
      start: Date.UTC(2026, 5, 10),
      stop: Date.UTC(2026, 5, 10, 6),
    });
    const { ensureGuide } = await import('../domain/epg.ts');
    ensureGuide(db, undefined, NOW);
    const unmapped = imported()[4];
    expect(db.get('SELECT COUNT(*) AS n FROM epg_days WHERE epg_id = ?', unmapped?.epgId as string)).toEqual({
      n: 0,
    });
  });

  it('generates the guide of a channel that is no longer imported (the kept guide sources follow the line-up)', async () => {
    const { ensureGuide, guideWindow } = await import('../domain/epg.ts');
    await refreshSource(db, source, { now: () => NOW });
    const unmapped = imported()[4];
    const days = () =>
      db.get('SELECT COUNT(*) AS n FROM epg_days WHERE epg_id = ?', unmapped?.epgId as string);
    ensureGuide(db, undefined, NOW);
    expect(days()).toEqual({ n: 0 });
    // What a source's removal does to its channels' rows (ON DELETE CASCADE), with the channel itself kept.
    db.run('DELETE FROM source_channels WHERE logical_channel_id = ?', unmapped?.logicalChannelId as string);
    ensureGuide(db, undefined, NOW);
    expect(days()).toEqual({ n: guideWindow(NOW).length });
  });

  it('skips a duplicate id with its reason and keeps the rest', async () => {
    writeFileSync(
      source.location,
      playlistOf([
        { tvgId: 'news.one', name: 'News One', group: 'News' },
        { tvgId: 'news.one', name: 'News One again', group: 'News' },
        { tvgId: '', name: 'Plain', group: 'News' },
        { tvgId: '', name: 'plain ', group: 'Other' },
      ]),
    );
    const counts = await refreshSource(db, source, { now: () => NOW });
    expect(imported().map((c) => c.logicalChannelName)).toEqual(['News One', 'Plain']);
    expect(counts.skipped).toEqual({ 'duplicate channel (same id as an earlier one)': 2 });
  });

  it('keeps only the chosen groups', async () => {
    await refreshSource(db, { ...source, groups: ['news'] }, { now: () => NOW });
    expect(imported().map((c) => c.logicalChannelName)).toEqual(['News One', 'News Two']);
  });

  it('fails as a whole on a playlist that is a web page, and says so on the source', async () => {
    writeFileSync(source.location, '<html><body>Please log in</body></html>');
    await expect(refreshSource(db, source, { now: () => NOW })).rejects.toThrow(/web page/);
    expect(imported()).toEqual([]);
    expect(getSourceByName(db, 'acme')).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/web page/),
    });
  });
});

describe('refresh', () => {
  it('keeps channel ids (and favourites) across renames, reorders and removals; adds new ones', async () => {
    await refreshSource(db, source, { now: () => NOW });
    const before = new Map(imported().map((c) => [c.logicalChannelName, c.logicalChannelId]));
    db.run(
      `INSERT INTO accounts (account_id, kind, virtual_code, account_name, login_method, country, free_trial_status,
        created_at) VALUES ('acc-1', 'user', '1', 'A', 2, 'US', 'NOT_START', 0)`,
    );
    // The account's first profile has the account's id (decision 0285); favourites are a profile's.
    db.run(
      `INSERT INTO profiles (profile_id, account_id, name, avatar, lang, kids, max_rating, created_at)
        VALUES ('acc-1', 'acc-1', 'A', 'sun', 'en', 0, '18', 0)`,
    );
    db.run(
      "INSERT INTO favorite_channels (profile_id, account_id, logical_channel_id, update_time) VALUES ('acc-1', 'acc-1', ?, 1)",
      before.get('Sport 1 HD') as string,
    );
    const next: FixtureChannel[] = [
      { tvgId: 'sport.1', name: 'Sport One', group: 'Sports', guideId: 'sp1', guideName: 'Sport 1' },
      { tvgId: 'news.one', name: 'News One', group: 'Headlines' },
      { tvgId: '', name: 'Movies Gold', group: 'Films', guideId: 'mg', guideName: 'Movies Gold' },
      { tvgId: 'new.one', name: 'Brand New', group: 'News' },
    ];
    writeFileSync(source.location, playlistOf(next));
    const counts = await refreshSource(db, source, { now: () => NOW + H });
    expect(counts).toMatchObject({ channels: 4, added: 1, removed: 2 });
    const after = new Map(imported().map((c) => [c.logicalChannelName, c.logicalChannelId]));
    expect(after.get('Sport One')).toBe(before.get('Sport 1 HD'));
    expect(after.get('News One')).toBe(before.get('News One'));
    expect(after.get('Movies Gold')).toBe(before.get('Movies Gold'));
    expect(after.get('Brand New')).toBe('s1-6');
    expect(db.all('SELECT logical_channel_id FROM favorite_channels')).toEqual([
      { logical_channel_id: before.get('Sport 1 HD') },
    ]);
    // The emptied column went away with its last channel; the new group came.
    const names = listColumns(db).map((c) => c.columnName);
    expect(names).toContain('Headlines');
    expect(names).toContain('Films');
    expect(names).not.toContain('Movies');
  });

  it("matches by tvg-id before any name: a newcomer with a renamed channel's old name does not take its id", async () => {
    await refreshSource(db, source, { now: () => NOW });
    const before = new Map(imported().map((c) => [c.logicalChannelName, c.logicalChannelId]));
    writeFileSync(
      source.location,
      playlistOf([
        { tvgId: '', name: 'News One', group: 'News' },
        { tvgId: 'news.one', name: 'News One Global', group: 'News' },
      ]),
    );
    await refreshSource(db, source, { now: () => NOW + H });
    const after = new Map(imported().map((c) => [c.logicalChannelName, c.logicalChannelId]));
    expect(after.get('News One Global')).toBe(before.get('News One'));
    expect(after.get('News One')).toBe('s1-6');
  });

  it('changes the checksum of exactly the days that changed', async () => {
    await refreshSource(db, source, { now: () => NOW });
    const days = () =>
      new Map(
        db
          .all<{ epg_id: string; day: string; checksum: string }>(
            'SELECT epg_id, day, checksum FROM epg_days WHERE epg_id LIKE ?',
            'epg-s1-%',
          )
          .map((r) => [`${r.epg_id}|${r.day}`, r.checksum]),
      );
    const before = days();
    const renamed = Date.UTC(2026, 5, 11, 6);
    writeFileSync(
      source.guideLocation,
      guideOf(CHANNELS, NOW - 2 * 86_400_000, 5, 6, {
        channel: 'news.two',
        start: renamed,
        title: 'Special',
      }),
    );
    const counts = await refreshSource(db, source, { now: () => NOW + H });
    expect(counts.daysChanged).toBe(1);
    const after = days();
    const differing = [...after].filter(([k, v]) => before.get(k) !== v).map(([k]) => k);
    expect(differing).toEqual(['epg-s1-2|2026-06-11']);
  });

  it('keeps hand mappings and hand unmappings across refreshes', async () => {
    await refreshSource(db, source, { now: () => NOW });
    const [one, two] = imported();
    await db.kysely.executeQuery(handMappingStatement(db, one?.logicalChannelId as string, 'zzz', NOW));
    await db.kysely.executeQuery(handMappingStatement(db, two?.logicalChannelId as string, null, NOW));
    await refreshSource(db, source, { now: () => NOW + H });
    const links = new Map(listSourceChannels(db).map((l) => [l.logicalChannelId, l]));
    expect(links.get(one?.logicalChannelId as string)).toMatchObject({ xmltvId: 'zzz', mappedBy: 'hand' });
    expect(links.get(two?.logicalChannelId as string)?.xmltvId).toBeUndefined();
    const es = await readGuides(db, [one?.epgId as string], [TODAY], 'en');
    expect(es[0]?.programs[0]?.title).toBe('No Guide at 0h');
    expect(await readGuides(db, [two?.epgId as string], [TODAY], 'en')).toEqual([]);
  });

  it('is all or nothing: a failure in the middle leaves line-up and guide exactly as they were', async () => {
    await refreshSource(db, source, { now: () => NOW });
    const before = lineupSnapshot(db);
    writeFileSync(
      source.location,
      playlistOf([...CHANNELS].reverse().map((c) => ({ ...c, name: `${c.name} X` }))),
    );
    writeFileSync(source.guideLocation, guideOf(CHANNELS, NOW, 3, 2));
    await expect(
      refreshSource(db, source, {
        now: () => NOW + H,
        hooks: {
          afterChannel(i) {
            if (i === 2) throw new Error('disk full');
          },
        },
      }),
    ).rejects.toThrow('disk full');
    expect(lineupSnapshot(db)).toEqual(before);
    expect(getSourceByName(db, 'acme')).toMatchObject({ status: 'failed', lastError: 'disk full' });
  });
});
