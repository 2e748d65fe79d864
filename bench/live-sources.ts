/**
 * Live sources benchmark (issue 17), bounded to about a minute, printed with the load average:
 *   1. channels per core in `record` mode, remux only: N channels pull the same upstream HLS (H.264/AAC, written
 *      by ffmpeg into a temporary folder and served by a tiny local server); CPU and RSS per channel of their
 *      ffmpeg processes, and the server's own CPU for ingest, over a measured interval; the upstream's encoder is
 *      the same-run baseline (what one channel costs to *make*, against what it costs to *carry*);
 *   2. failover gap: from the primary's death (a UDP test source killed) to the first segment from the backup;
 *   3. start on demand (relay): from the first viewer of an idle channel to its first segment; the second viewer
 *      of the same channel is the baseline.
 *   4. time from source to viewer, relay and record: a UDP test source (real time, `-re`) sends through a relay in
 *      this process that notes its first packet; ottkit's ffmpeg already listens, so the packaged run's media time
 *      0 is that packet. Segment k's last frame left the source at first + (its end in media time); it is
 *      playable when the server has it in its timeline (polled every 5 ms). That difference is the packaging
 *      delay; a player at the live edge holds 3 segment durations back from the newest segment's end (hls.js's
 *      default), so source to viewer = 3 × segment duration + packaging delay, against the goal 3 × duration + 1 s.
 *
 * Run: node_modules/.bin/node bench/live-sources.ts [--channels 8] [--seconds 20] [--port 4690]
 * Needs Debian's ffmpeg (scripts/ottkit.mjs installs it). Not part of the tests.
 */
import { createSocket } from 'node:dgram';
import { readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDataStore } from '../packages/server/src/dataStore.ts';
import { addChannelSource, setChannelMode } from '../packages/server/src/live/store.ts';
import { LiveSupervisor } from '../packages/server/src/live/supervisor.ts';
import type { Timeline } from '../packages/server/src/live/timeline.ts';
import { readFragment } from '../packages/server/src/media/mp4.ts';
import { serveFolder, startTestSource } from '../packages/server/test/liveSource.ts';

// The upstream HLS is a local server on loopback, which ottkit refuses unless allowed (decision 0359).
process.env.OTTKIT_UPSTREAM_ALLOW ??= '127.0.0.0/8';

const { values } = parseArgs({
  options: {
    channels: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '20' },
    port: { type: 'string', default: '4690' },
  },
});
const N = Math.min(Number(values.channels), 40);
const SECONDS = Math.min(Number(values.seconds), 60);
const PORT = Number(values.port);
const TICK = 100; // USER_HZ on Linux

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log: { at: number; line: string }[] = [];
async function until(what: string, fn: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${what}:\n${log
          .map((l) => l.line)
          .slice(-12)
          .join('\n')}`,
      );
    await sleep(100);
  }
}

/** CPU seconds (user + system) and RSS bytes of the processes whose command line mentions `needle`. */
function usage(needle: string): { cpu: number; rss: number; count: number } {
  let cpu = 0;
  let rss = 0;
  let count = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // A packager runs in its work folder (its outputs are pipes); the upstream's encoder names its folder.
      const mine = cmd.includes(needle) || readlinkSync(`/proc/${pid}/cwd`).startsWith(needle);
      if (!cmd.startsWith('ffmpeg') || !mine) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      cpu += (Number(stat[11]) + Number(stat[12])) / TICK;
      rss += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      count++;
    } catch {
      // Gone meanwhile.
    }
  }
  return { cpu, rss, count };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * One channel fed by a UDP test source through a relay that notes the source's first packet (see 4. above): per
 * segment of the first run, the time from its last frame leaving the source to the segment being in the timeline.
 */
async function sourceToViewer(id: string, mode: 'relay' | 'record', port: number) {
  await addChannelSource(db, id, `udp://127.0.0.1:${port}`);
  await setChannelMode(db, id, mode, 1);
  await sup.sync();
  if (mode === 'relay') void sup.touch(id, 'viewer-latency', 1000);
  const from = log.length;
  await until(
    `${id} listening`,
    () => sup.status().channels.find((c) => c.logicalChannelId === id)?.sources[0]?.state === 'starting',
  );
  await sleep(1500); // ffmpeg opens its UDP port
  let first = 0;
  const relay = createSocket('udp4');
  relay.on('message', (msg) => {
    if (!first) first = Date.now();
    relay.send(msg, port, '127.0.0.1');
  });
  await new Promise<void>((r) => relay.bind(port + 1, '127.0.0.1', r));
  const source = startTestSource({
    target: `udp://127.0.0.1:${port + 1}`,
    format: 'mpegts',
    label: 'LATENCY',
  });
  const t = sup.timeline(id) as Timeline;
  const listed = new Map<number, number>();
  const end = Date.now() + 20_000;
  while (Date.now() < end && listed.size < 8) {
    for (const s of t.segments) if (!listed.has(s.n)) listed.set(s.n, Date.now());
    await sleep(5);
  }
  await source.stop();
  relay.close();
  if (log.slice(from).some((l) => l.line.includes(id) && l.line.includes('failed')))
    console.log(`  (${id}: a run failed meanwhile; only its first run is counted)`);
  const delays: number[] = [];
  let zero: number | undefined;
  let initId: number | undefined;
  let segmentSec = 0;
  for (const s of t.segments) {
    initId ??= s.initId;
    if (s.initId !== initId) break;
    const tracks = t.tracksOf(s.initId);
    const video = tracks.find((x) => x.kind === 'video');
    const f = readFragment(await t.readSegment(s.n), tracks).tracks.find((x) => x.trackId === video?.trackId);
    if (!video || !f) continue;
    const startSec = Number(f.decodeTime) / video.timescale;
    zero ??= startSec;
    const sentAt = first + (startSec - zero + f.duration / video.timescale) * 1000;
    // The first segment also waited for ffmpeg's probing of the input; the steady state follows it.
    if (s !== t.segments[0]) delays.push((listed.get(s.n) ?? Number.NaN) - sentAt);
    segmentSec = Math.max(segmentSec, s.durationSec);
  }
  return { delays, segmentSec };
}

const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-bench-live-'));
const upstreamDir = await mkdtemp(join(tmpdir(), 'ottkit-bench-upstream-'));
const { db } = openDataStore(dataDir);
const upstream = startTestSource({ target: upstreamDir, format: 'hls', audio: 'aac', label: 'UPSTREAM' });
const http = await serveFolder(upstreamDir, PORT);
const HLS = `hls+http://127.0.0.1:${PORT}/index.m3u8`;
const sup = new LiveSupervisor({
  db,
  dataDir,
  mediaDir: join(dataDir, 'media'),
  log: (line) => log.push({ at: Date.now(), line }),
});
const ids = Array.from({ length: N }, (_, i) => `lc-${String(i + 1).padStart(3, '0')}`);
try {
  await until('the upstream playlist', () => {
    try {
      return readFileSync(join(upstreamDir, 'index.m3u8'), 'utf8').includes('.ts');
    } catch {
      return false;
    }
  });
  console.log(`load average at start: ${load()}`);

  // 1. Channels per core, record mode, remux only.
  for (const id of ids) {
    await addChannelSource(db, id, HLS);
    await setChannelMode(db, id, 'record', 1);
  }
  await sup.start();
  await until(
    `${N} channels on air`,
    () => ids.every((id) => (sup.timeline(id)?.segments.length ?? 0) >= 2),
    60_000,
  );
  const live = join(dataDir, 'live');
  const up0 = usage(upstreamDir);
  const ch0 = usage(live);
  const node0 = process.cpuUsage();
  await sleep(SECONDS * 1000);
  const up1 = usage(upstreamDir);
  const ch1 = usage(live);
  const node1 = process.cpuUsage(node0);
  const perChannel = (ch1.cpu - ch0.cpu) / SECONDS / N;
  const nodePerChannel = (node1.user + node1.system) / 1e6 / SECONDS / N;
  console.log(`record/remux, ${N} channels over ${SECONDS} s (1 rendition, H.264/AAC copied):`);
  console.log(
    `  ffmpeg: ${(perChannel * 100).toFixed(2)} % of a core and ${(ch1.rss / ch1.count / 1e6).toFixed(1)} MB RSS per channel (${ch1.count} processes)`,
  );
  console.log(
    `  server ingest (renumbering, writing): ${(nodePerChannel * 100).toFixed(2)} % of a core per channel`,
  );
  console.log(`  => about ${Math.floor(1 / (perChannel + nodePerChannel))} channels per core (goal >= 30)`);
  console.log(
    `  baseline: the upstream encoder making one such channel costs ${(((up1.cpu - up0.cpu) / SECONDS) * 100).toFixed(1)} % of a core`,
  );
  console.log(`  load average: ${load()}`);
  for (const id of ids.slice(1)) {
    db.run('DELETE FROM live_channel_sources WHERE logical_channel_id = ?', id);
    db.run('DELETE FROM live_channel_modes WHERE logical_channel_id = ?', id);
  }

  // 2. Failover gap: a UDP primary killed mid-stream, the upstream HLS as backup (hot standby).
  const udpPort = PORT + 1;
  const primary = startTestSource({
    target: `udp://127.0.0.1:${udpPort}`,
    format: 'mpegts',
    label: 'PRIMARY',
  });
  const fo = 'lc-001';
  db.run('DELETE FROM live_channel_sources WHERE logical_channel_id = ?', fo);
  await addChannelSource(db, fo, `udp://127.0.0.1:${udpPort}`);
  await addChannelSource(db, fo, HLS);
  await sup.sync();
  const foStatus = () => sup.status().channels.find((c) => c.logicalChannelId === fo);
  await until(
    'the UDP primary on air with the backup standing by',
    () => {
      const c = foStatus();
      return c?.activeSource === 1 && c.sources[1]?.state === 'live';
    },
    60_000,
  );
  await sleep(3000);
  const t = sup.timeline(fo);
  const before = t?.segments.length ?? 0;
  const killed = Date.now();
  await primary.stop();
  await until(
    'a segment from the backup',
    () => foStatus()?.activeSource === 2 && (t?.segments.length ?? 0) > before,
  );
  const gap = Date.now() - killed;
  console.log(
    `failover: ${gap} ms from the primary's death to the backup's first segment (target duration 2 s; goal < 4 s)`,
  );
  console.log(
    `  of which stall detection: ${sup.rules.stallTargets} target durations = ${sup.rules.stallTargets * 2000} ms`,
  );

  // 3. Start on demand (relay).
  const relay = `lc-0${String(N + 10).padStart(2, '0')}`;
  await addChannelSource(db, relay, HLS);
  await setChannelMode(db, relay, 'relay', 1);
  await sup.sync();
  const s0 = Date.now();
  const ok = await sup.touch(relay, 'viewer-1', 15_000);
  const first = Date.now() - s0;
  const s1 = Date.now();
  await sup.touch(relay, 'viewer-2', 15_000);
  const second = Date.now() - s1;
  console.log(
    `start on demand (relay, HLS pull): first viewer ${ok ? `${first} ms to the first segment` : 'timed out'} (goal < 3 s); second viewer ${second} ms (baseline)`,
  );

  // 4. Time from source to viewer, relay and record.
  for (const [i, mode] of (['relay', 'record'] as const).entries()) {
    const id = `lc-0${String(N + 20 + i).padStart(2, '0')}`;
    const r = await sourceToViewer(id, mode, PORT + 10 + 2 * i);
    const med = r.delays.sort((a, b) => a - b)[Math.floor(r.delays.length / 2)] ?? Number.NaN;
    const max = Math.max(...r.delays);
    const hold = 3 * r.segmentSec * 1000;
    console.log(
      `source to viewer (${mode}, UDP, ${r.delays.length} segments of ${r.segmentSec.toFixed(1)} s): packaging delay median ${Math.round(med)} ms, max ${Math.round(max)} ms` +
        ` => ${((hold + med) / 1000).toFixed(1)} s median, ${((hold + max) / 1000).toFixed(1)} s worst (goal 3 × ${r.segmentSec.toFixed(1)} s + 1 s = ${((hold + 1000) / 1000).toFixed(1)} s)`,
    );
  }
  console.log(`load average at end: ${load()}`);
} finally {
  await sup.close();
  await upstream.stop();
  http.close();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(upstreamDir, { recursive: true, force: true });
}
