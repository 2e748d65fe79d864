// Test run: about 14 s (scripts/vitest-sequencer.ts starts it early)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDataStore } from '../src/dataStore.ts';
import { addChannelSource, setChannelMode } from '../src/live/store.ts';
import { LiveSupervisor } from '../src/live/supervisor.ts';
import { processesWith, serveFolder, startTestSource, until } from './liveSource.ts';
import { tinyLibrary } from './origin-fixture.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs). What this proves is ffmpeg's and the supervisor's work in
// real time; the store calls it makes (live/store.ts) run on PostgreSQL in live-operator and cluster-live.

// Issue 17: the supervisor's restarts with back-off, relay on demand, and no ffmpeg left when the server dies.
describe('live sources: restart with back-off, and no ffmpeg outlives its server', () => {
  it('retries a dead source with a doubling back-off, the reason in words', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-live-'));
    const { db } = openDataStore(dataDir);
    // Nothing listens there: ffmpeg fails at once with "Connection refused".
    await addChannelSource(db, 'lc-002', 'hls+http://127.0.0.1:4683/none.m3u8');
    await setChannelMode(db, 'lc-002', 'record', 1);
    const log: string[] = [];
    const sup = new LiveSupervisor({
      db,
      dataDir,
      mediaDir: join(dataDir, 'media'),
      rules: { backoffMs: 100, maxBackoffMs: 800 },
      log: (l) => log.push(l),
    });
    try {
      await sup.start();
      const waits = () => log.flatMap((l) => /next try in (\d+) ms/.exec(l)?.[1] ?? []).map(Number);
      await until('five retries', () => waits().length >= 5);
      expect(waits().slice(0, 5)).toEqual([100, 200, 400, 800, 800]);
      const h = sup.status().channels[0]?.sources[0];
      expect(h?.state).toBe('failed');
      expect(h?.lastError).toMatch(/refused/i);
    } finally {
      await sup.close();
      db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('opens a relay channel on its first viewer and closes it after the last left', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-live-'));
    const { db } = openDataStore(dataDir);
    // An upstream HLS stream, written by ffmpeg into a folder and served by a tiny local server.
    const upstream = join(dataDir, 'upstream');
    mkdirSync(upstream);
    const source = startTestSource({ target: upstream, format: 'hls', audio: 'aac' });
    const http = await serveFolder(upstream, 4685);
    await addChannelSource(db, 'lc-005', 'hls+http://127.0.0.1:4685/index.m3u8');
    await setChannelMode(db, 'lc-005', 'relay', 1);
    const sup = new LiveSupervisor({
      db,
      dataDir,
      mediaDir: join(dataDir, 'media'),
      relayIdleMs: 1500,
      log: () => {},
    });
    const live = join(dataDir, 'live');
    const channel = () => sup.status().channels[0];
    try {
      await sup.start();
      // Nobody watches: nothing runs.
      await new Promise((r) => setTimeout(r, 500));
      expect(channel()?.running).toBe(false);
      expect(processesWith(live)).toEqual([]);
      await until('the upstream playlist', () => existsSync(join(upstream, 'index.m3u8')));
      // The first viewer opens it and gets a segment.
      expect(await sup.touch('lc-005', 'viewer-token', 20_000)).toBe(true);
      expect(channel()).toMatchObject({ running: true, viewers: 1, activeSource: 1 });
      // ffmpeg's stderr (which names the codecs) can still be unread in the pipe when the segment's file is seen.
      await until('the input read', () => channel()?.sources[0]?.audioCodec !== undefined, 5000);
      expect(channel()?.sources[0]?.audioCodec).toBe('aac');
      // AAC is copied, not transcoded (asked of the pull input before the first run).
      const cmd = processesWith(live).map((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8'));
      expect(cmd.some((c) => c.startsWith('ffmpeg') && c.includes('aac_adtstoasc'))).toBe(true);
      // Nobody comes back: closed, its ffmpeg gone.
      await until('the relay closed', () => channel()?.running === false, 15_000);
      await until('no ffmpeg left', () => processesWith(live).length === 0, 5000);
    } finally {
      await sup.close();
      await source.stop();
      http.close();
      db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 45_000);

  it('kills ffmpeg when the server is killed with SIGKILL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-live-'));
    const lib = await tinyLibrary();
    symlinkSync(lib.dir, join(dataDir, 'media'));
    const { db } = openDataStore(dataDir);
    // A UDP input nobody sends to: ffmpeg waits for it, which is all this test needs.
    await addChannelSource(db, 'lc-002', 'udp://127.0.0.1:4684');
    await setChannelMode(db, 'lc-002', 'record', 1);
    db.close();
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const server = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data', dataDir], {
      env: { ...process.env, OTTKIT_MEDIA_PROFILE: 'tiny' },
      stdio: 'ignore',
    });
    try {
      const live = join(dataDir, 'live');
      await until('ffmpeg running under the server', () => processesWith(live).length >= 2, 30_000);
      server.kill('SIGKILL');
      await until('no ffmpeg left', () => processesWith(live).length === 0, 10_000);
    } finally {
      server.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
