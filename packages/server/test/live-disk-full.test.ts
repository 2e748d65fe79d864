// Test run: about 25 s (scripts/vitest-sequencer.ts starts it early)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataStore } from '../src/dataStore.ts';
import { addChannelSource, setChannelMode } from '../src/live/store.ts';
import { LiveSupervisor } from '../src/live/supervisor.ts';
import { Timeline } from '../src/live/timeline.ts';
import { readFragment } from '../src/media/mp4.ts';
import type { Db } from '../src/store/db.ts';
import { closeLive, lines, processesWith, startTestSource, type TestSource, until } from './liveSource.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs). What this proves is ffmpeg's and the supervisor's work in
// real time; the store calls it makes (live/store.ts) run on PostgreSQL in live-operator and cluster-live.

// Issue 17 remainder (decision 0256): a full disk stops recording with an alarm, keeps what was recorded whole,
// and never takes the server down; freeing space resumes the recording with the numbering going on. The disk is
// real: a 2 MB tmpfs mounted for the test (it needs the right to mount, as root in the project's container has;
// elsewhere the test is skipped and says so).
const UDP = 'udp://127.0.0.1:8567';
const CHANNEL = 'lc-008';

function mountTiny(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const root = await mkdtemp(join(tmpdir(), 'ottkit-disk-'));
const disk = join(root, 'disk');
mkdirSync(disk);
const mounted = mountTiny(disk);
if (!mounted) console.warn('live-disk-full: cannot mount a tmpfs here (not root): skipped');

describe.skipIf(!mounted)('live recording on a full disk', () => {
  let db: Db;
  let sup: LiveSupervisor | undefined;
  const sources: TestSource[] = [];

  afterAll(async () => {
    await closeLive({ sup, sources, db });
    await until('no ffmpeg on the disk', () => processesWith(disk).length === 0, 5000);
    execFileSync('umount', [disk]);
    await rm(root, { recursive: true, force: true });
  });

  it('stops with an alarm, keeps every kept segment whole, and resumes when space is freed', async () => {
    // The database lives elsewhere: only the recordings (and ffmpeg's work files) are on the tiny disk.
    db = openDataStore(join(root, 'db')).db;
    await addChannelSource(db, CHANNEL, UDP);
    await setChannelMode(db, CHANNEL, 'record', 1);
    const ballast = join(disk, 'ballast');
    writeFileSync(ballast, Buffer.alloc(700_000));
    sources.push(startTestSource({ target: UDP, format: 'mpegts', label: 'DISK' }));
    sup = new LiveSupervisor({
      db,
      dataDir: disk,
      mediaDir: join(disk, 'media'),
      reloadMs: 3_600_000,
      rules: { backoffMs: 500, maxBackoffMs: 1500 },
      log: (l) => lines.push(`${new Date().toISOString().slice(11, 23)} ${l}`),
    });
    await sup.start();
    const status = () => sup?.channelStatus(CHANNEL);
    const timeline = sup.timeline(CHANNEL) as Timeline;
    await until('the disk full alarm', () => status()?.diskFull, 60_000);
    expect(timeline.segments.length).toBeGreaterThan(0);
    expect(status()?.sources[0]?.lastError).toMatch(/disk full/);
    expect(lines.some((l) => l.includes('ALARM disk full'))).toBe(true);
    // The server goes on: the status answers, the supervisor keeps its timers (nothing threw out of them).
    expect(sup.status().channels.length).toBe(1);

    // What is kept is whole: a restart reads back exactly these segments, each file complete and parseable.
    const kept = timeline.segments.map((s) => s.n);
    const again = new Timeline(join(disk, 'live', 'channels'), CHANNEL);
    expect(again.segments.map((s) => s.n)).toEqual(kept);
    for (const s of again.segments) {
      const file = join(again.dir, `${s.n}.m4s`);
      expect(statSync(file).size).toBe(s.bytes);
      expect(readFragment(readFileSync(file), again.tracksOf(s.initId)).tracks.length).toBeGreaterThan(0);
    }
    for (let i = 1; i < kept.length; i++) expect(kept[i]).toBe((kept[i - 1] as number) + 1);

    // Space is freed: recording resumes, numbering on from the last kept segment, and the alarm clears.
    rmSync(ballast);
    const last = kept.at(-1) as number;
    await until(
      'recording again',
      () => timeline.segments.length >= kept.length + 2 && !status()?.diskFull,
      30_000,
    );
    expect(timeline.segments[kept.length]?.n).toBe(last + 1);
    console.log(
      `full disk: ${kept.length} segments kept whole, resumed at segment ${last + 1} after freeing space; ${lines.find((l) => l.includes('ALARM'))}`,
    );
  }, 120_000);
});
