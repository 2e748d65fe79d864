import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedLineup } from '../seed/lineup.ts';
import { listChannels } from './channels.ts';
import { type Db, openDb } from './db.ts';
import { migrate } from './migrations.ts';

let dir: string;
let db: Db;
let other: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'channels-'));
  db = openDb(join(dir, 'ottkit.db'));
  migrate(db);
  seedLineup(db);
  // The operator's CLI: another connection to the same database.
  other = openDb(join(dir, 'ottkit.db'));
});

afterEach(() => {
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the line-up read once per version', () => {
  it('answers the kept line-up while nothing changed', () => {
    expect(listChannels(db)).toBe(listChannels(db));
  });

  it("sees each kind of change another connection makes: a channel's fields, its rules, its columns, removal", () => {
    const first = listChannels(db)[0];
    const id = first?.logicalChannelId as string;
    other.run(
      "UPDATE channels SET logical_channel_name = 'Renamed', updated_at = updated_at + 1 WHERE logical_channel_id = ?",
      id,
    );
    expect(listChannels(db)[0]?.logicalChannelName).toBe('Renamed');

    other.run(
      `INSERT INTO channel_content_rules (logical_channel_id, seq, rule_category, action, rule_type, rule_value)
       VALUES (?, 99, 'basic', 'deny', 'region', 'ZZ')`,
      id,
    );
    expect(listChannels(db)[0]?.contentRuleList.at(-1)).toMatchObject({ ruleValue: 'ZZ' });

    other.run('DELETE FROM channel_column_members WHERE logical_channel_id = ?', id);
    expect(listChannels(db)[0]?.columnIds).toEqual([]);

    const count = listChannels(db).length;
    other.run('DELETE FROM channels WHERE logical_channel_id = ?', id);
    expect(listChannels(db)).toHaveLength(count - 1);
  });
});
