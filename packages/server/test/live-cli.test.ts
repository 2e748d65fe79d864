// Test run: about 1 s on SQLite, 11 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDataStore } from '../src/dataStore.ts';
import { listChannels } from '../src/store/channels.ts';
import { runCli } from './cliRun.ts';
import { testClip } from './operatorHelpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ottkit-live-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const stored = () => {
  const { db } = openDataStore(dir);
  try {
    return {
      sources: db.all<{ url: string }>(
        "SELECT url FROM live_channel_sources WHERE logical_channel_id = 'lc-006' ORDER BY position",
      ),
      channel: db.get<{ can_play_back: number; playback_duration: number; live_stream_id: string }>(
        "SELECT can_play_back, playback_duration, live_stream_id FROM channels WHERE logical_channel_id = 'lc-006'",
      ),
    };
  } finally {
    db.close();
  }
};

describe('live CLI (issue 17)', () => {
  it('refuses a bad source with the reason and stores nothing', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const bad of ['concat:a.ts|b.ts', 'subfile:,,start,0,end,0,,:x', 'file:///etc/passwd']) {
        const r = await runCli(['live', 'add', 'lc-006', bad, '--data', dir]);
        expect(r.code).toBe(2);
      }
      expect(err.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/Refused: .*media folder/);
    } finally {
      err.mockRestore();
    }
    expect(stored().sources).toEqual([]);
  });

  it('tests a source before it is added: what it carries, or why not; nothing stored (decision 0382)', async () => {
    mkdirSync(join(dir, 'media'), { recursive: true });
    testClip(join(dir, 'media'), 'clip.mp4', 2);
    const good = await runCli(['live', 'test', `file://${join(dir, 'media', 'clip.mp4')}`, '--data', dir]);
    expect(good.code).toBe(0);
    expect(good.lines.join('\n')).toMatch(/^Readable: h264\/aac 320x180 \d+ kb\/s$/);
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const refused = await runCli(['live', 'test', 'hls+http://127.0.0.1:4699/x.m3u8', '--data', dir]);
      expect(refused).toEqual({ code: 1, lines: ['Not readable (refused)'] });
      // The reason in full goes to the terminal's error stream.
      expect(err.mock.calls.map((c) => String(c[0])).join('\n')).toContain('ECONNREFUSED');
      expect((await runCli(['live', 'test', 'concat:a.ts|b.ts', '--data', dir])).code).toBe(2);
    } finally {
      err.mockRestore();
    }
    expect(stored().sources).toEqual([]);
  });

  it('adds sources in priority order, sets the mode, and gives the channel its own stream', async () => {
    // A running server keeps the line-up in memory, versioned by the channels' update times; it must see the change.
    const server = openDataStore(dir).db;
    const lc006 = () => listChannels(server).find((c) => c.logicalChannelId === 'lc-006');
    expect(lc006()?.physicalChannelList[0]?.dvrStreamId).not.toBe('live-lc-006');
    expect((await runCli(['live', 'add', 'lc-006', 'udp://127.0.0.1:4689', '--data', dir])).code).toBe(0);
    const first = await runCli([
      'live',
      'add',
      'lc-006',
      'srt://127.0.0.1:4688?mode=caller',
      '--position',
      '1',
      '--data',
      dir,
    ]);
    expect(first.lines).toEqual(['lc-006: source 1 added (primary)']);
    expect(
      (await runCli(['live', 'mode', 'lc-006', 'record', '--retention-days', '3', '--data', dir])).code,
    ).toBe(0);
    const { sources, channel } = stored();
    expect(sources.map((s) => s.url)).toEqual(['srt://127.0.0.1:4688?mode=caller', 'udp://127.0.0.1:4689']);
    // Recorded: catch-up for the retention; and no longer the sample loop other channels share.
    expect(channel).toEqual({ can_play_back: 1, playback_duration: 3, live_stream_id: 'live-lc-006' });
    expect(lc006()).toMatchObject({ liveStreamId: 'live-lc-006', canPlayBack: true, playbackDuration: 3 });
    expect(lc006()?.physicalChannelList[0]?.dvrStreamId).toBe('live-lc-006');
    server.close();
    const list = await runCli(['live', 'sources', 'lc-006', '--data', dir]);
    expect(list.lines).toEqual(['1. srt://127.0.0.1:4688?mode=caller', '2. udp://127.0.0.1:4689']);
  });

  it('says when no server reports live status', async () => {
    const r = await runCli(['live', 'status', '--data', dir]);
    expect(r.code).toBe(1);
    expect(r.lines.join('\n')).toMatch(/No running server/);
  });
});
