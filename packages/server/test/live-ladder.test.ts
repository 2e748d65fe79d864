// Test run: about 32 s (scripts/vitest-sequencer.ts starts it early)
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { channelSettings, setChannelMode } from '../src/live/store.ts';
import type { Timeline } from '../src/live/timeline.ts';
import { startLiveChannel, startLiveOrigin, streamIdOf, videoTimes } from './liveOrigin.ts';
import { processesLeft, processesWith, type TestSource, until } from './liveSource.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs). What this proves is ffmpeg's and the supervisor's work in
// real time; the store calls it makes (live/store.ts) run on PostgreSQL in live-operator and cluster-live.

// Issue 17's last item (decision 0270): the `ladder` option transcodes the input into several H.264 renditions
// that share one numbering, served under one master playlist, continuing across a source switch.
const PRIMARY = 'udp://127.0.0.1:9761';
const BACKUP = 'udp://127.0.0.1:9762';
const CHANNEL = 'lc-008';

/** What ffprobe says of an init segment followed by one media segment: codec and size of each stream. */
function probe(init: Buffer, segment: Buffer, dir: string): string[] {
  const file = join(dir, `probe-${Math.random().toString(36).slice(2)}.mp4`);
  writeFileSync(file, Buffer.concat([init, segment]));
  return execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'csv=p=0',
    file,
  ])
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.replace(/,+$/, ''));
}

describe('live transcode ladder', () => {
  let rig: Awaited<ReturnType<typeof startLiveChannel>> | undefined;

  afterAll(async () => {
    await rig?.close();
  });

  it('serves 3 H.264 renditions under one master and keeps their timelines going across a source switch and an option change', async () => {
    rig = await startLiveChannel({
      channel: CHANNEL,
      inputs: [
        { url: PRIMARY, feed: { target: PRIMARY, format: 'mpegts', label: 'PRIMARY' } },
        { url: BACKUP, feed: { target: BACKUP, format: 'mpegts', label: 'BACKUP' } },
      ],
      video: 'ladder',
      rules: { primaryRetryMs: 3_600_000 },
    });
    const { db, dataDir, feeds } = rig;
    const [primary] = feeds as [TestSource];
    expect((await channelSettings(db, CHANNEL)).video).toBe('ladder');
    const live = rig.sup;
    const status = () => live.channelStatus(CHANNEL);
    const renditions = () => live.renditions(CHANNEL);
    expect(renditions().map((r) => r.name)).toEqual(['hd', 'sd', 'lq']);
    const main = renditions()[0]?.timeline as Timeline;
    await until(
      '3 segments from the primary',
      () => status()?.activeSource === 1 && main.segments.length >= 3,
      40_000,
    );
    // One ffmpeg encodes every rung.
    const ffmpegs = processesWith(join(dataDir, 'live'));
    expect(ffmpegs.length).toBeGreaterThanOrEqual(1);

    // The primary dies: the backup takes over and every rendition runs on.
    await primary.stop();
    const before = main.segments.length;
    await until(
      'the backup on air',
      () => status()?.activeSource === 2 && main.segments.length > before,
      40_000,
    );
    await until('3 segments from the backup', () => main.segments.length >= before + 3, 40_000);

    const numbers = renditions().map((r) => r.timeline.segments.map((s) => s.n));
    for (const [name, ns] of renditions().map((r, i) => [r.name, numbers[i] ?? []] as const)) {
      // The same numbers in every rendition, one after another, across the switch.
      expect(ns.slice(0, before + 2), name).toEqual(numbers[0]?.slice(0, before + 2));
      for (let i = 1; i < ns.length; i++) expect(ns[i]).toBe((ns[i - 1] as number) + 1);
    }
    for (const r of renditions()) {
      const times = await videoTimes(r.timeline);
      for (let i = 1; i < times.length; i++) {
        const [a, b] = [times[i - 1], times[i]] as [(typeof times)[0], (typeof times)[0]];
        // Decode times never go back, and no hole bigger than a frame or two.
        expect(b.start, `${r.name} ${b.n}`).toBeGreaterThanOrEqual(a.end - 0.001);
        expect(b.start - a.end, `${r.name} ${b.n}`).toBeLessThan(0.2);
      }
      // A keyframe on every boundary: the rungs cut at the same 2 s.
      for (const s of r.timeline.segments.slice(1, -1)) expect(Math.abs(s.durationSec - 2)).toBeLessThan(0.1);
    }

    // The origin lists the rungs in one master playlist, each with its bandwidth, resolution and codecs.
    const streamId = streamIdOf(db, CHANNEL);
    const origin = await startLiveOrigin(live, dataDir);
    try {
      const master = await origin.playlist(origin.urls.live({ accountId: 'a', liveStreamId: streamId }));
      const inf = [...master.text.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)].map((m) => ({
        attrs: m[1] ?? '',
        uri: m[2] ?? '',
      }));
      expect(inf.length).toBeGreaterThanOrEqual(2);
      const declared = new Set<string>();
      for (const { attrs, uri } of inf) {
        expect(attrs).toMatch(/BANDWIDTH=\d+/);
        expect(attrs).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
        const resolution = /RESOLUTION=(\d+x\d+)/.exec(attrs)?.[1] as string;
        declared.add(resolution);
        const media = await origin.playlist(new URL(uri, master.url));
        const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(media.text)?.[1] as string;
        const last = media.m.segments.at(-1)?.uri as string;
        const [i, s] = await Promise.all(
          [init, last].map(async (u) =>
            Buffer.from(await (await fetch(new URL(u, media.url))).arrayBuffer()),
          ),
        );
        // What the master declares is what the segments hold: H.264 at that size, with AAC.
        const streams = probe(i as Buffer, s as Buffer, dataDir);
        expect(streams).toContain(`h264,${resolution.replace('x', ',')}`);
        expect(streams).toContain('aac');
      }
      // From a 320x180 input: the input's size and two smaller rungs, each different.
      expect([...declared].sort()).toEqual(['106x60', '214x120', '320x180']);
      // The renditions' playlists list the same segment numbers (a player switches between them in step). Read
      // together, not one by one between the probes above (a segment published in between moved the window), and
      // once more when a segment was published between the reads themselves.
      const sequences = async () => {
        const lists = await Promise.all(inf.map(({ uri }) => origin.playlist(new URL(uri, master.url))));
        return new Set(lists.map((l) => l.m.mediaSequence ?? -1));
      };
      let seen = await sequences();
      if (seen.size !== 1) seen = await sequences();
      expect(seen.size).toBe(1);
    } finally {
      await origin.close();
    }
    // The option turned off: the input's own rendition continues after the ladder, never back.
    const hd = renditions()[0]?.timeline as Timeline;
    const hdEnd = (await videoTimes(hd)).at(-1) as { n: number; end: number };
    await setChannelMode(db, CHANNEL, 'record', 1, 'copy');
    await live.syncChannel(CHANNEL);
    expect(renditions().map((r) => r.name)).toEqual(['src']);
    const src = renditions()[0]?.timeline as Timeline;
    await until('a remuxed segment', () => src.segments.length >= 1, 40_000);
    const first = (await videoTimes(src))[0] as { n: number; start: number };
    expect(first.n).toBeGreaterThan(hdEnd.n);
    expect(first.start).toBeGreaterThanOrEqual(hdEnd.end - 0.001);
    await live.close();
    expect(await processesLeft(join(dataDir, 'live'))).toEqual([]);
  }, 150_000);
});
