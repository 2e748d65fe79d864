import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discontinuitiesBefore, timelinePlaylist } from '../src/live/playlist.ts';
import { Timeline } from '../src/live/timeline.ts';
import { initPath, type MediaLibrary, segmentPath } from '../src/media/library.ts';
import { readFragment } from '../src/media/mp4.ts';
import { parseM3u8, tinyLibrary } from './origin-fixture.ts';

let lib: MediaLibrary;
let root: string;
beforeAll(async () => {
  lib = await tinyLibrary();
  root = await mkdtemp(join(tmpdir(), 'ottkit-timeline-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const init = (source: string) => readFileSync(initPath(lib, source, 'lq'));
const seg = (source: string, i: number) => readFileSync(segmentPath(lib, source, 'lq', i));

/** Video decode start and end of every segment, seconds. */
async function videoTimes(t: Timeline) {
  const out: { start: number; end: number }[] = [];
  for (const s of t.segments) {
    const tracks = t.tracksOf(s.initId);
    const v = tracks.find((x) => x.kind === 'video');
    const f = readFragment(await t.readSegment(s.n), tracks).tracks.find((x) => x.trackId === v?.trackId);
    if (!v || !f) throw new Error('no video');
    const start = Number(f.decodeTime) / v.timescale;
    out.push({ start, end: start + f.duration / v.timescale });
  }
  return out;
}

describe('the live timeline (decision 0221)', () => {
  it('numbers and times segments on across runs, restarts of the server, and trims by retention', async () => {
    const t = new Timeline(root, 'lc-1');
    const t0 = 1_800_000_000_000;
    // Run 1 (source ch1), then a restart of the same source (same init), then a switch to ch2 and back.
    // Each segment sent by its source 2 s after the one before (decision 0446).
    for (let i = 0; i < 3; i++) t.add(init('ch1'), seg('ch1', i), t0 + i * 2000);
    t.beginRun();
    for (let i = 0; i < 2; i++) t.add(init('ch1'), seg('ch1', i), t0 + 20_000 + i * 2000);
    t.beginRun();
    for (let i = 0; i < 2; i++) t.add(init('ch2'), seg('ch2', i), t0 + 30_000 + i * 2000);
    expect(t.segments.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const times = await videoTimes(t);
    for (let i = 1; i < times.length; i++) {
      const [a, b] = [times[i - 1], times[i]] as [{ end: number }, { start: number }];
      expect(b.start).toBeGreaterThanOrEqual(a.end - 0.001);
      expect(b.start - a.end).toBeLessThan(0.1);
    }
    // The restart kept its init (no discontinuity); the other source's differs (one).
    const ids = t.segments.map((s) => s.initId);
    expect(ids.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    const switched = !init('ch1').equals(init('ch2'));
    expect(ids[5]).toBe(switched ? 1 : 0);
    const text = timelinePlaylist({ segments: t.segments, discontinuitySequence: 0, query: '?token=x' });
    expect(text.split('#EXT-X-DISCONTINUITY\n').length - 1).toBe(switched ? 1 : 0);
    expect(parseM3u8(text).segments).toHaveLength(7);
    // The wall clock jumps after the pause and follows the media back to back.
    expect(t.segments[1]?.startMs).toBe((t.segments[0]?.startMs ?? 0) + 2000);
    expect(t.segments[3]?.startMs).toBe(t0 + 20_000);
    // A window that starts after the switch carries the discontinuity count.
    expect(discontinuitiesBefore(t.segments, 6)).toBe(switched ? 1 : 0);

    // The server restarts: the timeline is read back, and the next run goes on from where it ended.
    const again = new Timeline(root, 'lc-1');
    expect(again.segments.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    again.add(init('ch2'), seg('ch2', 0), t0 + 58_000);
    expect(again.segments.at(-1)?.n).toBe(7);
    const after = await videoTimes(again);
    expect(after[7]?.start).toBeGreaterThanOrEqual((after[6]?.end ?? 0) - 0.001);

    // Past the retention, segments and their files go.
    expect(again.trim({ beforeMs: t0 + 23_000 })).toBe(4);
    expect(again.segments[0]?.n).toBe(4);
    expect(existsSync(join(again.dir, '0.m4s'))).toBe(false);
    expect(new Timeline(root, 'lc-1').segments[0]?.n).toBe(4);
  });

  it('stamps a segment when its source sent it, never back, back to back within a rounding (decision 0446)', () => {
    const t = new Timeline(root, 'lc-stamps');
    const t0 = 1_800_000_000_000;
    const starts = () => t.segments.map((s) => s.startMs - t0);
    t.add(init('ch1'), seg('ch1', 0), t0);
    t.add(init('ch1'), seg('ch1', 1), t0 + 2000);
    // A run whose source sent its first segment a little before the timeline's end follows on (late by as much).
    t.beginRun();
    t.add(init('ch1'), seg('ch1', 0), t0 + 3800);
    // A run whose first segment is on air already (a failover's held one): it goes on from its next.
    t.beginRun();
    expect(t.add(init('ch1'), seg('ch1', 0), t0 + 5000)).toBeUndefined();
    t.add(init('ch1'), seg('ch1', 1), t0 + 7000);
    t.add(init('ch1'), seg('ch1', 2), t0 + 9000);
    // One sent a rounding after the end follows on; one sent later starts then (a stall, a restart).
    t.beginRun();
    t.add(init('ch1'), seg('ch1', 0), t0 + 11_030);
    t.beginRun();
    t.add(init('ch1'), seg('ch1', 0), t0 + 14_000);
    expect(starts()).toEqual([0, 2000, 4000, 7000, 9000, 11_000, 14_000]);
  });

  it('lets another process follow the packager: appended segments, a trim, and taking over the numbering', async () => {
    const packager = new Timeline(root, 'lc-follow');
    const follower = new Timeline(root, 'lc-follow');
    const t0 = 1_800_000_000_000;
    for (let i = 0; i < 4; i++) packager.add(init('ch1'), seg('ch1', i % 3), t0 + i * 2000);
    expect(follower.segments).toEqual([]);
    expect(follower.refresh()).toBe(true);
    expect(follower.segments).toEqual(packager.segments);
    expect(follower.refresh()).toBe(false);
    // The packager trims (a new index renamed in) and goes on: the follower drops and adds the same.
    packager.trim({ keepLast: 2 });
    for (let i = 4; i < 6; i++) packager.add(init('ch1'), seg('ch1', i % 3), t0 + i * 2000);
    expect(follower.refresh()).toBe(true);
    expect(follower.segments).toEqual(packager.segments);
    expect(follower.segments.map((s) => s.n)).toEqual([2, 3, 4, 5]);
    expect(follower.bytes).toBe(packager.bytes);
    expect(Buffer.compare(await follower.readSegment(5), await packager.readSegment(5))).toBe(0);
    // The packager dies; the follower takes over and continues the numbering and the decode time.
    follower.beginRun();
    const next = follower.add(init('ch1'), seg('ch1', 0), t0 + 12_000);
    expect(next?.n).toBe(6);
    const times = await videoTimes(follower);
    const [a, b] = times.slice(-2) as unknown as [{ end: number }, { start: number }];
    expect(b.start).toBeGreaterThanOrEqual(a.end - 0.001);
  });
});
