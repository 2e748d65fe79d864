import { describe, expect, it } from 'vitest';
import { seedLineup } from '../seed/lineup.ts';
import { openDb } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import { channelListSignature, channelListText } from './channelListText.ts';
import { toChannel } from './channels.ts';
import { viewerLineup } from './lineup.ts';

const NOW = Date.UTC(2026, 5, 1, 12);
const viewer = { ip: '203.0.113.9', mac: '', region: 'US', accounts: [] };

describe('the channel list as kept texts (decision 0251)', () => {
  it('gives the same bytes as the channel objects, per favourite set, and a new text after a line-up change', async () => {
    const db = openDb(':memory:');
    migrate(db);
    seedLineup(db);
    const asObjects = async (favorites: Set<string>) =>
      JSON.stringify(
        (await viewerLineup(db, null, viewer, NOW)).map((v) =>
          toChannel(v, favorites.has(v.channel.logicalChannelId), NOW),
        ),
      );
    const text = async (favorites: Set<string>) =>
      channelListText(await viewerLineup(db, null, viewer, NOW), favorites, NOW);
    const none = new Set<string>();
    const one = new Set(['lc-001']);
    expect(await text(none)).toBe(await asObjects(none));
    expect(await text(one)).toBe(await asObjects(one));
    expect(await text(one)).not.toBe(await text(none));
    expect(await text(none)).toBe(await asObjects(none));

    db.run("UPDATE channels SET logical_channel_name = 'Renamed' WHERE logical_channel_id = 'lc-001'");
    expect(await text(none)).toContain('"Renamed"');
    expect(await text(none)).toBe(await asObjects(none));
    db.close();
  });
});

describe('the channel list signature (decision 0351)', () => {
  it('is the same while the text is, and changes with a favourite, a right or a line-up change', async () => {
    const db = openDb(':memory:');
    migrate(db);
    seedLineup(db);
    const signature = async (favorites: Set<string>, now = NOW) =>
      channelListSignature(await viewerLineup(db, null, viewer, now), favorites, now);
    const none = new Set<string>();
    expect(await signature(none)).toBe(await signature(none));
    expect(await signature(new Set(['lc-001']))).not.toBe(await signature(none));
    const before = await signature(none);
    db.run("UPDATE channels SET logical_channel_name = 'Renamed' WHERE logical_channel_id = 'lc-001'");
    expect(await signature(none)).not.toBe(before);
    db.close();
  });
});
