// Test run: about 29 s (scripts/vitest-sequencer.ts starts it early)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataStore } from '../src/dataStore.ts';
import { addChannelSource, setChannelMode } from '../src/live/store.ts';
import { LiveSupervisor } from '../src/live/supervisor.ts';
import type { Timeline, TimelineSegment } from '../src/live/timeline.ts';
import type { Db } from '../src/store/db.ts';
import { lines, processesLeft, startTestSource, type TestSource, until } from './liveSource.ts';
import { startLiveOrigin, streamIdOf, videoTimes } from './liveOrigin.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs). What this proves is ffmpeg's and the supervisor's work in
// real time; the store calls it makes (live/store.ts) run on PostgreSQL in live-operator and cluster-live.

const SRT = 'srt://127.0.0.1:4681';
const UDP = 'udp://127.0.0.1:4682';
const CHANNEL = 'lc-003';

describe('live sources: supervisor, watchdog and timeline (issue 17)', () => {
  let dataDir: string;
  let db: Db;
  let sup: LiveSupervisor;
  const sources: TestSource[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ottkit-live-'));
    db = openDataStore(dataDir).db;
    await addChannelSource(db, CHANNEL, `${SRT}?mode=caller`);
    await addChannelSource(db, CHANNEL, UDP);
    await setChannelMode(db, CHANNEL, 'record', 1);
    // Protected like a sample channel: AES-128 over the packaged segments.
    db.run("UPDATE channels SET drm_type = 'aes-128' WHERE logical_channel_id = ?", CHANNEL);
  });

  afterAll(async () => {
    await sup?.close();
    await Promise.all(sources.map((s) => s.stop()));
    db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('packages the primary, fails over to the backup with the timeline going on, and goes back', async () => {
    const primary = startTestSource({ target: `${SRT}?mode=listener`, format: 'mpegts', label: 'PRIMARY' });
    const backup = startTestSource({ target: UDP, format: 'mpegts', label: 'BACKUP' });
    sources.push(primary, backup);
    sup = new LiveSupervisor({
      db,
      dataDir,
      mediaDir: join(dataDir, 'media'),
      rules: { primaryRetryMs: 6000 },
      log: (l) => lines.push(`${new Date().toISOString().slice(11, 23)} ${l}`),
    });
    await sup.start();
    const timeline = sup.timeline(CHANNEL) as Timeline;
    // When each segment reached the timeline: none can have been sent after that (decision 0446).
    const landed = new Map<number, number>();
    const watch = setInterval(() => {
      for (const s of timeline.segments) if (!landed.has(s.n)) landed.set(s.n, Date.now());
    }, 50);
    watch.unref();
    const channel = () => sup.status().channels.find((c) => c.logicalChannelId === CHANNEL);
    await until(
      '3 segments from the primary',
      () => channel()?.activeSource === 1 && timeline.segments.length >= 3,
    );
    const h = channel()?.sources[0];
    expect(h).toMatchObject({ state: 'live', videoCodec: 'h264', audioCodec: 'mp2', resolution: '320x180' });
    expect(h?.bitrate).toBeGreaterThan(50_000);

    // The primary dies mid-stream: the watchdog moves to the backup.
    await primary.stop();
    const before = timeline.segments.length;
    const killedAt = Date.now();
    await until(
      'the backup on air',
      () => channel()?.activeSource === 2 && timeline.segments.length > before,
    );
    const gapMs = Date.now() - killedAt;
    await until('3 segments from the backup', () => timeline.segments.length >= before + 3);
    // The dead primary, tried again as the standby, is reported failed with the reason.
    await until('the primary reported failed', () => channel()?.sources[0]?.state === 'failed');
    const status = channel();
    expect(status?.sources[0]?.lastError).not.toBe('');
    expect(status?.switches24h).toBeGreaterThanOrEqual(1);
    console.log(
      `killed at ${new Date(killedAt).toISOString().slice(11, 23)}; failover: backup on air ${gapMs} ms after the primary died (target duration 2 s)`,
    );

    // Numbering and decode times run on across the switch: never back, no hole bigger than a frame or two.
    const times = await videoTimes(timeline);
    for (let i = 1; i < times.length; i++) {
      const [a, b] = [times[i - 1], times[i]] as [(typeof times)[0], (typeof times)[0]];
      expect(b.n).toBe(a.n + 1);
      expect(b.start).toBeGreaterThanOrEqual(a.end - 0.001);
      expect(b.start - a.end).toBeLessThan(0.2);
    }
    // The wall clock of the segments never goes back either (PROGRAM-DATE-TIME, catch-up and time-shift cut by it).
    for (let i = 1; i < timeline.segments.length; i++) {
      const [a, b] = [timeline.segments[i - 1], timeline.segments[i]] as [TimelineSegment, TimelineSegment];
      expect(b.startMs).toBeGreaterThanOrEqual(a.startMs + a.durationSec * 1000);
    }
    // Another source has other codec settings only if its init differs; these two are alike, so none is needed.
    expect(new Set(times.map((t) => t.initId)).size).toBeLessThanOrEqual(2);

    // The primary comes back; after the backup ran healthy for the retry delay, the primary takes over again.
    sources.push(startTestSource({ target: `${SRT}?mode=listener`, format: 'mpegts', label: 'PRIMARY' }));
    await until('back on the primary', () => channel()?.activeSource === 1, 30_000);
    expect(lines.some((l) => l.includes('back on source 1'))).toBe(true);
    // Every run's segments, the first ones after ffmpeg's start-up burst too, are stamped with when their source
    // sent them: none ends after it reached the timeline, but for a jitter of ffmpeg's output under load and a
    // return to the primary that follows on up to 0.25 s late (stamped on arrival, they ended up to 1.4 s after).
    const back = timeline.segments.length;
    await until('2 segments from the primary again', () => timeline.segments.length >= back + 2);
    clearInterval(watch);
    for (const s of timeline.segments.filter((x) => landed.has(x.n)))
      expect(s.startMs + s.durationSec * 1000).toBeLessThanOrEqual((landed.get(s.n) ?? 0) + 500);
    expect(channel()?.sources[1]?.state).toBe('live'); // the backup stands by again

    // The origin serves the timeline under the channel's stream id with the same signed URLs as the samples.
    const streamId = streamIdOf(db, CHANNEL);
    const origin = await startLiveOrigin(sup, dataDir);
    try {
      const master = await origin.playlist(origin.urls.live({ accountId: 'a', liveStreamId: streamId }));
      expect(master.text).toContain('CODECS="avc1.');
      const uri = master.m.playlists?.[0]?.uri as string;
      const media = await origin.playlist(new URL(uri, master.url));
      const segs = media.m.segments;
      expect(segs.length).toBe(6);
      expect(media.text).toContain('#EXT-X-KEY:METHOD=AES-128,URI="../aes.key?token=');
      const last = segs.at(-1);
      const seg = await fetch(new URL(last?.uri as string, media.url));
      const body = Buffer.from(await seg.clone().arrayBuffer());
      const clear = await timeline.readSegment(Number(/(\d+)\.m4s/.exec(last?.uri ?? '')?.[1]));
      expect(body.length % 16).toBe(0);
      expect(body.subarray(0, 16).equals(clear.subarray(0, 16))).toBe(false);
      expect(`${seg.status} ${seg.status === 200 ? '' : await seg.text()}`).toBe('200 ');
      // A token of another stream opens nothing here.
      const other = origin.urls.live({ accountId: 'a', liveStreamId: 'ch1' });
      const wrong = await fetch(
        new URL(
          `${new URL(uri, master.url).pathname}?${new URL(other, origin.base).search.slice(1)}`,
          origin.base,
        ),
      );
      expect(wrong.status).toBe(403);
      // Time-shift from a point inside the recording lists from there up to live.
      const from = timeline.segments[1]?.startMs as number;
      const ts = await origin.playlist(
        origin.urls.dvr({ accountId: 'a', liveStreamId: streamId, startMs: from }),
      );
      const tsMedia = await origin.playlist(new URL(ts.m.playlists?.[0]?.uri as string, ts.url));
      expect(tsMedia.m.mediaSequence).toBe(timeline.segments[1]?.n);
      // Catch-up of a programme inside the recording is cut from it: still on air → EVENT.
      const start = timeline.segments[2]?.startMs as number;
      const cu = await origin.playlist(
        origin.urls.catchup({ accountId: 'a', liveStreamId: streamId, start, stop: Date.now() + 600_000 }),
      );
      const cuMedia = await origin.playlist(new URL(cu.m.playlists?.[0]?.uri as string, cu.url));
      expect(cuMedia.text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
      expect(cuMedia.m.segments.length).toBeGreaterThanOrEqual(timeline.segments.length - 3);
    } finally {
      await origin.close();
    }

    // Closing the supervisor leaves no ffmpeg behind.
    await sup.close();
    expect(await processesLeft(join(dataDir, 'live'))).toEqual([]);
  }, 90_000);
});
